import { RpcError } from './postRpc';

/** The words a form shows when a request fails (content/*.yaml). */
export interface FailureText {
  /** No answer at all (offline, server down): the visitor should retry. */
  error: string;
  /** PT429 (HTTP 429): too many requests from this visitor in a short time. */
  rateLimited: string;
}

/** PT429 (HTTP 429): the visitor's requests reached their limit for now. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof RpcError && (error.status === 429 || error.code === 'PT429');
}

/**
 * What to tell the visitor about a failed RPC: the server's own message when it refused the input
 * (HTTP 400/404/409: 'A valid email is required', 'Prices have changed; please review your cart'),
 * the content's rate-limit text for PT429, and the content's generic text otherwise.
 */
export function failureMessage(error: unknown, text: FailureText): string {
  if (isRateLimited(error)) return text.rateLimited;
  if (!(error instanceof RpcError)) return text.error;
  if (error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403 && error.message) {
    return /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
  }
  return text.error;
}
