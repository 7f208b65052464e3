import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL, resolveSupabaseEnv } from '../../supabase-env';

const hosted = { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'sb_publishable_x' };

afterEach(() => jest.restoreAllMocks());

test('uses the given project', () => {
  expect(resolveSupabaseEnv(hosted, true)).toEqual({ url: 'https://abc.supabase.co', anonKey: 'sb_publishable_x' });
});

test('defaults to the embedded backend; a production build warns', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  expect(resolveSupabaseEnv({}, false)).toEqual({ url: LOCAL_SUPABASE_URL, anonKey: LOCAL_SUPABASE_ANON_KEY });
  expect(warn).not.toHaveBeenCalled();
  expect(resolveSupabaseEnv({ VITE_SUPABASE_URL: 'https://abc.supabase.co' }, true).anonKey).toBe(LOCAL_SUPABASE_ANON_KEY);
  expect(warn.mock.calls[0][0]).toMatch(/Missing VITE_SUPABASE_ANON_KEY/);
});

test('BUZZ_REQUIRE_SUPABASE_ENV=1 makes a production build without them fail clearly', () => {
  expect(() => resolveSupabaseEnv({ BUZZ_REQUIRE_SUPABASE_ENV: '1' }, true))
    .toThrow('Missing VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY for the admin production build. Set them');
  expect(resolveSupabaseEnv({ ...hosted, BUZZ_REQUIRE_SUPABASE_ENV: '1' }, true).url).toBe('https://abc.supabase.co');
});
