/** Products: list, validation messages, create/edit/delete with their toasts, failures, empty state. */
import type { Page } from '@playwright/test';
import { removeDataDir, startBackend } from '../../api/support/server';
import { ANON_KEY, expect, expectNoAxeViolations, main, OWNER, rpcAs, signIn, signUp, SUPABASE_URL, test, uniqueEmail } from './fixtures';

const rowOf = (page: Page, name: string) => page.getByTestId('product-row').filter({ hasText: name });

async function openProducts(page: Page) {
  await signIn(page, undefined, '/auth?next=%2Fadmin%2Fproducts');
  await expect(main(page).getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(page.getByTestId('product-row').first()).toBeVisible();
}

test('the list shows Name, Price in dollars, Category, Description, the Spanish state and row actions', async ({ page }) => {
  await openProducts(page);
  const headers = main(page).getByRole('columnheader');
  await expect(headers).toHaveText(['Name', 'Price', 'Category', 'Description', 'Español', 'Actions']);
  const jar = rowOf(page, 'East Hills Wildflower Honey');
  await expect(jar.getByRole('cell').nth(1)).toHaveText('$20.00');
  await expect(jar.getByRole('cell').nth(2)).toHaveText('Honey');
  await expect(jar.getByRole('cell').nth(4)).toHaveText('Translated'); // the seed gives its Spanish
  await expect(jar.getByRole('button', { name: 'Edit East Hills Wildflower Honey' })).toBeVisible();
  await expect(jar.getByRole('button', { name: 'Delete East Hills Wildflower Honey' })).toBeVisible();
  await expect(rowOf(page, 'Honey Tasting Gift Set').getByRole('cell').nth(1)).toHaveText('$45.00');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(main(page).getByRole('columnheader', { name: 'Description' })).toBeHidden();
  await expect(main(page).getByRole('columnheader', { name: 'Category' })).toBeHidden();
  await expect(main(page).getByRole('columnheader', { name: 'Español' })).toBeHidden();
  // Wholly visible: not clipped by the table's horizontal scroll.
  await expect(jar.getByRole('button', { name: 'Delete East Hills Wildflower Honey' })).toBeInViewport({ ratio: 1 });
});

test('the dialog validates with the exact messages and calls nothing until valid', async ({ page }) => {
  await openProducts(page);
  const writes: string[] = [];
  page.on('request', (r) => { if (/rpc\/(create|update)_buzz_haven_product/.test(r.url())) writes.push(r.url()); });
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Product' });
  await expect(dialog.getByLabel('Price (cents)')).toHaveValue('0');
  await dialog.getByLabel('Price (cents)').fill('-5');
  await dialog.getByLabel('Image URL').fill('not a url');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Price must be positive')).toBeVisible();
  await expect(dialog.getByText('Must be a valid URL')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(writes).toEqual([]);
});

test('create, edit and delete a product, each with its toast; text stays text', async ({ page }) => {
  await openProducts(page);
  const name = `<b>Clover</b> Jar ${Date.now()}`;
  await page.getByRole('button', { name: 'Add Product' }).click();
  const create = page.getByRole('dialog', { name: 'Add New Product' });
  await create.getByLabel('Name', { exact: true }).fill(name);
  await create.getByLabel('Description', { exact: true }).fill('Light & sweet <script>alert(1)</script>');
  await create.getByLabel('Price (cents)').fill('1234');
  await create.getByLabel('Category').fill('Honey');
  await create.getByLabel('Image URL').fill('https://example.com/clover.jpg');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
  await expect(create).toBeHidden();
  const row = rowOf(page, name);
  await expect(row.getByRole('cell').first()).toHaveText(name);
  await expect(row.getByRole('cell').nth(1)).toHaveText('$12.34');
  await expect(row.getByRole('cell').nth(3)).toHaveText('Light & sweet <script>alert(1)</script>');
  await expect(main(page).locator('b', { hasText: 'Clover' })).toHaveCount(0);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(edit.getByLabel('Price (cents)')).toHaveValue('1234');
  await edit.getByLabel('Price (cents)').fill('2599');
  await edit.getByLabel('Description', { exact: true }).fill('');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell').nth(1)).toHaveText('$25.99');
  await expect(row.getByRole('cell').nth(3)).toHaveText('');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Honey');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Product' });
  await expect(confirm).toContainText('Are you sure you want to delete this product?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('saving or deleting a product removed meanwhile shows the failure toasts', async ({ page, context, console }) => {
  console.allow(/status of 404|Failed to (save|delete) product: .*Product not found/s);
  await openProducts(page);
  const name = `Ephemeral ${Date.now()}`;
  const created = await rpcAs(page, 'create_buzz_haven_product', {
    p_name: name, p_description: '', p_price: 100, p_category: '', p_image_url: null,
  });
  await page.reload();
  const row = rowOf(page, name);
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  // Another tab deletes it while the dialog is open.
  const other = await context.newPage();
  await other.goto('/admin');
  await rpcAs(other, 'delete_buzz_haven_product', { p_id: created.id });
  await other.close();

  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await edit.getByLabel('Price (cents)').fill('200');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Failed to save product')).toBeVisible();
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete Product' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Failed to delete product')).toBeVisible();
  // One toast at a time: the earlier one was replaced.
  await expect(page.getByText('Failed to save product')).toHaveCount(0);
  await expect(row).toHaveCount(0);
});

