/**
 * Invitations through supabase-js: the invite-user Edge Function served by the embedded backend
 * (POST /functions/v1/invite-user, caller's JWT checked like hosted Supabase's verify_jwt), GoTrue's
 * POST /auth/v1/invite (auth.admin.inviteUserByEmail, service role only), and the invitee's way in:
 * the mailed link, a password, and a profile with the invited role.
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { OWNER, client, signedIn, uniqueEmail } from './support/clients';
import { fragment, latestMail, mailTo, openLink } from './support/mailbox';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/src/keys';

const REDIRECT = 'http://localhost:8000/auth/set-password';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const admin = () =>
  createClient(backend.url, LOCAL_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

async function functionError(error: unknown): Promise<{ status: number; body: unknown }> {
  const res = (error as { context: Response }).context;
  return { status: res.status, body: await res.json() };
}

test('the owner invites a staff member, who sets a password and has the role, no approval', async () => {
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const email = uniqueEmail('invitee');
  const { data, error } = await owner.functions.invoke('invite-user', { body: { email, role: 'staff', redirectTo: REDIRECT } });
  expect(error).toBeNull();
  expect(data).toMatchObject({ user: { email }, role: 'staff' });

  const mail = await latestMail(backend.url, email);
  expect(mail.subject).toBe('You have been invited to Buzz Haven');
  expect(mail.link).toContain('type=invite');
  const session = fragment(await openLink(mail.link!));
  expect(session.type).toBe('invite');
  const invitee = client(backend.url);
  await invitee.auth.setSession({ access_token: session.access_token!, refresh_token: session.refresh_token! });
  expect((await invitee.auth.updateUser({ password: 'invitee-password' })).error).toBeNull();

  const fresh = await signedIn(backend.url, email, 'invitee-password');
  const { data: user } = await fresh.auth.getUser();
  const profile = await fresh.rpc('create_buzz_haven_user', { p_email: email, p_name: 'Ivy', p_auth_user_id: user.user!.id });
  expect(profile.error).toBeNull();
  expect(profile.data).toMatchObject({ email, role: 'staff', is_active: true });
  expect((await fresh.rpc('count_table_rows', { table_name: 'products' })).error).toBeNull();
});

test('the function refuses callers without a JWT, without a role, and bad input', async () => {
  const noJwt = await fetch(`${backend.url}/functions/v1/invite-user`, { method: 'POST', body: '{}' });
  expect(noJwt.status).toBe(401);
  expect(await noJwt.json()).toEqual({ code: 401, message: 'Missing authorization header' });
  const forged = await fetch(`${backend.url}/functions/v1/invite-user`, { method: 'POST', headers: { Authorization: 'Bearer x.y.z' }, body: '{}' });
  expect(forged.status).toBe(401);

  const visitor = await client(backend.url).functions.invoke('invite-user', { body: { email: uniqueEmail('x'), role: 'staff' } });
  expect(await functionError(visitor.error)).toEqual({ status: 401, body: { error: 'Not signed in' } });

  const pendingEmail = uniqueEmail('pending');
  await client(backend.url).auth.signUp({ email: pendingEmail, password: 'pending-pass' });
  const pending = await signedIn(backend.url, pendingEmail, 'pending-pass');
  const refused = await pending.functions.invoke('invite-user', { body: { email: uniqueEmail('x'), role: 'staff' } });
  expect(await functionError(refused.error)).toEqual({ status: 403, body: { error: 'Your account is waiting for approval' } });

  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const bad = await owner.functions.invoke('invite-user', { body: { email: 'nope', role: 'staff' } });
  expect(await functionError(bad.error)).toEqual({ status: 400, body: { error: 'A valid email is required' } });
  const taken = await owner.functions.invoke('invite-user', { body: { email: OWNER.email, role: 'staff' } });
  expect(await functionError(taken.error)).toEqual({ status: 409, body: { error: 'This person already has an account: change their role in Users' } });
});

test('POST /auth/v1/invite: service role only; a confirmed address is email_exists', async () => {
  const email = uniqueEmail('direct');
  const asAnon = await client(backend.url).auth.admin.inviteUserByEmail(email);
  expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin' });
  expect(await mailTo(backend.url, email)).toEqual([]);

  const { data, error } = await admin().auth.admin.inviteUserByEmail(email, { data: { invited_role: 'staff' } });
  expect(error).toBeNull();
  expect(data.user).toMatchObject({ email, user_metadata: { invited_role: 'staff' } });
  expect(data.user?.email_confirmed_at).toBeUndefined();
  expect((await mailTo(backend.url, email)).length).toBe(1);
  // Inviting again re-sends; a plain sign-up with the address is refused.
  expect((await admin().auth.admin.inviteUserByEmail(email)).error).toBeNull();
  expect((await mailTo(backend.url, email)).length).toBe(2);
  const signUp = await client(backend.url).auth.signUp({ email, password: 'takeover-1' });
  expect(signUp.error).toMatchObject({ status: 422, code: 'user_already_exists' });

  const exists = await admin().auth.admin.inviteUserByEmail(OWNER.email);
  expect(exists.error).toMatchObject({ status: 422, code: 'email_exists' });
  const noAuth = await fetch(`${backend.url}/auth/v1/invite`, { method: 'POST', headers: { 'X-Supabase-Api-Version': '2024-01-01' }, body: '{}' });
  expect(noAuth.status).toBe(401);
});
