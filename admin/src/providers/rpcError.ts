import { HttpError } from 'react-admin';

interface PostgrestLikeError { message?: string; code?: string; details?: string | null; hint?: string | null }

/**
 * Turns a supabase-js `{ error, status }` answer into react-admin's HttpError so that the
 * PostgREST message reaches the user (notifications) and the status reaches checkError.
 */
export function toHttpError(error: PostgrestLikeError, status: number | undefined): HttpError {
  const message = error.message || 'Request failed';
  return new HttpError(message, status ?? 500, {
    code: error.code,
    details: error.details ?? undefined,
    hint: error.hint ?? undefined,
  });
}
