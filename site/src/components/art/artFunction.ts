import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../forms/config';
import { RpcError } from '../forms/postRpc';

/**
 * Calls the art Edge Function (supabase/functions/art) as the anonymous visitor: the signed upload
 * URL and the server's check of the uploaded file. Its refusals carry a message meant for people.
 */
export async function postArtFunction<T>(body: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${SUPABASE_URL}/functions/v1/art`, {
      method: 'POST',
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new RpcError(error instanceof Error ? error.message : 'Network error', 0);
  }
  const answer = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new RpcError(answer.message ?? `HTTP ${response.status}`, response.status);
  return answer;
}

/** PUTs the file to the signed upload URL (no Authorization: the URL's token is the permission). */
export async function uploadToSignedUrl(signedUrl: string, file: File): Promise<void> {
  let response: Response;
  try {
    response = await fetch(signedUrl, { method: 'PUT', headers: { 'content-type': file.type }, body: file });
  } catch (error) {
    throw new RpcError(error instanceof Error ? error.message : 'Network error', 0);
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: string; error?: string };
    throw new RpcError(answer.message ?? answer.error ?? `HTTP ${response.status}`, response.status);
  }
}

/** The `token` of the page's query string, when it is a uuid. */
export function tokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(token) ? token : null;
}
