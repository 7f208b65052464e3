/**
 * Reads the newsletter links' query strings in the browser. The pages are static HTML, so the
 * query is only known after hydration (reading it while rendering would differ from the
 * server's HTML, a hydration error).
 * - `?newsletter=confirmed|unknown`: where the confirmation link's 303 lands
 *   (supabase/functions/newsletter/handler.ts).
 * - `?token=<uuid>`: the campaign footer's link to /newsletter/unsubscribe
 *   (supabase/functions/send-messages/render.ts).
 */
export type ConfirmOutcome = 'confirmed' | 'unknown';

export function confirmOutcomeOf(search: string): ConfirmOutcome | null {
  const value = new URLSearchParams(search).get('newsletter');
  return value === 'confirmed' || value === 'unknown' ? value : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The unsubscribe token of the page's query, or null when absent or not a token. */
export function unsubscribeTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return UUID.test(token) ? token : null;
}
