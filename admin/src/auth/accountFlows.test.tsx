/**
 * The account screens in jsdom with the real supabase-js client; only its network-facing auth
 * methods are stubbed: 'Forgot password?', the 'Set a new password' page (link in the fragment,
 * an expired link, mismatched passwords), and the two-factor step at sign-in.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthPage } from './AuthPage';
import { SetPasswordPage } from './SetPasswordPage';
import { sessionFromLink } from './linkSession';
import { ToastProvider } from './toast';
import { supabase } from '../providers/supabase';

jest.mock('../loadApp', () => ({ loadApp: () => Promise.resolve() }));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const renderAt = (url: string) =>
  render(
    <ToastProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/auth/set-password" element={<SetPasswordPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
  );

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  jest.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

test('Forgot password? sends the reset link to the set-password page; same answer for any address', async () => {
  const reset = jest.spyOn(supabase.auth, 'resetPasswordForEmail').mockResolvedValue({ data: {}, error: null });
  renderAt('/auth');
  fill(/^Email/, 'someone@example.com');
  fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
  expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('someone@example.com');
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
  await screen.findByText(/If an account uses someone@example.com, an e-mail with a link/);
  expect(reset).toHaveBeenCalledWith('someone@example.com', { redirectTo: 'http://localhost/auth/set-password' });
  fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
  expect(screen.getByRole('tab', { name: 'Sign In' })).toBeTruthy();
});

test('the link in the fragment signs in; the new password is saved and the admin opens', async () => {
  const setSession = jest.spyOn(supabase.auth, 'setSession').mockResolvedValue({ data: {}, error: null } as never);
  const update = jest.spyOn(supabase.auth, 'updateUser').mockResolvedValue({ data: {}, error: null } as never);
  window.history.replaceState(null, '', '/auth/set-password#access_token=a.b.c&refresh_token=r1&type=recovery');
  renderAt('/auth/set-password');
  await screen.findByRole('heading', { name: 'Set a new password' });
  expect(setSession).toHaveBeenCalledWith({ access_token: 'a.b.c', refresh_token: 'r1' });
  expect(window.location.hash).toBe('');
  fill(/^New password/, 'brand-new-1');
  fill(/^Confirm password/, 'brand-new-2');
  fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
  await screen.findByText('The two passwords are not the same');
  expect(update).not.toHaveBeenCalled();
  fill(/^Confirm password/, 'brand-new-1');
  fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin'));
  expect(update).toHaveBeenCalledWith({ password: 'brand-new-1' });
});

test('a recovery link for a user with an authenticator app asks for the code before the new password', async () => {
  jest.spyOn(supabase.auth, 'setSession').mockResolvedValue({ data: {}, error: null } as never);
  jest.spyOn(supabase.auth.mfa, 'getAuthenticatorAssuranceLevel').mockResolvedValue(
    { data: { currentLevel: 'aal1', nextLevel: 'aal2', currentAuthenticationMethods: [] }, error: null } as never,
  );
  jest.spyOn(supabase.auth.mfa, 'listFactors').mockResolvedValue({ data: { all: [], totp: [{ id: 'f1' }], phone: [], webauthn: [] }, error: null } as never);
  const verify = jest.spyOn(supabase.auth.mfa, 'challengeAndVerify').mockResolvedValue({ data: {}, error: null } as never);
  const update = jest.spyOn(supabase.auth, 'updateUser').mockResolvedValue({ data: {}, error: null } as never);
  window.history.replaceState(null, '', '/auth/set-password#access_token=a.b.c&refresh_token=r1&type=recovery');
  renderAt('/auth/set-password');
  await screen.findByText('Enter the 6-digit code from your authenticator app.');
  expect(screen.queryByLabelText(/^New password/)).toBeNull();
  fill(/^Authentication code/, '123456');
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  await screen.findByLabelText(/^New password/);
  expect(verify).toHaveBeenCalledWith({ factorId: 'f1', code: '123456' });
  fill(/^New password/, 'brand-new-1');
  fill(/^Confirm password/, 'brand-new-1');
  fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin'));
  expect(update).toHaveBeenCalledWith({ password: 'brand-new-1' });
});

test('an invitation link asks for a name too; an expired link says so and offers a new one', async () => {
  jest.spyOn(supabase.auth, 'setSession').mockResolvedValue({ data: {}, error: null } as never);
  window.history.replaceState(null, '', '/auth/set-password#access_token=a.b.c&refresh_token=r1&type=invite');
  const first = renderAt('/auth/set-password');
  await screen.findByRole('heading', { name: 'Welcome to Buzz Haven' });
  expect(screen.getByLabelText(/^Your name/)).toBeTruthy();
  first.unmount();

  window.history.replaceState(null, '', '/auth/set-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=');
  renderAt('/auth/set-password');
  await screen.findByText('This link is invalid, has expired or was already used. Ask for a new one.');
  expect(screen.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe('/auth?forgot=1');
});

test('sessionFromLink: token_hash links go through verifyOtp; nothing means none', async () => {
  const verify = jest.spyOn(supabase.auth, 'verifyOtp').mockResolvedValue({ data: {}, error: null } as never);
  expect(await sessionFromLink('', '?token_hash=abc&type=recovery')).toEqual({ kind: 'session', type: 'recovery' });
  expect(verify).toHaveBeenCalledWith({ token_hash: 'abc', type: 'recovery' });
  expect(await sessionFromLink('', '')).toEqual({ kind: 'none' });
});

test('sign-in with a verified factor asks for the code, then opens the admin', async () => {
  jest.spyOn(supabase.auth, 'signInWithPassword').mockResolvedValue({ data: { user: {}, session: {} }, error: null } as never);
  jest.spyOn(supabase.auth, 'getSession').mockResolvedValue({ data: { session: null }, error: null } as never);
  jest.spyOn(supabase.auth.mfa, 'getAuthenticatorAssuranceLevel').mockResolvedValue(
    { data: { currentLevel: 'aal1', nextLevel: 'aal2', currentAuthenticationMethods: [] }, error: null } as never,
  );
  jest.spyOn(supabase.auth.mfa, 'listFactors').mockResolvedValue({ data: { all: [], totp: [{ id: 'f1' }], phone: [], webauthn: [] }, error: null } as never);
  const verify = jest.spyOn(supabase.auth.mfa, 'challengeAndVerify')
    .mockResolvedValueOnce({ data: null, error: new Error('Invalid TOTP code entered') } as never)
    .mockResolvedValueOnce({ data: {}, error: null } as never);
  renderAt('/auth?next=%2Fadmin%2Fusers');
  fill(/^Email/, 'owner@example.com');
  fill(/^Password/, 'buzzhaven-owner');
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByText('Enter the 6-digit code from your authenticator app.');
  fill(/^Authentication code/, '000 000');
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  await screen.findByText('Invalid TOTP code entered');
  fill(/^Authentication code/, '123456');
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/users'));
  expect(verify).toHaveBeenLastCalledWith({ factorId: 'f1', code: '123456' });
});

test('an owner without a second factor is asked to set one up, after the sign-in toast', async () => {
  jest.spyOn(supabase.auth, 'signInWithPassword').mockResolvedValue({ data: { user: {}, session: {} }, error: null } as never);
  jest.spyOn(supabase.auth, 'getSession').mockResolvedValue({ data: { session: { user: { id: 'auth-1' } } }, error: null } as never);
  jest.spyOn(supabase.auth.mfa, 'getAuthenticatorAssuranceLevel').mockResolvedValue(
    { data: { currentLevel: 'aal1', nextLevel: 'aal1', currentAuthenticationMethods: [] }, error: null } as never,
  );
  jest.spyOn(supabase, 'rpc').mockResolvedValue({ data: { id: 'u1', role: 'owner', is_active: true }, error: null } as never);
  renderAt('/auth');
  fill(/^Email/, 'owner@example.com');
  fill(/^Password/, 'buzzhaven-owner');
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByText('Signed in successfully!');
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin'), { timeout: 5000 });
  await screen.findByText('Protect your account: set up two-factor sign-in', undefined, { timeout: 7000 });
  expect(screen.getByRole('link', { name: 'Set up' }).getAttribute('href')).toBe('/admin/security?prompt=1');
}, 15000);
