/**
 * Sends a visitor to the sign-in page at /auth (outside react-admin's /admin basename), keeping
 * the requested location in `?next=` and REPLACING the history entry, so that Back never
 * returns to the guarded URL. Root.tsx registers react-router's navigate; before that (or in
 * tests) a plain location.replace does the same.
 */
export type Navigate = (to: string, options: { replace: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function setAuthNavigator(navigate: Navigate | null): void {
  navigateImpl = navigate;
}

export const AUTH_PATH = '/auth';
export const ADMIN_HOME = '/admin';

/** The sign-in URL that brings the user back to `next` (only same-app /admin paths). */
export function authUrlFor(next: string): string {
  return safeNext(next) === ADMIN_HOME ? AUTH_PATH : `${AUTH_PATH}?next=${encodeURIComponent(next)}`;
}

/** Where to go after sign-in: `next` when it is an /admin path, else /admin (no open redirect). */
export function safeNext(next: string | null | undefined): string {
  if (!next || !/^\/admin(\/|\?|#|$)/.test(next) || next.startsWith('//')) return ADMIN_HOME;
  return next;
}

export function currentLocation(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

export function redirectToAuth(next: string = currentLocation()): void {
  const target = authUrlFor(next);
  if (navigateImpl) navigateImpl(target, { replace: true });
  else window.location.replace(target);
}

/** After sign-out: /auth without `next` (replace), unless a guard already moved us there. */
export function leaveAdminAfterSignOut(): void {
  if (!window.location.pathname.startsWith(ADMIN_HOME)) return;
  if (navigateImpl) navigateImpl(AUTH_PATH, { replace: true });
  else window.location.replace(AUTH_PATH);
}
