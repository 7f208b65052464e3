/**
 * The fetch of the admin's supabase-js client. Every REST and Edge Function call the admin makes
 * acts for a signed-in user; supabase-js sends the anon key instead when there is no session.
 * Such a call (a query react-admin re-runs while Sign Out resets its store) is answered here with
 * PostgREST's 401 for a refused anon call, without a request: the server would refuse it anyway,
 * and Chromium would log the 401 in the console.
 */
export function signedInFetch(projectUrl: string, anonKey: string, send: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  const userOnly = [`${projectUrl}/rest/v1/`, `${projectUrl}/functions/v1/`];
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const authorization = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get('Authorization');
    if (authorization === `Bearer ${anonKey}` && userOnly.some((prefix) => url.startsWith(prefix))) {
      const body = { code: '42501', details: null, hint: null, message: 'You are signed out. Sign in again.' };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 401, headers: { 'Content-Type': 'application/json' } }));
    }
    return send(input, init);
  };
}
