/**
 * The browser side of `npm run bench:admin-scale` (adminAtScale.ts): one timed step per list
 * (open until the first row or the empty state, filter, search, first row's detail) and the
 * dashboard, each with the list-shaped RPC requests the step sent (Prefer count or not, and the
 * answer's time from the browser's request timing), console errors and error toasts.
 */
import type { Locator, Page, Request } from '@playwright/test';

export interface StepResult { step: string; ms: number; note: string; failed?: string }

const TIMEOUT = 30_000; // a step slower than this is not usable anyway
const HISTORY_WAIT = 3_000;
/** Rows as they are shown, never the loading skeleton (its rows have no RaDataTable-row class). */
const ROWS = [
  'tbody tr.RaDataTable-row', '[data-testid=product-row]', '[data-testid=content-row]',
  'ul[aria-label="Media files"] > li', 'ul[aria-label="Designs"] > li', '[data-testid=empty-state]',
].join(', ');
const ERROR_TOAST = '.RaNotification-error, .MuiAlert-filledError, .MuiAlert-standardError';
/** react-admin's "No results found" / "No orders found using the current filters.", the gallery's "No pending designs." */
const NO_ROWS = /^No .*(found|results|designs\.)/;
/** Matches no row: the search has to look at every row of the table (the worst case). */
export const SEARCH_TERM = 'zzqx';

interface Sent { request: Request; ms: number | null }

/** Watches the page: RPC requests, console errors and page errors, per step. */
export function watch(page: Page) {
  const sent: Sent[] = [];
  const errors: string[] = [];
  page.on('requestfinished', (request) => {
    if (!request.url().includes('/rest/v1/rpc/')) return;
    const t = request.timing();
    sent.push({ request, ms: t.responseEnd >= 0 ? t.responseEnd - Math.max(t.requestStart, 0) : null });
  });
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(`${msg.text()} ${msg.location().url}`); });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));

  /** Runs `action` (which may return its own time) and notes what happened meanwhile; never throws. */
  async function step(name: string, action: () => Promise<number | void>): Promise<StepResult> {
    sent.length = 0;
    errors.length = 0;
    const started = performance.now();
    const since = Date.now();
    let failed: string | undefined;
    let own: number | void = undefined;
    try {
      own = await action();
    } catch (err) {
      failed = (err as Error).message.split('\n')[0];
    }
    const ms = own ?? performance.now() - started;
    const toast = page.locator(ERROR_TOAST).first();
    if (!failed && await toast.isVisible()) failed = `error toast: ${await toast.textContent()}`;
    if (!failed && errors.length) failed = `console error: ${errors[0]}`;
    // Only what this step asked: a request of the previous page may still finish meanwhile.
    return { step: name, ms, note: describe(sent.filter((s) => s.request.timing().startTime >= since)), failed };
  }
  return { step };
}

/** The list-shaped requests of a step (PostgREST paging in the URL): name, time, count. */
function describe(sent: Sent[]): string {
  const lists = sent.filter((s) => /[?&](limit|offset)=/.test(s.request.url()));
  if (!lists.length) return 'no list request';
  return lists.map(({ request, ms }) => {
    const fn = new URL(request.url()).pathname.split('/').pop();
    const count = /count=exact/.test(request.headers()['prefer'] ?? '') ? 'count=exact' : 'no count';
    return `rpc ${fn} ${ms === null ? '?' : ms.toFixed(0)} ms, ${count}`;
  }).join('; ');
}

const mainArea = (page: Page) => page.getByRole('main');

/** Waits for the first row or the empty state, then one more frame (React has painted). */
async function rowsShown(page: Page): Promise<Locator> {
  const main = mainArea(page);
  const first = main.locator(ROWS).or(main.getByText(NO_ROWS)).first();
  await first.waitFor({ state: 'visible', timeout: TIMEOUT });
  return first;
}

/** Waits until the list asks the server for `match` and the rows (or the empty state) are shown again. */
async function rowsAfter(page: Page, match: (query: string) => boolean, act: () => Promise<void>) {
  const answered = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/') &&
    /[?&]limit=/.test(r.url()) && match(decodeURIComponent(new URL(r.url()).search)), { timeout: TIMEOUT });
  await act();
  await answered;
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await rowsShown(page);
}

