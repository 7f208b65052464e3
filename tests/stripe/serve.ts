/**
 * The Stripe stand-in as a process of its own, for a browser test (Playwright's webServer) or a
 * developer: `node --import tsx tests/stripe/serve.ts [--port 12111]
 * [--webhook-url http://127.0.0.1:54321/functions/v1/stripe-webhook]`. The keys are
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the same the backend gets) or the test defaults.
 * Start the backend with STRIPE_API_URL=http://127.0.0.1:<port> and the same keys.
 */
import { parseArgs } from 'node:util';
import { STAND_IN_KEYS, STAND_IN_PORT } from './keys';
import { startStripeStandIn } from './standIn';

export { STAND_IN_KEYS };

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: String(STAND_IN_PORT) },
    'webhook-url': { type: 'string', default: 'http://127.0.0.1:54321/functions/v1/stripe-webhook' },
  },
});
void startStripeStandIn({
  apiKey: process.env.STRIPE_SECRET_KEY || STAND_IN_KEYS.apiKey,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || STAND_IN_KEYS.webhookSecret,
  webhookUrl: values['webhook-url'],
  port: Number(values.port),
}).then((standIn) => {
  console.log(`Stripe stand-in ready at ${standIn.url} (webhooks to ${standIn.webhookUrl})`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
