/**
 * The send-messages Edge Function, a plain `(req: Request) => Promise<Response>`: run on a schedule
 * (pg_cron + pg_net POSTing it every minute with the service role key), it sends due outbox
 * messages in batches until none is due or its time budget is spent (well under the Edge
 * runtime's wall clock limit), and answers `{ claimed, sent, failed }`. Only the service role may
 * call it: hosted `verify_jwt` lets any project key through, so the bearer is compared here.
 */
import { hasServiceKey } from '../_shared/serviceKey.ts';
import { sendDueMessages, type PassResult, type SenderConfig } from './sender.ts';

export interface SendMessagesHandlerConfig extends SenderConfig {
  /** Milliseconds one call may spend starting new batches (default 20 s). */
  budgetMs?: number;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function createSendMessagesHandler(config: SendMessagesHandlerConfig): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'POST') return json(405, { error: 'Use POST' });
    if (!hasServiceKey(req, config.serviceRoleKey)) return json(401, { error: 'The service role key is required' });
    const started = Date.now();
    const total: PassResult = { claimed: 0, sent: 0, failed: 0 };
    try {
      do {
        const pass = await sendDueMessages(config);
        total.claimed += pass.claimed;
        total.sent += pass.sent;
        total.failed += pass.failed;
        if (pass.claimed === 0) break;
      } while (Date.now() - started < (config.budgetMs ?? 20_000));
    } catch (error) {
      return json(500, { ...total, error: (error as Error).message });
    }
    return json(200, total);
  };
}
