/** /auth: the sign-in card, sign-in (success/failure), the guard with history replace, sign-up, sign-out. */
import { OWNER, expect, expectNoAxeViolations, fillSignIn, main, openSection, rpcAs, signInThroughForm, signUp, test, uniqueEmail } from './fixtures';

test('the sign-in card: title, tabs, required fields of the right types', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Buzz Haven Admin' })).toBeVisible();
  const card = page.locator('.MuiCard-root');
  expect((await card.boundingBox())?.width).toBe(350);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  const signInForm = page.getByRole('form', { name: 'Sign In' });
  await expect(signInForm.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(signInForm.getByLabel('Email')).toHaveAttribute('required', '');
  await expect(signInForm.getByLabel('Password')).toHaveAttribute('required', '');

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const signUpForm = page.getByRole('form', { name: 'Sign Up' });
  for (const label of ['Full Name', 'Email', 'Password']) {
    await expect(signUpForm.getByLabel(label)).toHaveAttribute('required', '');
  }
  await expect(signUpForm.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(signUpForm.getByRole('button', { name: 'Create Account' })).toBeEnabled();
});

test('sign in as the demo owner: "Signing In..." while submitting, toast, then /admin', async ({ page }) => {
  await page.goto('/auth');
  // Hold the token request until the submitting state has been seen.
  let send: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    send = resolve;
  });
  await page.route('**/auth/v1/token**', async (route) => {
    await sent;
    await route.continue();
  });
  const form = await fillSignIn(page, OWNER.email, OWNER.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
  send();
  await expect(page.getByText('Signed in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(main(page).getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a wrong password shows the service message and stays on /auth', async ({ page, console }) => {
  console.allow(/status of 400/);
  await page.goto('/auth');
  const form = await fillSignIn(page, OWNER.email, 'not-the-password');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Invalid login credentials/);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(form.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('the guard replaces history, keeps the requested page and returns there after sign-in', async ({ page }) => {
  await page.goto('/auth');
  await page.goto('/admin/products?sort=name');
  await expect(page).toHaveURL('/auth?next=%2Fadmin%2Fproducts%3Fsort%3Dname');
  // The guarded URL was replaced: Back goes to the page before it, not to /admin/products.
  await page.goBack();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/auth\?next=/);

  const form = await fillSignIn(page, OWNER.email, OWNER.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Signed in successfully!')).toBeVisible();
  await expect(page).toHaveURL('/admin/products?sort=name');
  await expect(main(page).getByRole('heading', { name: 'Products' })).toBeVisible();
});

test('sign up shows the Sign In tab; the pending account sees the approval message and no data', async ({ page }) => {
  const email = uniqueEmail('pending');
  const creds = await signUp(page, 'Pat Pending', email);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Sign In' });
  await expect(form.getByLabel('Email')).toHaveValue(email);

  const dataCalls: string[] = [];
  page.on('request', (req) => {
    const rpc = req.url().match(/\/rest\/v1\/rpc\/([a-z_]+)/)?.[1];
    if (rpc && rpc !== 'get_buzz_haven_current_user') dataCalls.push(rpc);
  });
  await form.getByLabel('Password').fill(creds.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Signed in successfully!')).toBeVisible();
  await expect(main(page).getByText('Your account is waiting for approval.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('sidebar-identity')).toContainText(email);
  await expect(page.getByTestId('sidebar-identity')).toContainText('Pending approval');
  await expectNoAxeViolations(page, 'pending approval');

  await openSection(page, 'Sales', 'Products');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(main(page).getByText('Your account is waiting for approval.', { exact: false })).toBeVisible();
  await expect(main(page).getByRole('table')).toHaveCount(0);
  expect(dataCalls).toEqual([]);
});

test('sign up with an existing e-mail shows the service message', async ({ page, console }) => {
  console.allow(/status of 4\d\d/);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Full Name').fill('Olive Again');
  await form.getByLabel('Email').fill(OWNER.email);
  await form.getByLabel('Password').fill('another-password-1');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText(/already registered/i);
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
});

test('Sign Out ends the session and goes to /auth; /admin is guarded again', async ({ page }) => {
  await signInThroughForm(page);
  // Let the dashboard's queries finish: one still in flight when the session is revoked is
  // answered 401, and Chromium logs that to the console (seen once on a loaded machine).
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('auth-token')))).toEqual([]);
});

test('once an owner grants a role, "Check again" opens the back office', async ({ page, browser }) => {
  const creds = await signUp(page, 'Avery Approved', uniqueEmail('approved'));
  await signInThroughForm(page, creds);
  await expect(page.getByTestId('pending-approval')).toBeVisible();

  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signInThroughForm(ownerPage);
  const users = (await rpcAs(ownerPage, 'get_buzz_haven_users')) as { id: string; email: string }[];
  const id = users.find((u) => u.email === creds.email)!.id;
  await rpcAs(ownerPage, 'set_buzz_haven_user_role', { p_id: id, p_role: 'staff', p_is_active: null });
  await ownerContext.close();

  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(main(page).getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('count-value')).toHaveCount(6);
  await expect(page.getByTestId('sidebar-identity')).toContainText('Staff');
});

test('/auth passes axe-core on the whole page, both tabs', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();
  await expectNoAxeViolations(page, '/auth sign in');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('form', { name: 'Sign Up' })).toBeVisible();
  await expectNoAxeViolations(page, '/auth sign up');
});
