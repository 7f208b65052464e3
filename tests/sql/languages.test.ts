/**
 * The languages the database knows (buzz_haven.languages, which request and content rows refer
 * to) are the ones the build and the browser know (content-schema/locales.ts), English the default.
 */
import { defaultLocale, locales } from '../../supabase/functions/_shared/content-schema/locales';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('languages on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('the table lists the site\'s languages, one default', async () => {
    const { rows } = await t.db.query<{ code: string; is_default: boolean }>(
      'select code, is_default from buzz_haven.languages order by code');
    expect(rows.map((r) => r.code)).toEqual([...locales].sort());
    expect(rows.filter((r) => r.is_default).map((r) => r.code)).toEqual([defaultLocale]);
  });

  test('a second default is refused', async () => {
    await expect(t.db.query("update buzz_haven.languages set is_default = true where code = 'es'"))
      .rejects.toMatchObject({ code: '23505' });
  });
});
