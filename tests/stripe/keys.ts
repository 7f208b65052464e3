/**
 * The test keys the Stripe stand-in and the backend share when they run as processes (serve.ts,
 * playwright.config.ts): not Stripe's, and valid nowhere else.
 */
export const STAND_IN_KEYS = { apiKey: 'sk_test_standin_0123456789', webhookSecret: 'whsec_standin_0123456789' };
/** Where playwright.config.ts runs the stand-in for the end-to-end backend. */
export const STAND_IN_PORT = 12111;
