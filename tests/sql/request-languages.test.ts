/**
 * A visitor request keeps the language of the page it was made on (p_locale, default 'en'): the
 * row stores it, the outbox row written with it carries it, and a refused request is told why in
 * that language (the RPC's own rules, a table CHECK's row, a bound the CHECK says itself). Calls
 * without p_locale stay English, word for word.
 */
import { anon, createMember, rpcValue, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('request languages on %s', (target) => {
  let t: TestDb;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    await createMember(t.db, 'owner@languages.test', 'owner');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const localeOf = async (table: string, id: string) =>
    (await t.db.query<{ locale: string }>(`select locale from buzz_haven.${table} where id = $1`, [id])).rows[0]?.locale;
  const outboxLocales = async (relatedId: string) =>
    (await t.db.query<{ kind: string; locale: string }>(
      'select kind, locale from buzz_haven.outbox_messages where related_id = $1 order by kind', [relatedId])).rows;
  const call = (caller: Caller, fn: string, args: Record<string, unknown>) => rpcValue<any>(t.db, caller, fn, args);
  const adopt = (args: Record<string, unknown>) => call(anon, 'submit_buzz_haven_adoption_request', {
    p_tier: 'hive-guardian', p_plan: 'monthly', p_name: 'Ana', p_email: `ana${++n}@example.com`, ...args,
  });

  test('a Spanish newsletter sign-up is kept in Spanish, its confirmation e-mail too; without p_locale it is English', async () => {
    await call(anon, 'subscribe_buzz_haven_newsletter', { p_email: 'lucia@example.com', p_locale: 'es' });
    await call(anon, 'subscribe_buzz_haven_newsletter', { p_email: 'june@example.com' });
    const rows = (await t.db.query<{ email: string; locale: string; id: string }>(
      "select email, locale, id from buzz_haven.newsletter_subscribers where email in ('lucia@example.com', 'june@example.com') order by email")).rows;
    expect(rows.map((r) => [r.email, r.locale])).toEqual([['june@example.com', 'en'], ['lucia@example.com', 'es']]);
    expect(await outboxLocales(rows[1]!.id)).toEqual([{ kind: 'newsletter_confirm', locale: 'es' }]);
    expect(await outboxLocales(rows[0]!.id)).toEqual([{ kind: 'newsletter_confirm', locale: 'en' }]);
  });

  test('a Spanish swarm report: the reporter hears in Spanish, staff alerts stay English', async () => {
    const { id } = await call(anon, 'submit_buzz_haven_swarm_report', {
      p_location: '5 Elm St', p_formed_when: 'under_24h', p_size: 'football', p_height: 'reachable', p_in_structure: false,
      p_phone: '(323) 555-0101', p_name: 'Rosa', p_email: 'rosa@example.com', p_locale: 'es',
    });
    expect(await localeOf('swarm_reports', id)).toBe('es');
    expect(await outboxLocales(id)).toEqual([{ kind: 'staff_swarm_alert', locale: 'en' }, { kind: 'swarm_report_received', locale: 'es' }]);
  });

  test('each visitor request table keeps the language, English by default', async () => {
    const spanish = await adopt({ p_locale: 'es' });
    const english = await adopt({});
    expect([await localeOf('adoption_requests', spanish.id), await localeOf('adoption_requests', english.id)]).toEqual(['es', 'en']);
    const contact = await call(anon, 'submit_buzz_haven_contact_message', {
      p_name: 'Luis', p_email: 'luis@example.com', p_subject: 'Hola', p_message: 'Una pregunta', p_locale: 'es',
    });
    expect(await localeOf('contact_messages', contact)).toBe('es');
  });

  test.each([
    ["the RPC's own rule", { p_name: '' }, '22023', 'El nombre es obligatorio', 'Name is required'],
    ['a rule with its values filled in', { p_tier: 'queen' }, '22023', 'Nivel: debe ser swarm-supporter, hive-guardian o apiary-insider',
      'Tier must be swarm-supporter, hive-guardian or apiary-insider'],
    ["a bound adoption_requests' CHECK says itself", { p_message: 'm'.repeat(501) }, '23514', 'Mensaje: no puede tener más de 500 caracteres', 'Message is too long (500 characters at most)'],
  ])('an adoption refused by %s: in Spanish on a Spanish page, in English without p_locale', async (_rule, args, code, spanish, english) => {
    await expect(adopt({ ...args, p_locale: 'es' })).rejects.toMatchObject({ code, message: spanish });
    await expect(adopt(args)).rejects.toMatchObject({ code, message: english });
  });

  test("a table CHECK's own words in Spanish: the host application's ZIP", async () => {
    const apply = (locale?: string) => call(anon, 'submit_buzz_haven_host_application', {
      p_name: 'Eva', p_email: 'eva@example.com', p_address: '1 Main St', p_zip: '9004', p_yard_length_ft: 30,
      p_yard_width_ft: 30, p_sun: 'full', p_water: 'on_site', p_access: 'level', p_pets: false, p_children: false,
      p_hive_style: 'standard', ...(locale ? { p_locale: locale } : {}),
    });
    await expect(apply('es')).rejects.toMatchObject({ code: '23514', message: 'El código postal debe tener 5 dígitos' });
    await expect(apply()).rejects.toMatchObject({ code: '23514', message: 'ZIP code must be 5 digits' });
  });

  test("a rule's Spanish may leave out an argument its English uses: the workshop's places left", async () => {
    const refuse = (locale: string) => t.db.query(`select set_config('buzz_haven.locale', '${locale}', true),
      buzz_haven.refuse('registration_places_left', 'PT409', array['3', 'places'])`);
    await expect(refuse('es')).rejects.toMatchObject({ code: 'PT409', message: 'Solo quedan 3 lugar(es) en este taller' });
    await expect(refuse('en')).rejects.toMatchObject({ code: 'PT409', message: 'Only 3 places left in this workshop' });
  });

  test('a language the site does not speak is refused; the refusal leaves no language behind', async () => {
    await expect(call(anon, 'subscribe_buzz_haven_newsletter', { p_email: 'x@example.com', p_locale: 'fr' }))
      .rejects.toMatchObject({ code: '22023', message: 'Locale must be one of en, es' });
    // a Spanish request's setting is the transaction's only
    await expect(adopt({ p_name: '', p_locale: 'es' })).rejects.toThrow('El nombre es obligatorio');
    await expect(adopt({ p_name: '' })).rejects.toThrow('Name is required');
  });
});
