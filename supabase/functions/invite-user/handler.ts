/**
 * The invite-user Edge Function, as a plain `(req: Request) => Promise<Response>` on web standard
 * APIs only, so the same code runs in Supabase's Deno runtime (index.ts) and in the embedded
 * backend (supabase/local/src/functions). The caller's JWT stays the caller's: the invitation is
 * recorded through the `create_buzz_haven_invitation` RPC with it, which checks the role (owner or
 * admin) and the second factor in SQL. Only then is the service-role client used to send the
 * invitation (auth.admin.inviteUserByEmail), with the role in the user metadata for the record.
 *
 * POST `{ email, role, redirectTo? }` -> 200 `{ user: { id, email }, role }`; errors `{ error }`
 * with 400 (bad input), 401 (not signed in), 403 (not allowed), 409 (already has an account).
 */

export interface InviteDeps {
  /** Calls create_buzz_haven_invitation as the caller (their Authorization header). */
  recordInvitation(authorization: string, email: string, role: string): Promise<{ error: { message: string; code?: string } | null }>;
  /** auth.admin.inviteUserByEmail with the service-role key. */
  inviteUserByEmail(
    email: string,
    options: { data: Record<string, unknown>; redirectTo?: string },
  ): Promise<{ data: { user: { id: string; email?: string } | null }; error: { message: string; status?: number; code?: string } | null }>;
}

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

const ROLES = ['owner', 'admin', 'staff'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });
}

/** PostgREST's answers for the RPC's refusals: 42501 -> 401/403, 23505 -> 409, 22023 -> 400. */
function statusOf(code: string | undefined, message: string): number {
  if (code === '42501') return message === 'Not signed in' ? 401 : 403;
  if (code === '23505') return 409;
  if (code === '22023') return 400;
  return 500;
}

export function createInviteUserHandler(deps: InviteDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'POST') return json(405, { error: 'Use POST' });
    const authorization = req.headers.get('Authorization') ?? '';
    if (!/^Bearer\s+\S+/i.test(authorization)) return json(401, { error: 'Not signed in' });

    let body: { email?: unknown; role?: unknown; redirectTo?: unknown };
    try {
      body = (await req.json()) as typeof body;
    } catch {
      return json(400, { error: 'The request body must be JSON: { email, role }' });
    }
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const role = typeof body.role === 'string' ? body.role : '';
    const redirectTo = typeof body.redirectTo === 'string' && body.redirectTo ? body.redirectTo : undefined;
    if (!EMAIL.test(email) || email.length > 254) return json(400, { error: 'A valid email is required' });
    if (!ROLES.includes(role)) return json(400, { error: 'Role must be owner, admin or staff' });

    const recorded = await deps.recordInvitation(authorization, email, role);
    if (recorded.error) {
      const status = statusOf(recorded.error.code, recorded.error.message);
      return json(status, { error: status === 500 ? 'Could not record the invitation' : recorded.error.message });
    }
    const { data, error } = await deps.inviteUserByEmail(email, { data: { invited_role: role }, redirectTo });
    if (error) {
      const exists = error.code === 'email_exists' || error.status === 422;
      return json(exists ? 409 : 502, { error: exists ? 'This e-mail already has an account' : 'Could not send the invitation' });
    }
    return json(200, { user: { id: data.user?.id, email: data.user?.email ?? email }, role });
  };
}
