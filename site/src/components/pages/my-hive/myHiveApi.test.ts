import { readFragment } from './myHiveApi';

describe('the sign-in link fragment', () => {
  test('a session', () => {
    expect(readFragment('#access_token=abc&expires_at=1900000000&expires_in=3600&refresh_token=r&token_type=bearer&type=magiclink&sb='))
      .toEqual({ session: { accessToken: 'abc', expiresAt: 1900000000 } });
  });
  test('a link used twice or expired', () => {
    expect(readFragment('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb='))
      .toEqual({ linkError: 'otp_expired' });
  });
  test('nothing', () => {
    expect(readFragment('')).toEqual({});
  });
});
