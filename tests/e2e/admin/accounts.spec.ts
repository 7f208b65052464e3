/**
 * Accounts as a new team member meets them, in Chromium against the built admin and the
 * embedded backend: a forgotten password reset through the local mailbox, an invitation that
 * ends in the back office as staff, and two-factor sign-in for an owner (enrol, sign in with a
 * code, and a role change refused when the second factor is skipped).
 */
import type { Page, Route } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { OWNER, SUPABASE_URL, expect, expectNoAxeViolations, fillSignIn, main, rpcAs, signIn, signInThroughForm, test, uniqueEmail } from './fixtures';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** An account made over the API (sign-up + its pending profile), as the Sign Up tab would. */
async function account(page: Page, email: string, password: string) {
  const res = await page.request.post(`${SUPABASE_URL}/auth/v1/signup`, { headers: { apikey: ANON_KEY }, data: { email, password } });
  const session = (await res.json()) as { access_token: string; user: { id: string } };
  await page.request.post(`${SUPABASE_URL}/rest/v1/rpc/create_buzz_haven_user`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.access_token}` },
    data: { p_email: email, p_name: email.split('@')[0], p_auth_user_id: session.user.id },
  });
}

/** The backend's mailbox pages (/mailbox, /mailbox/<id>), and only those. */
const isMailbox = (url: URL) => url.origin === new URL(SUPABASE_URL).origin && /^\/mailbox(\/|$)/.test(url.pathname);

/**
 * Opens the newest mail to `email` in the mailbox page and follows its link. The mailbox wants
 * the service_role key (supabase/local/src/auth/mailer/mailboxAccess.ts): the page's requests
 * to it, and to nothing else, carry it as the apikey header.
 */
async function followMailLink(page: Page, email: string, subject: string, linkText: string) {
  const withKey = (route: Route) => route.continue({ headers: { ...route.request().headers(), apikey: SERVICE_ROLE_KEY } });
  await page.route(isMailbox, withKey);
  await page.goto(`${SUPABASE_URL}/mailbox`);
  await page.getByRole('row').filter({ hasText: email }).first().getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: linkText }).click();
  await page.unroute(isMailbox, withKey);
}

test('a forgotten password is reset through the local mailbox', async ({ page }) => {
  const email = uniqueEmail('forgot');
  await account(page, email, 'old-password-1');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(form.getByText(`If an account uses ${email}`)).toBeVisible();

  await followMailLink(page, email, 'Reset your Buzz Haven password', 'Set a new password');
  await expect(page).toHaveURL('/auth/set-password');
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expectNoAxeViolations(page, 'set a new password');
  await page.getByLabel(/^New password/).fill('new-password-2');
  await page.getByLabel(/^Confirm password/).fill('new-password-2');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('pending-approval')).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signIn(page, { email, password: 'new-password-2' });

  // The link worked once: opening it again says so.
  await followMailLink(page, email, 'Reset your Buzz Haven password', 'Set a new password');
  await expect(page.getByText('This link is invalid, has expired or was already used. Ask for a new one.')).toBeVisible();
});

test('an invited staff member sets a password and sees the back office as staff', async ({ page, browser }) => {
  const email = uniqueEmail('invited');
  await signIn(page, OWNER, '/auth?next=%2Fadmin%2Fusers');
  await main(page).getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

  const invitee = await (await browser.newContext()).newPage();
  await followMailLink(invitee, email, 'You have been invited to Buzz Haven', 'Accept the invitation');
  await expect(invitee.getByRole('heading', { name: 'Welcome to Buzz Haven' })).toBeVisible();
  await invitee.getByLabel('Your name').fill('Ivy Invited');
  await invitee.getByLabel(/^New password/).fill('ivy-password-1');
  await invitee.getByLabel(/^Confirm password/).fill('ivy-password-1');
  await invitee.getByRole('button', { name: 'Save password' }).click();
  await expect(invitee).toHaveURL(/\/admin$/);
  const sidebar = invitee.getByRole('navigation', { name: 'Admin sections' });
  await expect(sidebar.getByText(email)).toBeVisible();
  await expect(sidebar.getByText('Staff', { exact: true })).toBeVisible();
  await expect(main(invitee).getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(invitee.getByTestId('pending-approval')).toHaveCount(0);
  expect(await rpcAs(invitee, 'get_buzz_haven_current_user')).toMatchObject({ name: 'Ivy Invited', role: 'staff' });
});

test('an owner enrols TOTP, signs in with a code, and a role change without it is refused', async ({ page, console: watch }) => {
  const email = uniqueEmail('owner2');
  await account(page, email, 'owner-two-pass');
  const made = await page.request.post(`${SUPABASE_URL}/rest/v1/rpc/make_buzz_haven_owner`, {
    headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    data: { p_email: email },
  });
  expect(made.ok()).toBe(true);
  const pending = uniqueEmail('pat');
  await account(page, pending, 'pending-pass-1');

  // Through the form: the prompt to set up a second factor follows the form's sign-in.
  await signInThroughForm(page, { email, password: 'owner-two-pass' });
  await expect(page.getByRole('link', { name: 'Set up' })).toBeVisible({ timeout: 10_000 });
  await page.goto('/admin/security?prompt=1');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page, 'security: enrol');
  const secret = (await page.getByTestId('totp-secret').textContent())!;
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  await page.getByLabel('Authentication code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('On: signing in asks for a code from your authenticator app.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.goto('/auth?next=%2Fadmin%2Fusers');
  const form = await fillSignIn(page, email, 'owner-two-pass');
  await form.getByRole('button', { name: 'Sign In' }).click();
  // A code works once (the enrolment used this step's): the next step's, within the clock skew.
  await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('row').filter({ hasText: pending })).toBeVisible();

  // Signed in with the password only (the code step skipped): the database refuses role changes.
  // (Signing out from the Security page: a list refetched after sign-out would log a 401.)
  await page.goto('/admin/security');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.goto('/auth');
  await (await fillSignIn(page, email, 'owner-two-pass')).getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  watch.allow(/403/);
  await page.goto('/admin/users');
  const row = page.getByRole('row').filter({ hasText: pending });
  await row.getByRole('button', { name: 'Manage Roles' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Staff' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Confirm with a code from your authenticator app first (two-factor sign-in)')).toBeVisible();
});
