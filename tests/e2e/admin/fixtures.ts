/**
 * Shared by the admin specs: the demo owner, sign-in (with or without the /auth form), sign-up, and a
 * console watcher that fails a test on any console error or page error it did not expect, and an
 * axe-core check of the whole page.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const OWNER = { email: 'owner@example.com', password: 'buzzhaven-owner' };

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

export interface ConsoleWatch {
  errors: string[];
  /** Errors matching this pattern are expected in this test (e.g. a 400 from a wrong password). */
  allow: (pattern: RegExp) => void;
}

export const test = base.extend<{ console: ConsoleWatch }>({
  console: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (msg) => { if (msg.type() === 'error') errors.push(`${msg.text()} (${msg.location().url})`); });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use({ errors, allow: (p) => allowed.push(p) });
      expect(errors.filter((e) => !allowed.some((p) => p.test(e))), 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export async function fillSignIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  return form;
}

/**
 * Signs in as `creds` and opens the page `path` names (`/admin/<page>`, or `/auth?next=<page>`,
 * else the dashboard) as the first page the admin loads, not after a dashboard it would leave.
 * A real password sign-in against the backend, whose session is put where supabase-js keeps it
 * before the admin loads, so a spec starts on its page without typing into the form each time.
 * The form itself, its toast and its redirect are tested by auth.spec.ts (`signInThroughForm`).
 */
export async function signIn(page: Page, creds = OWNER, path = '/auth') {
  const res = await page.request.post(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    data: { email: creds.email, password: creds.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const session = await res.text();
  // Once per tab (sessionStorage survives navigations), so a later sign-out in the spec holds.
  const seeded = `e2e-session-${randomUUID()}`;
  await page.addInitScript(([key, value, flag]) => {
    if (sessionStorage.getItem(flag)) return;
    sessionStorage.setItem(flag, '1');
    localStorage.setItem(key, value);
  }, [STORAGE_KEY, session, seeded]);
  const next = path.startsWith('/admin') ? path : new URL(path, 'http://localhost').searchParams.get('next');
  await page.goto(next ?? '/admin');
  await expect(page).toHaveURL(/\/admin/);
}

/**
 * Saves the page as `<SHOTS_DIR>/<name>.png` when SHOTS_DIR names a folder, to look at what a spec
 * shows; nothing otherwise (encoding the pictures is work that no assertion reads).
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), ...options });
}

/** Signs in through the /auth form (optionally with ?next=) and waits for the success toast. */
export async function signInThroughForm(page: Page, creds = OWNER, path = '/auth') {
  await page.goto(path);
  const form = await fillSignIn(page, creds.email, creds.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Signed in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin/);
}

/** Creates an account through the Sign Up tab; it is pending until an owner grants a role. */
export async function signUp(page: Page, fullName: string, email: string, password = 'pending-pass-123') {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Full Name').fill(fullName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully! Please sign in.')).toBeVisible();
  return { email, password };
}

/** The sidebar (or the open small-screen drawer). */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

/** Opens a sidebar group unless it is open, then follows its link `label`. */
export async function openSection(page: Page, group: string, label: string) {
  const heading = sidebar(page).getByRole('button', { name: group, exact: true });
  if ((await heading.getAttribute('aria-expanded')) !== 'true') await heading.click();
  await sidebar(page).getByRole('link', { name: label, exact: true }).click();
}

/** The main content area (outside the sidebar). */
export const main = (page: Page) => page.getByRole('main');

/**
 * Requests to an RPC, with or without PostgREST query parameters (lists ask for one page:
 * `?order=...&offset=...&limit=...`), for page.route / waitForRequest / waitForResponse.
 */
export const rpcUrl = (fn: string) => new RegExp(`/rest/v1/rpc/${fn}(\\?.*)?$`);

/** The backend the admin build talks to (the root config runs it on 54321). */
export const SUPABASE_URL = process.env.BUZZ_SUPABASE_URL ?? 'http://127.0.0.1:54321';
/** Where supabase-js keeps the session for this backend (`sb-<first label of the host>-auth-token`). */
const STORAGE_KEY = `sb-${new URL(process.env.BUZZ_SUPABASE_URL ?? 'http://127.0.0.1:54321').hostname.split('.')[0]}-auth-token`;

export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** An RPC over a plain fetch with `key` as both apikey and bearer (no session); expects a 200. */
export async function keyRpc(key: string, fn: string, args: Record<string, unknown> = {}) {
  const res = await fetch(`${SUPABASE_URL}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** What the public site does: a plain fetch with the anon key; expects a 200. */
export const publicRpc = (fn: string, args: Record<string, unknown>) => keyRpc(ANON_KEY, fn, args);

/**
 * Calls an RPC as the user signed in on `page` (their access token from supabase-js storage),
 * over real HTTP: used to set up situations, e.g. an owner granting or revoking a role.
 */
export async function rpcAs(page: Page, fn: string, args: Record<string, unknown> = {}) {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : null;
  });
  if (!token) throw new Error('rpcAs: nobody is signed in on this page');
  const res = await page.request.post(`${SUPABASE_URL}/rest/v1/rpc/${fn}`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    data: args,
  });
  const body = await res.json().catch(() => null);
  if (!res.ok()) throw new Error(`rpcAs ${fn}: ${res.status()} ${JSON.stringify(body)}`);
  return body;
}

/**
 * axe-core over the WHOLE page (sidebar, toasts and dialogs included, no rule disabled): the
 * list of violations, each with the elements it concerns, must be empty.
 */
export async function expectNoAxeViolations(page: Page, where: string) {
  // Colours are measured once nothing fades in any more: an alert or a toast half-way through its
  // MUI transition has a see-through colour that axe would judge (4.34:1 on the Outbox's alert).
  // (A spinner runs for ever: only animations that end are waited for, 5 s at the most.)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'
    || a.effect?.getComputedTiming().endTime === Infinity), undefined, { timeout: 5_000 }).catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${where}: ${v.id} (${v.impact}) at ${v.nodes
      .map((n) => `${n.target.join(' ')}: ${[...n.any, ...n.all].map((c) => c.message).join('; ')}`)
      .join(' | ')}`),
  ).toEqual([]);
}
