/**
 * The /auth page in jsdom with the real supabase-js client; only its network-facing auth
 * methods and `rpc` are stubbed.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthPage } from './AuthPage';
import { ToastProvider } from './toast';
import { supabase } from '../providers/supabase';
import { stubRpc } from '../test/rpcStub';

jest.mock('../loadApp', () => ({ loadApp: () => Promise.resolve() })); // no admin chunk in jsdom

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
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
  );

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => jest.restoreAllMocks());

test('sign-in: "Signing In..." disabled while submitting, toast, then the requested page', async () => {
  let finish: (v: unknown) => void = () => undefined;
  jest.spyOn(supabase.auth, 'signInWithPassword').mockReturnValue(new Promise((r) => { finish = r; }) as never);
  jest.spyOn(supabase.auth, 'getSession').mockResolvedValue({ data: { session: null }, error: null } as never);
  renderAt('/auth?next=%2Fadmin%2Fhives');
  expect(screen.getByText('Buzz Haven Admin')).toBeTruthy();
  fill(/^Email/, 'owner@example.com');
  fill(/^Password/, 'buzzhaven-owner');
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  const busy = await screen.findByRole('button', { name: 'Signing In...' });
  expect(busy.hasAttribute('disabled')).toBe(true);
  await act(async () => finish({ data: { user: {}, session: {} }, error: null }));
  await screen.findByText('Signed in successfully!');
  expect(screen.getByTestId('where').textContent).toBe('/admin/hives');
});

test('sign-in failure: the service message, else "Error signing in"', async () => {
  jest.spyOn(supabase.auth, 'signInWithPassword')
    .mockResolvedValueOnce({ data: { user: null, session: null }, error: new Error('Invalid login credentials') } as never)
    .mockResolvedValueOnce({ data: { user: null, session: null }, error: new Error('') } as never);
  renderAt('/auth');
  fill(/^Email/, 'owner@example.com');
  fill(/^Password/, 'wrong');
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByText('Invalid login credentials');
  fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
  await screen.findByText('Error signing in');
});

test('sign-up: auth sign-up with full_name, then the profile RPC, then the Sign In tab', async () => {
  const signUp = jest.spyOn(supabase.auth, 'signUp').mockResolvedValue(
    { data: { user: { id: 'auth-9' }, session: { access_token: 't' } }, error: null } as never,
  );
  const signOut = jest.spyOn(supabase.auth, 'signOut').mockResolvedValue({ error: null });
  const rpc = stubRpc({ create_buzz_haven_user: { data: { id: 'u9' } } });
  renderAt('/auth');
  fireEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
  fill(/^Full Name/, 'Pat Pending');
  fill(/^Email/, 'pat@example.com');
  fill(/^Password/, 'secret-123');
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  await screen.findByText('Account created successfully! Please sign in.');
  expect(signUp).toHaveBeenCalledWith({
    email: 'pat@example.com', password: 'secret-123', options: { data: { full_name: 'Pat Pending' } },
  });
  expect(rpc).toHaveBeenCalledWith('create_buzz_haven_user', {
    p_email: 'pat@example.com', p_name: 'Pat Pending', p_auth_user_id: 'auth-9',
  });
  expect(signOut).toHaveBeenCalledWith({ scope: 'local' });
  await waitFor(() => expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true'));
  expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('pat@example.com');
});

test('sign-up with e-mail confirmation on (no session): success, no profile call yet', async () => {
  jest.spyOn(supabase.auth, 'signUp').mockResolvedValue(
    { data: { user: { id: 'auth-7' }, session: null }, error: null } as never,
  );
  const rpc = stubRpc({});
  renderAt('/auth');
  fireEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
  fill(/^Full Name/, 'Casey Confirm');
  fill(/^Email/, 'casey@example.com');
  fill(/^Password/, 'secret-123');
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  await screen.findByText('Account created successfully! Please sign in.');
  expect(rpc).not.toHaveBeenCalled();
});

test('sign-up failure in the profile step: its message; without one "Error creating account"', async () => {
  jest.spyOn(supabase.auth, 'signUp').mockResolvedValue(
    { data: { user: { id: 'auth-9' }, session: { access_token: 't' } }, error: null } as never,
  );
  jest.spyOn(supabase.auth, 'signOut').mockResolvedValue({ error: null });
  stubRpc({ create_buzz_haven_user: { error: { message: '' }, status: 500 } });
  renderAt('/auth');
  fireEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
  fill(/^Full Name/, 'Pat');
  fill(/^Email/, 'pat@example.com');
  fill(/^Password/, 'secret-123');
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  await screen.findByText('Error creating account');
  expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
});

test('the tabs follow the ARIA tabs pattern: each controls a tabpanel labelled by it', async () => {
  renderAt('/auth');
  for (const name of ['Sign In', 'Sign Up']) {
    fireEvent.click(screen.getByRole('tab', { name }));
    const tab = screen.getByRole('tab', { name });
    const panel = screen.getByRole('tabpanel', { name });
    expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tab.id);
    expect(within(panel).getByLabelText(/Password/)).toBeTruthy();
  }
});
