/**
 * Chromium lays out a page for the first time in the task that ends HTML parsing
 * (`Document::FinishedParsing` -> `RenderFrameImpl::DidDispatchDOMContentLoadedEvent` ->
 * `Document::UpdateStyleAndLayout`), so on a long page that one task does it all: the renderer's
 * first-use costs (font faces, the emoji fallback font) and every section's style and layout. On
 * the home page it was the page's longest task, 30-46 ms unslowed on a 2-core machine, and
 * Lighthouse counts it as blocking time after the first paint.
 *
 * After the build, each page gets a tiny inline script before its 2nd and its 3rd section. It
 * reads `document.body.offsetWidth`, which lays out what has been parsed so far, and removes
 * itself. In traces that layout outlasts the parser's time slice, so the parser yields after it and
 * goes on in a new task:
 * the header and first section are laid out in one task (with the first-use costs), the second
 * section in the next, the rest at the end, where little is left to do (a section laid out after
 * the first costs 1-4 ms). Cold traces, JavaScript blocked, 7 runs: the longest task of /about
 * 41 -> 24 ms and of /services/adopt-hive 36 -> 22 ms (bare Gatsby page 18); 9 runs, of / 34.9 ->
 * 28.2 ms (bare 20.8). Lighthouse mobile, 9 interleaved rounds, home TBT median in three runs:
 * 11 -> 1, 11 -> 7 and 12 -> 3 ms (bare page 4, 10, 7); other pages unchanged within noise.
 *
 * The scripts are gone before React hydrates (the bundles load after the first frame,
 * bundlesAfterFirstPaint.ts), so hydration sees the server's DOM. Without JavaScript they do
 * nothing. Sections are the top-level Suspense boundaries in `<main>` (`<!--$-->`, Layout.tsx).
 */

export const SLICE_ID = 'layout-slice';
export const SLICE_BEFORE_SECTIONS = [2, 3];

export const SLICE_SCRIPT = `<script data-id="${SLICE_ID}">document.body.offsetWidth;document.currentScript.remove()</script>`;

const BOUNDARY = /<!--(\/?)\$-->/g;

/** Offsets of the top-level Suspense boundaries (`<!--$-->`) inside `<main>`, in order. */
export function sectionOffsets(html: string): number[] {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>', start);
  if (start < 0 || end < 0) return [];
  const offsets: number[] = [];
  let depth = 0;
  for (const match of html.slice(start, end).matchAll(BOUNDARY)) {
    if (match[1] === '/') depth -= 1;
    else if (depth++ === 0) offsets.push(start + (match.index ?? 0));
  }
  return offsets;
}

/** The page with a slice script before its 2nd and 3rd sections; null when there is nothing to do. */
export function layOutInSlices(html: string): string | null {
  if (html.includes(SLICE_ID)) return null;
  const offsets = sectionOffsets(html).filter((_, i) => SLICE_BEFORE_SECTIONS.includes(i + 1));
  if (offsets.length === 0) return null;
  let out = html;
  for (const offset of offsets.reverse()) out = out.slice(0, offset) + SLICE_SCRIPT + out.slice(offset);
  return out;
}
