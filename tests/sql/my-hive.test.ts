/**
 * /my-hive in SQL: its RPC answers a signed-in person's own hive(s) only (adopter
 * by adoption e-mail, host by the hive's host e-mail, both once the e-mail is confirmed), with the
 * inspections staff marked to share; someone else's hive is refused. Host applications: the
 * service area, the yard minimum, the waitlist lead, the staff workflow to installed making the
 * applicant the hive's host. Volunteer shifts: sign-up until full, the roster.
 */
import { anon, createAuthUser, createMember, rpcOne, rpcRows, rpcValue, signedInBy, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Row = Record<string, any>;

describe.each(targets)('my hive, host applications and volunteering on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let owner: Caller;
  const hive: Record<string, string> = {};
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@myhive.test', 'staff');
    owner = await createMember(t.db, 'owner@myhive.test', 'owner');
    for (const name of ['Fig Hive', 'Oak Hive']) {
      hive[name] = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive', { p_name: name, p_location: '12 Secret Lane' }))!.id;
    }
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  /**
   * A person signed in by the e-mailed link (/my-hive's sign-in), whose e-mail the auth server
   * therefore confirmed.
   */
  const confirmedUser = async (email: string) => {
    const caller = await createAuthUser(t.db, email, 'otp');
    await t.db.query('update auth.users set email_confirmed_at = now() where id = $1', [caller.sub]);
    return caller;
  };
  const adopt = async (email: string, hiveId: string, status = 'active') => {
    const made = await rpcValue<Row>(t.db, anon, 'submit_buzz_haven_adoption_request', {
      p_tier: 'hive-guardian', p_plan: 'monthly', p_name: 'Ada Adopter', p_email: email,
    });
    await rpcOne(t.db, staff, 'update_buzz_haven_adoption_request', { p_id: made.id, p_hive_id: hiveId, p_status: status });
  };
  const inspect = (hiveId: string, args: Row) => rpcOne<Row>(t.db, staff, 'create_buzz_haven_inspection', {
    p_hive_id: hiveId, p_inspected_on: '2026-10-01', p_notes: 'Staff-only notes: varroa 3', ...args,
  });
  const myHives = (caller: Caller, hiveId?: string) =>
    rpcValue<Row>(t.db, caller, 'get_buzz_haven_my_hives', hiveId ? { p_hive_id: hiveId } : {});

  describe('inspection highlights', () => {
    test('share needs its sentence; the photo must be a web address', async () => {
      await expect(inspect(hive['Fig Hive'], { p_share: true })).rejects.toMatchObject({
        code: '23514', message: 'A shared highlight needs the sentence its people will read' });
      await expect(inspect(hive['Fig Hive'], { p_share: true, p_share_note: 'Busy bees', p_share_photo_url: 'javascript:alert(1)' }))
        .rejects.toMatchObject({ code: '23514', message: 'The shared photo must be a picture from the Media Library (a web address or an image)' });
      const made = await inspect(hive['Fig Hive'], { p_share: false, p_share_note: 'Draft' });
      const shared = await rpcOne<Row>(t.db, staff, 'update_buzz_haven_inspection', { p_id: made!.id, p_share: true });
      expect(shared).toMatchObject({ share: true, share_note: 'Draft' });
      await expect(rpcOne(t.db, staff, 'update_buzz_haven_inspection', { p_id: made!.id, p_clear: ['share_note'] }))
        .rejects.toMatchObject({ message: 'A shared highlight needs the sentence its people will read' });
      await rpcOne(t.db, staff, 'delete_buzz_haven_inspection', { p_id: made!.id }).catch(() => undefined);
      await rpcOne(t.db, owner, 'delete_buzz_haven_inspection', { p_id: made!.id });
    });
  });

  describe('my hives', () => {
    beforeAll(async () => {
      await inspect(hive['Fig Hive'], { p_share: true, p_share_note: 'The fig is in bloom and the bees love it.',
        p_share_photo_url: 'http://127.0.0.1:54321/storage/v1/object/public/media/2026/10/fig.jpg' });
      await inspect(hive['Fig Hive'], { p_inspected_on: '2026-10-08', p_notes: 'Not shared' });
      await inspect(hive['Oak Hive'], { p_share: true, p_share_note: 'Oak colony note' });
      await adopt('ada@myhive.test', hive['Fig Hive']);
      await adopt('bo@myhive.test', hive['Oak Hive']);
    }, SETUP_TIMEOUT);

    test('an adopter sees their hive, its shared highlights and their adoption; nothing staff-only', async () => {
      const ada = await confirmedUser('Ada@MyHive.test');
      const answer = await myHives(ada);
      expect(answer.email).toBe('ada@myhive.test');
      expect(answer.hives).toHaveLength(1);
      const [mine] = answer.hives;
      expect(mine).toMatchObject({ id: hive['Fig Hive'], name: 'Fig Hive', relations: ['adopter'], batches: [] });
      expect(mine.highlights).toEqual([expect.objectContaining({
        date: '2026-10-01', note: 'The fig is in bloom and the bees love it.',
        photo_url: 'http://127.0.0.1:54321/storage/v1/object/public/media/2026/10/fig.jpg' })]);
      expect(mine.adoptions).toEqual([expect.objectContaining({ tier: 'hive-guardian', plan: 'monthly', status: 'active' })]);
      const text = JSON.stringify(answer);
      for (const hidden of ['Oak', 'Secret Lane', 'Staff-only', 'Not shared']) expect(text).not.toContain(hidden);
    });

    test("asking for someone else's hive is refused, as is a hive that does not exist", async () => {
      const ada = await confirmedUser('ada2@myhive.test');
      await adopt('ada2@myhive.test', hive['Fig Hive']);
      await expect(myHives(ada, hive['Fig Hive'])).resolves.toMatchObject({ hives: [expect.objectContaining({ name: 'Fig Hive' })] });
      await expect(myHives(ada, hive['Oak Hive'])).rejects.toMatchObject({ code: '42501', message: 'This hive is not one of yours' });
      await expect(myHives(ada, '00000000-0000-4000-8000-000000000000'))
        .rejects.toMatchObject({ code: '42501', message: 'This hive is not one of yours' });
    });

    test('the e-mail comes from auth.users and must be confirmed; a forged claim is not enough', async () => {
      const unconfirmed = await createAuthUser(t.db, 'bo@myhive.test', 'otp');
      await expect(myHives(unconfirmed)).rejects.toMatchObject({ code: '42501',
        message: 'Confirm your e-mail address with the link we sent to see your hive' });
      const other = await confirmedUser('eve@myhive.test');
      const forged: Caller = { ...other, email: 'bo@myhive.test' } as Caller;
      await expect(myHives(forged)).resolves.toMatchObject({ email: 'eve@myhive.test', hives: [] });
      await expect(myHives(anon)).rejects.toMatchObject({ code: '42501', message: 'Sign in with the link we e-mail you to see your hive' });
    });

    test('only a session signed in by the e-mailed link or code answers; a password session never does', async () => {
      const ada = await confirmedUser('ada4@myhive.test');
      await adopt('ada4@myhive.test', hive['Fig Hive']);
      const signInFirst = { code: '42501', message: 'Sign in with the link we e-mail you to see your hive' };
      // The same confirmed account signed in with a password (a sign-up with the adopter's address,
      // or a password set before the adopter first signed in by link): refused, hive or not.
      await expect(myHives(signedInBy(ada, 'password'))).rejects.toMatchObject(signInFirst);
      await expect(myHives(signedInBy(ada, 'password'), hive['Fig Hive'])).rejects.toMatchObject(signInFirst);
      for (const proof of ['otp', 'magiclink', 'email/signup'] as const) {
        await expect(myHives(signedInBy(ada, proof))).resolves.toMatchObject({ hives: [expect.objectContaining({ name: 'Fig Hive' })] });
      }
    });

    test('the amr claim must name a link or code; missing, malformed or other methods are refused', async () => {
      const ada = await confirmedUser('ada5@myhive.test');
      const withAmr = (amr: unknown) => t.db.transaction(async (tx) => {
        await tx.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
          [JSON.stringify({ sub: ada.sub, role: 'authenticated', aud: 'authenticated', ...(amr === undefined ? {} : { amr }) })]);
        return (await tx.query<{ j: Row }>('select public.get_buzz_haven_my_hives() as j')).rows[0].j;
      });
      const refused = { code: '42501', message: 'Sign in with the link we e-mail you to see your hive' };
      for (const amr of [undefined, null, 'otp', { method: 'otp' }, [], [{ method: 'password' }], [{ method: 'totp' }, { method: 'password' }], [{}]]) {
        await expect(withAmr(amr)).rejects.toMatchObject(refused);
      }
      await expect(withAmr(['otp'])).resolves.toMatchObject({ email: 'ada5@myhive.test' });
      await expect(withAmr([{ method: 'totp' }, { method: 'otp' }])).resolves.toMatchObject({ email: 'ada5@myhive.test' });
    });

    test('an ended adoption no longer shows its hive', async () => {
      const cy = await confirmedUser('cy@myhive.test');
      await adopt('cy@myhive.test', hive['Oak Hive'], 'ended');
      await expect(myHives(cy)).resolves.toMatchObject({ hives: [] });
    });

    test('the API roles cannot read the tables behind it', async () => {
      const ada = await confirmedUser('ada3@myhive.test');
      await expect(t.db.transaction(async (tx) => {
        await tx.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
          [JSON.stringify({ sub: ada.sub, role: 'authenticated' })]);
        return tx.query('select * from buzz_haven.hive_inspections');
      })).rejects.toMatchObject({ code: '42501' });
    });
  });

  describe('host applications', () => {
    const apply = (args: Row = {}) => rpcValue<Row>(t.db, anon, 'submit_buzz_haven_host_application', {
      p_name: 'Hana Host', p_email: 'hana@myhive.test', p_address: '5 Linden Ave', p_zip: '90042',
      p_yard_length_ft: 20, p_yard_width_ft: 15, p_sun: 'full', p_water: 'nearby', p_access: 'level',
      p_pets: true, p_children: false, p_hive_style: 'artistic', ...args,
    });
    const update = (args: Row) => rpcOne<Row>(t.db, staff, 'update_buzz_haven_host_application', args);

    test('the service area and minimum are public', async () => {
      await expect(rpcValue(t.db, anon, 'get_buzz_haven_service_area')).resolves.toEqual({
        areas: [{ area: 'East Hills', zips: ['90031', '90032', '90041', '90042', '90065'] }], min_length_ft: 10, min_width_ft: 10,
      });
    });

    test('an out-of-area ZIP is kept as a waitlist lead and the answer names the service area', async () => {
      const made = await apply({ p_zip: '94110', p_email: 'far@myhive.test' });
      expect(made).toMatchObject({ in_area: false, status: 'waitlist', area: null,
        areas: [{ area: 'East Hills', zips: ['90031', '90032', '90041', '90042', '90065'] }] });
      const rows = await rpcRows<Row>(t.db, staff, 'get_buzz_haven_host_applications');
      expect(rows.find((r) => r.id === made.id)).toMatchObject({ zip: '94110', status: 'waitlist', in_area: false, name: 'Hana Host' });
    });

    test.each([
      [{ p_yard_length_ft: 8, p_yard_width_ft: 12 }, 'A hive needs a yard of at least 10 ft x 10 ft: room for the hive, a water source and our beekeepers to work around it. 8 ft x 12 ft is smaller. If another spot is larger, measure it and apply again, or adopt a hive instead.', ''],
      [{ p_zip: '9004' }, 'ZIP code must be 5 digits', 'zip'],
      [{ p_hive_style: 'golden' }, 'Hive must be one of the hosting plans (standard, artistic)', ''],
      [{ p_pets: null }, 'Tell us whether pets use the yard', ''],
      [{ p_email: 'nope' }, 'A valid email is required', ''],
      [{ p_yard_length_ft: null }, "The yard's length and width are required (in feet)", ''],
      [{ p_name: ' ' }, 'Name is required', ''],
      [{ p_address: '' }, 'Street address is required', ''],
      // host_applications' CHECKs: 23514 with the same words, naming the field
      [{ p_yard_length_ft: 0 }, "The yard's length and width must be between 1 and 10000 feet", 'yard_length_ft'],
      [{ p_yard_width_ft: 10001 }, "The yard's length and width must be between 1 and 10000 feet", 'yard_width_ft'],
      [{ p_sun: 'moon' }, 'Sun must be full, partial or shade', 'sun'],
      [{ p_water: 'river' }, 'Water must be on_site, nearby or none', 'water'],
      [{ p_access: 'ladder' }, 'Access must be level, steps or difficult', 'access'],
      [{ p_name: 'n'.repeat(201) }, 'Name is too long (200 characters at most)', 'name'],
      [{ p_phone: '1'.repeat(41) }, 'Phone is too long (40 characters at most)', 'phone'],
      [{ p_address: 'a'.repeat(301) }, 'Street address is too long (300 characters at most)', 'address'],
      [{ p_yard_photo_url: 'ftp://x.test/y.jpg' }, 'The yard photo must be a web address', 'yard_photo_url'],
      [{ p_message: 'm'.repeat(1001) }, 'Message is too long (1000 characters at most)', 'message'],
      // checked before the honeypot's answer, as before
      [{ p_yard_length_ft: 0, p_website: 'spam' }, "The yard's length and width must be between 1 and 10000 feet", 'yard_length_ft'],
    ])('refuses %j with its explanation, storing nothing', async (args, message, field) => {
      const before = (await rpcRows(t.db, staff, 'get_buzz_haven_host_applications')).length;
      await expect(apply(args)).rejects.toMatchObject(field
        ? { code: '23514', message, detail: expect.stringContaining(`"field" : "${field}"`) }
        : { code: '22023', message });
      expect(await rpcRows(t.db, staff, 'get_buzz_haven_host_applications')).toHaveLength(before);
    });

    test('a missing choice keeps its words (the NOT NULL row)', async () => {
      await expect(apply({ p_sun: null })).rejects.toMatchObject({ code: '23502', message: 'Sun must be full, partial or shade' });
    });

    test('the yard minimum is a table row staff change', async () => {
      const [min] = await rpcRows<Row>(t.db, staff, 'get_buzz_haven_host_yard_minimum');
      await rpcOne(t.db, staff, 'update_buzz_haven_host_yard_minimum', { p_id: min.id, p_length_ft: 12 });
      await expect(apply({ p_yard_length_ft: 11, p_yard_width_ft: 11 })).rejects.toMatchObject({ message: expect.stringContaining('at least 12 ft x 10 ft') });
      await rpcOne(t.db, staff, 'update_buzz_haven_host_yard_minimum', { p_id: min.id, p_length_ft: 10 });
    });

    test('a ZIP staff add to the service area is in area from then on', async () => {
      await expect(rpcOne(t.db, anon, 'create_buzz_haven_service_area_zip', { p_zip: '90033', p_area: 'Boyle Heights' }))
        .rejects.toMatchObject({ code: '42501' });
      await rpcOne(t.db, staff, 'create_buzz_haven_service_area_zip', { p_zip: '90033', p_area: 'Boyle Heights' });
      await expect(apply({ p_zip: '90033', p_email: 'bh@myhive.test' })).resolves.toMatchObject({ in_area: true, status: 'new', area: 'Boyle Heights' });
      await expect(rpcOne(t.db, staff, 'create_buzz_haven_service_area_zip', { p_zip: '90033', p_area: 'Again' }))
        .rejects.toMatchObject({ message: 'This ZIP code is already in the service area' });
      // The area's bound is the table's CHECK: 23514 with its message, naming the field.
      for (const p_area of [' ', 'x'.repeat(101)]) {
        await expect(rpcOne(t.db, staff, 'create_buzz_haven_service_area_zip', { p_zip: '90034', p_area }))
          .rejects.toMatchObject({ code: '23514', message: 'Area is required (100 characters at most)', detail: expect.stringContaining('"field" : "area"') });
      }
    });

    test('staff take it new -> site visit -> approved -> installed; the applicant becomes the host and sees the hive', async () => {
      const made = await apply({ p_email: 'Hana@MyHive.test' });
      expect(made).toMatchObject({ in_area: true, status: 'new', area: 'East Hills' });
      await expect(update({ p_id: made.id, p_status: 'approved' }))
        .rejects.toMatchObject({ code: '22023', message: 'An application that is new can only become site visit booked or declined' });
      await update({ p_id: made.id, p_status: 'site_visit_booked', p_site_visit_at: '2026-12-02T17:00:00Z' });
      await update({ p_id: made.id, p_status: 'approved' });
      await expect(update({ p_id: made.id, p_status: 'installed' })).rejects.toMatchObject({ message: 'Choose the hive that was installed' });
      const newHive = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive', { p_name: 'Linden Hive' }))!.id;
      const hana = await confirmedUser('hana@myhive.test');
      await expect(myHives(hana, newHive)).rejects.toMatchObject({ message: 'This hive is not one of yours' });
      await expect(update({ p_id: made.id, p_status: 'installed', p_hive_id: newHive })).resolves.toMatchObject({ status: 'installed', hive_id: newHive });
      const [listed] = (await rpcRows<Row>(t.db, staff, 'get_buzz_haven_hives')).filter((h) => h.id === newHive);
      expect(listed.host).toBe('Hana Host');
      await expect(myHives(hana)).resolves.toMatchObject({ hives: [expect.objectContaining({ name: 'Linden Hive', relations: ['host'] })] });
      await expect(myHives(hana, hive['Fig Hive'])).rejects.toMatchObject({ message: 'This hive is not one of yours' });
      await expect(update({ p_id: made.id, p_status: 'declined', p_decline_reason: 'x' }))
        .rejects.toMatchObject({ message: 'An application that is installed can only become nothing else' });
    });

    test('declined needs its reason', async () => {
      const made = await apply({ p_email: 'dee@myhive.test' });
      await expect(update({ p_id: made.id, p_status: 'declined' })).rejects.toMatchObject({ message: 'Give the reason the application is declined' });
      await expect(update({ p_id: made.id, p_status: 'declined', p_decline_reason: 'The yard faces a school gate.' }))
        .resolves.toMatchObject({ status: 'declined', decline_reason: 'The yard faces a school gate.' });
      await expect(rpcRows(t.db, anon, 'get_buzz_haven_host_applications')).rejects.toMatchObject({ code: '42501' });
    });
  });

  describe('volunteer shifts', () => {
    let shift: string;
    beforeAll(async () => {
      const start = new Date(Date.now() + 7 * 86400_000).toISOString();
      shift = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_event', {
        p_title: 'Planting Day', p_start_time: start, p_kind: 'volunteer', p_capacity: 2, p_is_public: true,
      }))!.id;
    }, SETUP_TIMEOUT);
    const signUp = (args: Row) => rpcValue<Row>(t.db, anon, 'submit_buzz_haven_volunteer_signup', {
      p_event_id: shift, p_name: 'Val', p_phone: '555-0100', ...args });

    test('a volunteer shift needs a capacity', async () => {
      await expect(rpcOne(t.db, staff, 'create_buzz_haven_event', {
        p_title: 'No cap', p_start_time: new Date(Date.now() + 86400_000).toISOString(), p_kind: 'volunteer' }))
        .rejects.toMatchObject({ message: 'A volunteer shift needs its capacity (how many volunteers)' });
    });

    test('sign-ups until full, then a clear refusal; the roster lists them', async () => {
      await expect(rpcRows(t.db, anon, 'get_buzz_haven_volunteer_shifts')).resolves.toEqual([
        expect.objectContaining({ id: shift, title: 'Planting Day', capacity: 2, places_left: 2 })]);
      await expect(signUp({ p_email: 'v1@myhive.test', p_phone: '' })).rejects.toMatchObject({ message: 'Phone is required' });
      await expect(signUp({ p_email: 'v1@myhive.test' })).resolves.toMatchObject({ places_left: 1 });
      await expect(signUp({ p_email: 'V1@myhive.test' })).rejects.toMatchObject({ message: 'You are already signed up for this shift' });
      await expect(signUp({ p_email: 'v2@myhive.test' })).resolves.toMatchObject({ places_left: 0 });
      await expect(signUp({ p_email: 'v3@myhive.test' })).rejects.toMatchObject({
        code: '22023', message: 'This shift is full: every place has been taken. Please choose another shift.' });
      await expect(rpcRows(t.db, anon, 'get_buzz_haven_volunteer_shifts')).resolves.toEqual([expect.objectContaining({ places_left: 0 })]);
      const roster = await rpcRows<Row>(t.db, staff, 'get_buzz_haven_volunteer_signups');
      expect(roster.filter((r) => r.event_id === shift).map((r) => [r.email, r.phone, r.event_title]))
        .toEqual([['v1@myhive.test', '555-0100', 'Planting Day'], ['v2@myhive.test', '555-0100', 'Planting Day']]);
      await expect(rpcRows(t.db, anon, 'get_buzz_haven_volunteer_signups')).rejects.toMatchObject({ code: '42501' });
    });

    test('a workshop is not a volunteer shift', async () => {
      const workshop = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_event', {
        p_title: 'Workshop', p_start_time: new Date(Date.now() + 86400_000).toISOString(), p_kind: 'workshop', p_capacity: 5, p_is_public: true,
      }))!.id;
      await expect(signUp({ p_event_id: workshop, p_email: 'w@myhive.test' }))
        .rejects.toMatchObject({ code: 'PT404', message: 'This shift is not open for sign-ups' });
    });
  });
});

