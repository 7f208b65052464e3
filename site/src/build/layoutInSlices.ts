/**
 * Chromium lays out a page for the first time in the task that ends HTML parsing
 * (`Document::FinishedParsing` -> `RenderFrameImpl::DidDispatchDOMContentLoadedEvent` ->
 * `Document::UpdateStyleAndLayout`), so on a long page that one task does it all: the renderer's
 * first-use costs (font faces, the emoji fallback font) and every section's style and layout. On
 * the home page it was the page's longest task, and Lighthouse counts it as blocking time after
 * the first paint.
 *
 * After the build, each page gets a tiny inline script before every section of `<main>` but the
 * first. It reads `document.body.offsetWidth`, which lays out what has been parsed so far, and
 * removes itself. In traces the parser yields once such a layout has used up its time slice and
 * goes on in a new task: the header and first section are laid out in one task (with the
 * first-use costs), the following sections in tasks of their own or a few together (a section
 * laid out after the first is cheap), and little is left for the end of parsing.
 *
 * Why before every section (cold traces with JavaScript blocked; Lighthouse mobile; the figures
 * are in docs/benchmarks.md):
 * - slices before the 2nd and 3rd sections only shortened the longest task of / and /about and
 *   cut the home page's TBT, but the rest of a long page still ended parsing in one long task.
 *   Lighthouse's simulation counts only the first parse, layout and paint tasks towards the
 *   first paint (lantern's FirstContentfulPaint), so it places that task after the first paint,
 *   where it blocks (/services/host-hive's TBT varied widely between runs);
 * - with a slice before every section that work comes in short tasks, and with
 *   `npm run bench:site -- --rounds 9` every page's median TBT matches the bare page's.
 *
 * The scripts are gone before React hydrates (the bundles load after the first frame,
 * bundlesAfterFirstPaint.ts), so hydration sees the server's DOM. Without JavaScript they do
 * nothing. Sections are the top-level Suspense boundaries in `<main>` (`<!--$-->`, Layout.tsx).
 */

export const SLICE_ID = 'layout-slice';
export const SLICE_BODY = 'document.body.offsetWidth;document.currentScript.remove()';
export const SLICE_SCRIPT = `<script data-id="${SLICE_ID}">${SLICE_BODY}</script>`;

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

/** The page with a slice script before every section but the first; null when there is nothing to do. */
export function layOutInSlices(html: string): string | null {
  if (html.includes(SLICE_ID)) return null;
  const offsets = sectionOffsets(html).slice(1);
  if (offsets.length === 0) return null;
  let out = html;
  for (const offset of offsets.reverse()) out = out.slice(0, offset) + SLICE_SCRIPT + out.slice(offset);
  return out;
}
