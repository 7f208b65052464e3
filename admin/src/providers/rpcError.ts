import { HttpError } from 'react-admin';

interface PostgrestLikeError { message?: string; code?: string; details?: string | null; hint?: string | null }

/** The codes of a broken CHECK, NOT NULL and foreign key, which may carry a field. */
const CONSTRAINT_CODES = ['23514', '23502', '23503'];

/**
 * The field a broken constraint names: the database answers a write that breaks a constraint with
 * a message from buzz_haven.constraint_messages and `details` = {"field": ..., "constraint": ...}
 * (buzz_haven.explain_row).
 */
function fieldOf(error: PostgrestLikeError): string | null {
  if (!CONSTRAINT_CODES.includes(error.code ?? '') || !error.details) return null;
  try {
    const details = JSON.parse(error.details) as { field?: unknown };
    return typeof details.field === 'string' ? details.field : null;
  } catch {
    return null;
  }
}

/**
 * Turns a supabase-js `{ error, status }` answer into react-admin's HttpError so that the
 * PostgREST message reaches the user (notifications) and the status reaches checkError. A broken
 * constraint's message is also set on its field (`body.errors`: react-admin's create and edit
 * forms show server-side errors at their inputs).
 */
export function toHttpError(error: PostgrestLikeError, status: number | undefined): HttpError {
  const message = error.message || 'Request failed';
  const field = fieldOf(error);
  return new HttpError(message, status ?? 500, {
    code: error.code,
    details: error.details ?? undefined,
    hint: error.hint ?? undefined,
    ...(field ? { errors: { [field]: message } } : {}),
  });
}