describe.each(targets)('my hive on the seeded database on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target, { seed: true });
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test("an adopter of Sanctuary Hive 1 sees its art wrap and the published batch its honey went into", async () => {
    const staff = await createMember(t.db, 'staff@seeded.test', 'staff');
    const made = await rpcValue<Row>(t.db, anon, 'submit_buzz_haven_adoption_request', {
      p_tier: 'swarm-supporter', p_plan: 'monthly', p_name: 'Sol', p_email: 'sol@seeded.test' });
    await rpcOne(t.db, staff, 'update_buzz_haven_adoption_request', {
      p_id: made.id, p_hive_id: 'b0220000-0000-4000-8000-000000000401', p_status: 'active' });
    const sol = await createAuthUser(t.db, 'sol@seeded.test', 'otp');
    await t.db.query('update auth.users set email_confirmed_at = now() where id = $1', [sol.sub]);
    const answer = await rpcValue<Row>(t.db, sol, 'get_buzz_haven_my_hives');
    expect(answer.hives).toHaveLength(1);
    expect(answer.hives[0]).toMatchObject({
      name: 'Sanctuary Hive 1',
      wrap: { title: 'Honeycomb Night', artist: 'Dev Patel', photo_url: expect.stringMatching(/^data:image\//) },
      batches: [{ code: 'EH-26F-01', product: expect.any(String), season: 'fall', harvested_on: '2026-10-03' }],
    });
    expect(answer.workshops.length).toBeGreaterThan(0);
  });
});