test('a list load refused after the role is revoked shows "Failed to load products"', async ({ page, browser, console }) => {
  const staff = await signUp(page, 'Sam Staff', uniqueEmail('staff'));
  const ownerPage = await (await browser.newContext()).newPage();
  await signIn(ownerPage);
  const users = (await rpcAs(ownerPage, 'get_buzz_haven_users')) as { id: string; email: string }[];
  const staffId = users.find((u) => u.email === staff.email)!.id;
  await rpcAs(ownerPage, 'set_buzz_haven_user_role', { p_id: staffId, p_role: 'staff', p_is_active: null });

  await signIn(page, staff, '/auth?next=%2Fadmin%2Fproducts');
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await rpcAs(ownerPage, 'set_buzz_haven_user_role', { p_id: staffId, p_role: 'none', p_is_active: null });
  await ownerPage.context().close();

  console.allow(/status of 403|Failed to load products/);
  await main(page).getByRole('button', { name: 'Price' }).click(); // re-sorting reloads the list
  await expect(page.getByText('Failed to load products')).toBeVisible();
  await expect(main(page).getByText('No products found')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products/); // a 403 is not a sign-out
});

/**
 * The empty state needs a catalogue with no products, and the shared database's seeded honey batch
 * holds one (a product with a batch cannot be deleted, as intended). So this test gets a backend of
 * its own, empties that catalogue, and sends the page's API requests there.
 */
test('with no products: "No products found" and "Add Your First Product" opens the dialog', async ({ page }) => {
  test.setTimeout(300_000);
  const own = await startBackend({ mailbox: false });
  try {
    const call = ownBackendCaller(own.url, await ownerToken(own.url));
    for (const batch of (await call('get_buzz_haven_honey_batches')) as { id: string }[]) {
      await call('delete_buzz_haven_honey_batch', { p_id: batch.id });
    }
    for (const product of (await call('get_buzz_haven_products')) as { id: string }[]) {
      await call('delete_buzz_haven_product', { p_id: product.id });
    }
    await page.route(`${SUPABASE_URL}/**`, (route) => route.continue({ url: route.request().url().replace(SUPABASE_URL, own.url) }));
    await signIn(page, undefined, '/auth?next=%2Fadmin%2Fproducts');
    await expect(main(page).getByText('No products found')).toBeVisible();
    await main(page).getByRole('button', { name: 'Add Your First Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await dialog.getByLabel('Name', { exact: true }).fill('First Jar');
    await dialog.getByLabel('Price (cents)').fill('2000');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Product created successfully')).toBeVisible();
    await expect(page.getByTestId('product-row')).toHaveCount(1);
    expect(((await call('get_buzz_haven_products')) as { name: string }[]).map((p) => p.name)).toEqual(['First Jar']);
  } finally {
    await own.stop();
    removeDataDir(own.dataDir);
  }
});

/** The demo owner's access token on another backend (the password grant, as the sign-in page uses). */
async function ownerToken(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Calls RPCs on another backend as the holder of `token`. */
function ownBackendCaller(url: string, token: string) {
  return async (fn: string, args: Record<string, unknown> = {}) => {
    const res = await fetch(`${url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    const body = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${fn}: ${res.status} ${JSON.stringify(body)}`);
    return body as unknown;
  };
}

test('the products page and its dialog pass axe-core on the whole page', async ({ page }) => {
  await openProducts(page);
  await expectNoAxeViolations(page, 'products');
  await main(page).getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Product' });
  await dialog.getByRole('button', { name: 'Create' }).click(); // shows the validation messages
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expectNoAxeViolations(page, 'products, dialog with errors');
});

test("the shop's fields: slug rule, size, section, order, featured and alt text are saved and shown on edit", async ({ page }) => {
  await openProducts(page);
  const name = `Orange Blossom Jar ${Date.now()}`;
  const slug = `orange-blossom-${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add Product' }).click();
  const create = page.getByRole('dialog', { name: 'Add New Product' });
  await create.getByLabel('Name', { exact: true }).fill(name);
  await create.getByLabel('Price (cents)').fill('1400');
  await create.getByLabel('Slug').fill('Orange Blossom');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Slug must be lowercase letters, digits and single dashes')).toBeVisible();
  await expect(create.getByLabel('Slug')).toHaveValue('Orange Blossom');
  await create.getByLabel('Slug').fill(slug);
  await create.getByLabel('Size label').fill('8 oz jar');
  await create.getByLabel('Section').click();
  await page.getByRole('option', { name: 'Honey' }).click();
  await create.getByLabel('Order').fill('5');
  await create.getByLabel('Featured on the home page').check();
  await create.getByLabel('Image alt text').fill('A jar of pale orange blossom honey');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();

  await rowOf(page, name).getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByLabel('Slug')).toHaveValue(slug);
  await expect(edit.getByLabel('Size label')).toHaveValue('8 oz jar');
  await expect(edit.getByLabel('Section')).toHaveText('Honey');
  await expect(edit.getByLabel('Order')).toHaveValue('5');
  await expect(edit.getByLabel('Featured on the home page')).toBeChecked();
  await expect(edit.getByLabel('Image alt text')).toHaveValue('A jar of pale orange blossom honey');
  // (pointer off the fields: a hovered, focused filled input's label is MUI's 4.4:1 primary-on-grey)
  await edit.getByRole('heading', { name: 'Edit Product' }).click();
  await expectNoAxeViolations(page, 'product dialog with the shop fields');
  await edit.getByLabel('Featured on the home page').uncheck();
  await edit.getByLabel('Size label').fill('');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  const stored = ((await rpcAs(page, 'get_buzz_haven_products')) as Record<string, unknown>[]).find((p) => p.name === name)!;
  expect(stored).toMatchObject({ slug, size_label: null, section: 'honey', featured: false, sort_order: 5, price: 1400 });
});
