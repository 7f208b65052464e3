/**
 * The newsletter Edge Function: the links of the newsletter e-mails, opened without a JWT (deploy
 * with verify_jwt = false: supabase/config.toml `[functions.newsletter]`).
 * - GET ?confirm=<token> (the double opt-in e-mail's link, queued by the newsletter sign-up):
 *   confirms the sign-up, then 303 to the site, `/?newsletter=confirmed` or `=unknown`, on the home
 *   page of the language the e-mail gave (`&locale=es`: `/es?newsletter=confirmed`). Hosted Edge
 *   Functions may not answer HTML, so the site says the rest.
 * - POST ?unsubscribe=<token> with `List-Unsubscribe=One-Click` (RFC 8058: the mail client's
 *   one-click button, from a campaign's List-Unsubscribe and List-Unsubscribe-Post headers):
 *   unsubscribes, 200. A GET never unsubscribes (link checkers open links).
 * - POST ?stop_visit_reports=<token>, the same one-click button of a visit report (a shared
 *   inspection sent to the hive's host and adopters): stops the address's visit reports, 200.
 * Both call anon RPCs that answer the same for any token, so the function reveals nothing.
 */
import { defaultLocale, isLocale, localePath } from '../_shared/content-schema/locales.ts';

export interface NewsletterConfig {
  supabaseUrl: string;
  anonKey: string;
  siteUrl: string;
  fetch?: typeof fetch;
}

/** The home page of a language of the site ('/', '/es'); an unknown language is English's. */
const homeOf = (locale: string | null) => localePath('/', isLocale(locale) ? locale : defaultLocale);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createNewsletterHandler(config: NewsletterConfig): (req: Request) => Promise<Response> {
  const doFetch = config.fetch ?? fetch;
  const rpc = async (fn: string, args: Record<string, unknown>): Promise<unknown> => {
    const res = await doFetch(`${config.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    if (!res.ok) throw new Error(`${fn}: HTTP ${res.status}`);
    return res.json();
  };
  const unsubscribed = () => new Response('Unsubscribed', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const site = (outcome: string, locale: string | null) => new Response(null, {
    status: 303,
    headers: {
      Location: `${config.siteUrl.replace(/\/+$/, '')}${homeOf(locale)}?newsletter=${outcome}`, 'Cache-Control': 'no-store',
    },
  });

  return async (req) => {
    const url = new URL(req.url);
    const confirm = url.searchParams.get('confirm');
    const unsubscribe = url.searchParams.get('unsubscribe');
    if (req.method === 'GET' && confirm !== null) {
      const locale = url.searchParams.get('locale');
      if (!UUID.test(confirm)) return site('unknown', locale);
      const outcome = await rpc('confirm_buzz_haven_newsletter', { p_token: confirm });
      return site(outcome === 'confirmed' ? 'confirmed' : 'unknown', locale);
    }
    const stopVisits = url.searchParams.get('stop_visit_reports');
    if (req.method === 'POST' && stopVisits !== null) {
      if (UUID.test(stopVisits)) await rpc('stop_buzz_haven_visit_reports', { p_token: stopVisits });
      return unsubscribed();
    }
    if (req.method === 'POST' && unsubscribe !== null) {
      if (UUID.test(unsubscribe)) await rpc('unsubscribe_buzz_haven_newsletter', { p_token: unsubscribe });
      return unsubscribed();
    }
    return new Response('Use GET ?confirm=<token>, POST ?unsubscribe=<token> or POST ?stop_visit_reports=<token>', { status: 400 });
  };
}
