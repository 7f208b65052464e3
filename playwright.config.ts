/**
 * End-to-end tests in Debian's Chromium against what `npm start` serves: the embedded backend
 * on 54321 (fresh, seeded data dir for the run) and the assembled static build on 8000.
 * Specs may share that database with a spec beside them (E2E_WORKERS=2): a spec reads what it
 * wrote itself, found by its own unique names. The specs that read what every spec writes (the dashboard's counts, the newest rows of a
 * list, Recent Activity) are the project `shared-data`, run one file at a time after the others.
 */
import { defineConfig } from '@playwright/test';
import { STAND_IN_KEYS, STAND_IN_PORT } from './tests/stripe/keys';

// Card payments are on in the end-to-end backend: its Stripe SDK talks to the test
// stand-in of tests/stripe (a webServer below), which signs its webhooks with the same secret.
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: STAND_IN_KEYS.apiKey,
  STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhookSecret,
  STRIPE_API_URL: `http://127.0.0.1:${STAND_IN_PORT}`,
};

// Specs that cannot share the database with specs running beside them: they read what every
// spec writes (whole-table counts, the newest rows of a list, the ten most recent activities),
// take the queued site build themselves, or rename a seeded product that others show.
const SHARED_DATA = [
  '**/admin/content-build.spec.ts',
  '**/admin/dashboard.spec.ts',
  '**/admin/messages-subscribers.spec.ts',
  '**/admin/orders.spec.ts',
  '**/admin/requests.spec.ts',
  // The one spec that runs the publisher: every change it checks on the published site in one build.
  '**/site/published-site.spec.ts',
];

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // One worker by default: beside jest on two cores, a second worker slowed every test and let
  // statement timeouts through (docs/benchmarks.md). E2E_WORKERS=2 runs two on a bigger machine.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL: 'http://localhost:8000',
    // A trace records every action's screenshots and DOM, much of the browser's work when kept
    // for every test. It is recorded for a failed test's retry (CI retries once), and on asking
    // (`--trace on`).
    trace: 'on-first-retry',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'site', testDir: 'tests/e2e/site', testIgnore: SHARED_DATA },
    // The admin's service worker (admin/pwa.ts) would serve a spec's pages from its cache and hide
    // them from page.route: only the offline spec lets it run (test.use({ serviceWorkers: 'allow' })).
    { name: 'admin', testDir: 'tests/e2e/admin', testIgnore: SHARED_DATA, use: { serviceWorkers: 'block' } },
    // After the others, alone, one file at a time. A failure in site or admin skips it (fix that
    // first); to run one of its specs alone, add --no-deps.
    { name: 'shared-data', testDir: 'tests/e2e', testMatch: SHARED_DATA, workers: 1, dependencies: ['site', 'admin'], use: { serviceWorkers: 'block' } },
  ],
  // The visitor request limits raised for the run (every request comes from this machine).
  globalSetup: './tests/e2e/global-setup.ts',
  webServer: [
    {
      // --mailbox: accounts.spec.ts follows reset and invitation links from the local mailbox.
      command: 'node --import tsx supabase/local/src/main.ts --port 54321 --data-dir .data-e2e --fresh --mailbox',
      url: 'http://127.0.0.1:54321/auth/v1/health',
      // Sign-up/sign-in specs run many times per run: raise (not remove) the per-IP limits.
      env: {
        SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '10000',
        SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: '10000',
        SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT: '10000',
        SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '10000',
        ...STRIPE_ENV,
      },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      // The Stripe stand-in (tests/stripe/serve.ts): Checkout's hosted page and the signed webhooks.
      command: `node --import tsx tests/stripe/serve.ts --port ${STAND_IN_PORT} --webhook-url http://127.0.0.1:54321/functions/v1/stripe-webhook`,
      port: STAND_IN_PORT,
      env: { STRIPE_SECRET_KEY: STAND_IN_KEYS.apiKey, STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhookSecret },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: 'node scripts/serve.mjs --port 8000',
      url: 'http://localhost:8000/',
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