/** Opens a list without the filter react-admin kept from the last visit (its store). */
export async function openList(page: Page, path: string): Promise<'rows' | 'empty'> {
  await page.goto(`${path}?filter=%7B%7D&page=1`);
  const first = await rowsShown(page);
  return await first.evaluate((e) => e.matches('[data-testid=empty-state]') || /^No /.test(e.textContent ?? '')) ? 'empty' : 'rows';
}

/** The first filter of the toolbar: a select (its first value) or a toggle group (its first unpressed button). */
export async function applyFilter(page: Page): Promise<string | null> {
  const select = mainArea(page).locator('.MuiTextField-root [role=combobox]').first(); // not the pager's
  if (await select.count()) {
    const label = (await select.getAttribute('aria-labelledby'))?.split(' ')[0];
    const name = label ? await page.locator(`[id="${label}"]`).textContent() : 'filter';
    await select.click();
    const option = page.getByRole('option').nth(1);
    const value = (await option.textContent()) ?? '';
    await rowsAfter(page, (q) => q.includes('=eq.'), () => option.click());
    return `${name} = ${value}`;
  }
  const toggle = mainArea(page).locator('[role=group] button[aria-pressed=false]').first();
  if (!(await toggle.count())) return null;
  const value = (await toggle.textContent()) ?? '';
  await rowsAfter(page, () => true, () => toggle.click());
  return `toggle ${value}`;
}

export async function applySearch(page: Page): Promise<boolean> {
  const box = mainArea(page).getByRole('searchbox').first();
  if (!(await box.count())) return false;
  await rowsAfter(page, (q) => q.includes(`*${SEARCH_TERM}*`), () => box.fill(SEARCH_TERM));
  return true;
}

/** Opens the first row's detail (page, dialog or expanded row) until its fields and History show; null when a row has none. */
export async function openDetail(page: Page, path: string): Promise<{ note: string; ms: number } | null> {
  await openList(page, path);
  const started = performance.now();
  const since = (note: string) => ({ note, ms: performance.now() - started });
  const main = mainArea(page);
  const product = main.locator('[data-testid=product-row] button[aria-label^="Edit "]').first();
  const content = main.locator('[data-testid=content-row] a').first();
  const card = main.locator('ul[aria-label="Designs"] > li a').first();
  const row = main.locator('tbody tr.RaDataTable-clickableRow').first();
  let done: Locator;
  if (await product.count()) {
    await product.click();
    done = page.getByRole('dialog').locator('section[aria-label="History"]');
  } else if (await content.count()) {
    await content.click();
    done = main.getByRole('heading', { level: 1 });
  } else if (await card.count() || await row.count()) {
    const expands = await main.locator('tbody tr.RaDataTable-expandable').count() > 0;
    await (await card.count() ? card : row).click();
    if (expands) {
      await main.locator('tbody tr.RaDataTable-expandRow').first().waitFor({ timeout: TIMEOUT });
      return since('expanded row');
    }
    await main.locator('[data-field]').first().waitFor({ timeout: TIMEOUT });
    done = main.locator('[data-field]').first();
  } else {
    return null;
  }
  await done.waitFor({ timeout: TIMEOUT });
  const fieldsAt = performance.now() - started;
  // History comes after the fields (and the related lists); a page without one waits HISTORY_WAIT for nothing.
  const history = page.locator('section[aria-label="History"]');
  const entries = history.locator('[data-testid=history-entry]');
  const historyShown = await entries.or(history.getByText('No changes recorded yet.')).first()
    .waitFor({ timeout: HISTORY_WAIT }).then(() => true, () => false);
  if (!historyShown) return { note: `fields at ${fieldsAt.toFixed(0)} ms, no History within ${HISTORY_WAIT} ms`, ms: fieldsAt };
  return since(`fields at ${fieldsAt.toFixed(0)} ms, then History (${await entries.count()} entries)`);
}

/** The dashboard until every count card has its number and Recent Activity its entries. */
export async function openDashboard(page: Page): Promise<string> {
  await page.goto('/admin');
  const main = mainArea(page);
  await main.getByRole('heading', { name: 'Recent Activity' }).waitFor({ timeout: TIMEOUT });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=count-value]').length >= 6 &&
    !document.querySelector('[data-testid=count-loading]'), undefined, { timeout: TIMEOUT });
  const activity = main.locator('[data-testid=activity-entry]');
  await activity.or(main.getByText('No recent activity to display.')).first().waitFor({ timeout: TIMEOUT });
  const cards = await main.locator('[data-testid$=-value]').count();
  return `${cards} cards, ${await activity.count()} activity entries`;
}
