/**
 * Every list asks the server for one page: the request that leaves the page carries PostgREST's
 * order, offset/limit and filter parameters with `Prefer: count=exact`, and the page shows what
 * the server answered (pages, sorting and search included). A list of a table that grows for
 * years (declaration `count: 'pages'`) asks for no count and one row past the page,
 * and its pager says "of more than" while there is a next page.
 */
import type { Page, Request } from '@playwright/test';
import { expect, main, publicRpc, rpcUrl, signIn, test, uniqueEmail } from './fixtures';

interface ListCase { path: string; fn: string; sortBy: string; column: string; search?: string; paged?: true }

/** A fresh seed has no messages or subscribers: three of each, sent as the public site does. */
async function ensureRows(path: string) {
  for (let i = 0; i < 3; i++) {
    const email = uniqueEmail('lists');
    if (path === 'subscribers') await publicRpc('subscribe_buzz_haven_newsletter', { p_email: email });
    if (path === 'messages') {
      await publicRpc('submit_buzz_haven_contact_message', {
        p_name: 'List Tester', p_email: email, p_phone: null, p_subject: `Paging ${i}`, p_message: 'Hello', p_hear_about: null,
      });
    }
  }
}

const LISTS: ListCase[] = [
  { path: 'products', fn: 'get_buzz_haven_products', sortBy: 'Name', column: 'name', search: 'candle' },
  { path: 'events', fn: 'get_buzz_haven_events', sortBy: 'Event', column: 'title' },
  { path: 'hives', fn: 'get_buzz_haven_hives', sortBy: 'Name', column: 'name' },
  { path: 'inspections', fn: 'get_buzz_haven_inspections', sortBy: 'Date', column: 'inspected_on', search: 'oxalic', paged: true },
  { path: 'users', fn: 'get_buzz_haven_users', sortBy: 'Email', column: 'email', search: 'owner@' },
  { path: 'messages', fn: 'get_buzz_haven_contact_messages', sortBy: 'Subject', column: 'subject', search: 'zzz-no-such' },
  { path: 'subscribers', fn: 'get_buzz_haven_newsletter_subscribers', sortBy: 'Email', column: 'email', search: 'example' },
];

const listRequest = (page: Page, fn: string, test: (query: string) => boolean) =>
  page.waitForRequest((r: Request) => rpcUrl(fn).test(r.url()) && test(decodeURIComponent(new URL(r.url()).search)));

for (const list of LISTS) {
  test(`${list.path}: sort, page and search travel to the server`, async ({ page }) => {
    test.setTimeout(90_000); // a sign-in and four list requests on a shared machine
    await ensureRows(list.path);
    await signIn(page);
    // Page 1 of 2-row pages: offset and limit in the URL, the total asked for with count=exact.
    const limit = list.paged ? 'limit=3' : 'limit=2';
    const first = listRequest(page, list.fn, (q) => q.includes('offset=0') && q.includes(limit));
    await page.goto(`/admin/${list.path}?perPage=2&page=1`);
    const request = await first;
    if (list.paged) expect(await request.headerValue('prefer') ?? '').not.toContain('count=');
    else expect(await request.headerValue('prefer')).toContain('count=exact');
    // The list's own order (one column or more, e.g. events: coming first), then id as the tie-break.
    expect(decodeURIComponent(request.url())).toMatch(/order=([a-z_]+\.(asc|desc),)+id\.asc/);

    // A column header sorts on the server: order=<column>.asc, then .desc.
    if (list.path !== 'products') {
      const sorted = listRequest(page, list.fn, (q) => q.includes(`order=${list.column}.`));
      await main(page).getByRole('button', { name: new RegExp(`^Sort by ${list.sortBy} `, 'i') }).click();
      expect(decodeURIComponent((await sorted).url())).toMatch(new RegExp(`order=${list.column}\\.(asc|desc),id\\.asc`));
    }

    // Next page: offset=2, when there is one. A list that fits on one page (a fresh database has one
    // user) shows no page buttons at all, so ask how many there are rather than waiting for one.
    await expect(main(page).locator('.MuiTablePagination-displayedRows')).toBeVisible();
    const next = main(page).getByRole('button', { name: /next page/i });
    if ((await next.count()) > 0 && (await next.isEnabled())) {
      if (list.paged) await expect(main(page).locator('.MuiTablePagination-displayedRows')).toHaveText(/^1\D2 of more than 2$/);
      const second = listRequest(page, list.fn, (q) => q.includes('offset=2') && q.includes(limit));
      await next.click();
      await second;
    }

    // Search: or=(<field>.ilike.*text*,...) over the declared searchable fields.
    if (list.search) {
      const searched = listRequest(page, list.fn, (q) => q.includes('ilike') && q.includes(`*${list.search}*`));
      await main(page).getByRole('searchbox').fill(list.search);
      expect(decodeURIComponent((await searched).url())).toMatch(/or=\([a-z_]+\.ilike\.\*/);
    }
  });
}

test('the products search and sort are answered by the server', async ({ page }) => {
  await signIn(page, undefined, '/auth?next=%2Fadmin%2Fproducts');
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  const searched = listRequest(page, 'get_buzz_haven_products', (q) => q.includes('*candle*'));
  await main(page).getByRole('searchbox').fill('candle');
  await searched;
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  await expect(page.getByTestId('product-row')).toContainText('Beeswax');
  const sorted = listRequest(page, 'get_buzz_haven_products', (q) => q.includes('order=price.asc'));
  await main(page).getByRole('button', { name: 'Price' }).click();
  await sorted;
});
