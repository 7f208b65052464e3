/**
 * The generic SQL helpers that the per-resource RPCs call (SQL that would repeat itself per
 * resource is written once, in the foundation area). Each is called here
 * directly, as an RPC calls it (the migration owner, with the request's JWT claims), so a helper
 * that stops refusing, stops raising its message or deletes the wrong row fails here, whatever
 * RPC uses it. The API roles cannot call them.
 */
import type { Db } from '../../supabase/local/src/db/index';
import { createMember, sqlAs, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Member = Awaited<ReturnType<typeof createMember>>;

/** Runs `sql` as the migration owner (an RPC's security definer) with `caller`'s claims. */
async function withClaims<T>(db: Db, caller: Member | null, sql: string, params: unknown[] = []): Promise<T[]> {
  const claims = caller ? { sub: caller.sub, email: caller.email, role: 'authenticated', aal: 'aal1' } : { role: 'anon' };
  return db.transaction(async (tx) => {
    await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claims)]);
    return (await tx.query<T>(sql, params)).rows;
  });
}

const failure = (p: Promise<unknown>) =>
  p.then(() => 'ok', (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }));

describe.each(targets)('generic helpers on %s', (target) => {
  let t: TestDb;
  let owner: Member;
  let staff: Member;
  beforeAll(async () => {
    t = await openTarget(target);
    owner = await createMember(t.db, 'olive@helpers.test', 'owner');
    staff = await createMember(t.db, 'stan@helpers.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  /** Each call, made by a signed-in member as an API role, is refused: no EXECUTE grant. */
  const apiRolesRefused = async (calls: string[]) => {
    const authed = { role: 'authenticated', sub: owner.sub, email: owner.email } as Caller;
    for (const call of calls) expect(await failure(sqlAs(t.db, authed, call))).toMatchObject({ code: '42501' });
  };

  const term = async (months: number) =>
    (await t.db.query<{ id: string }>('insert into buzz_haven.adopt_gift_terms (months) values ($1) returning id', [months])).rows[0]!.id;
  const remaining = async (id: string) =>
    (await t.db.query('select 1 from buzz_haven.adopt_gift_terms where id = $1', [id])).rows.length;
  const deleteRow = (caller: Member | null, id: string, rest = '') =>
    withClaims<{ months: number; id: string }>(t.db, caller,
      `select * from buzz_haven.delete_row(null::buzz_haven.adopt_gift_terms, $1, 'Gift term not found', 'Only owners delete terms'${rest})`,
      [id]);

  describe('delete_row', () => {
    test('deletes the row with that id and returns it, the others stay', async () => {
      const [gone, kept] = [await term(21), await term(22)];
      expect(await deleteRow(owner, gone)).toEqual([expect.objectContaining({ id: gone, months: 21 })]);
      expect([await remaining(gone), await remaining(kept)]).toEqual([0, 1]);
    });

    test('a missing id raises the given message as PT404', async () => {
      expect(await failure(deleteRow(owner, '00000000-0000-4000-8000-000000000000')))
        .toEqual({ code: 'PT404', message: 'Gift term not found' });
    });

    test('a caller without one of the roles gets the refusal as 42501 and the row stays', async () => {
      const id = await term(23);
      expect(await failure(deleteRow(staff, id))).toEqual({ code: '42501', message: 'Only owners delete terms' });
      expect(await failure(deleteRow(null, id))).toEqual({ code: '42501', message: 'Not signed in' });
      expect(await remaining(id)).toBe(1);
    });

    test('the roles it allows are its argument; null leaves the check to the RPC', async () => {
      const [a, b] = [await term(19), await term(20)];
      expect(await deleteRow(staff, a, ", array['owner', 'admin', 'staff']")).toHaveLength(1);
      expect(await deleteRow(null, b, ', null')).toHaveLength(1);
      expect([await remaining(a), await remaining(b)]).toEqual([0, 0]);
    });

    test('p_then runs once the row is gone, over its columns (t); what it raises undoes the delete', async () => {
      const id = await term(14);
      const gone = ", p_then => 'buzz_haven.check_input(not exists (select 1 from buzz_haven.adopt_gift_terms as g where g.id = t.id), ''still there'')'";
      expect(await deleteRow(owner, id, gone)).toEqual([expect.objectContaining({ id, months: 14 })]);
      const kept = await term(15);
      expect(await failure(deleteRow(owner, kept, ", p_then => 'buzz_haven.check_input(false, t.months::text)'")))
        .toEqual({ code: '22023', message: '15' });
      expect(await remaining(kept)).toBe(1);
    });

    test('a row type that is not a table\'s is refused', async () => {
      expect(await failure(withClaims(t.db, owner, "select buzz_haven.delete_row(null::int, gen_random_uuid(), 'x')")))
        .toEqual({ code: '22023', message: 'integer is not a table\'s row type' });
    });

    test('the API roles cannot call it', async () => {
      const id = await term(18);
      const call = `select buzz_haven.delete_row(null::buzz_haven.adopt_gift_terms, '${id}'::uuid, 'x')`;
      for (const caller of [{ role: 'anon' }, { role: 'authenticated', sub: owner.sub, email: owner.email }] as Caller[]) {
        expect(await failure(sqlAs(t.db, caller, call))).toMatchObject({ code: '42501' });
      }
      expect(await remaining(id)).toBe(1);
    });
  });

  describe('lock_row, insert_row, update_row, check_free', () => {
    const zip = async (code: string, area: string) =>
      (await t.db.query<{ id: string }>('insert into buzz_haven.service_area_zips (zip, area) values ($1, $2) returning id', [code, area])).rows[0]!.id;
    const asOwner = <T>(sql: string, params: unknown[] = []) => withClaims<T>(t.db, owner, sql, params);

    test('lock_row returns the row with that id, locked; a missing id raises the message as PT404', async () => {
      const id = await zip('94990', 'Lock Test');
      const rows = await t.db.transaction(async (tx) => {
        const row = (await tx.query<{ zip: string; area: string }>(
          "select * from buzz_haven.lock_row(null::buzz_haven.service_area_zips, $1, 'ZIP not found')", [id])).rows;
        const locks = (await tx.query<{ n: string }>(
          "select count(*)::text as n from pg_locks where relation = 'buzz_haven.service_area_zips'::regclass and mode = 'RowShareLock'")).rows;
        return { row, locks };
      });
      expect(rows.row).toEqual([expect.objectContaining({ zip: '94990', area: 'Lock Test' })]);
      expect(rows.locks).toEqual([{ n: '1' }]);
      expect(await failure(asOwner("select buzz_haven.lock_row(null::buzz_haven.service_area_zips, gen_random_uuid(), 'ZIP not found')")))
        .toEqual({ code: 'PT404', message: 'ZIP not found' });
    });

    test('insert_row stores the row as built, a null field taking its column\'s default', async () => {
      const [row] = await asOwner<{ id: string; months: number; created_at: string }>(
        'select * from buzz_haven.insert_row(row(null, 17, null, null)::buzz_haven.adopt_gift_terms)');
      expect(row).toMatchObject({ months: 17, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(Date.parse(row!.created_at)).toBeGreaterThan(Date.now() - 600_000);
      expect(await remaining(row!.id)).toBe(1);
      // the table's rules still hold: a second 17 breaks the unique constraint
      expect(await failure(asOwner('select buzz_haven.insert_row(row(null, 17, null, null)::buzz_haven.adopt_gift_terms)')))
        .toMatchObject({ code: '23505' });
    });

    test('update_row writes every field of the row back to the row with its id, and only that row', async () => {
      const [a, b] = [await zip('94991', 'Before'), await zip('94992', 'Other')];
      const [row] = await asOwner<{ id: string; zip: string; area: string }>(
        `select * from buzz_haven.update_row((select (r.id, $2, 'After', r.created_at, r.updated_at)::buzz_haven.service_area_zips
           from buzz_haven.service_area_zips as r where r.id = $1))`,
        [a, '94993']);
      expect(row).toMatchObject({ id: a, zip: '94993', area: 'After' });
      const { rows } = await t.db.query('select id, zip, area from buzz_haven.service_area_zips where id = any ($1) order by zip', [[a, b]]);
      expect(rows).toEqual([{ id: b, zip: '94992', area: 'Other' }, { id: a, zip: '94993', area: 'After' }]);
    });

    test('check_free refuses a value another row holds (22023, the message), not the row\'s own', async () => {
      const id = await zip('94994', 'Free Test');
      const check = (rowId: string, code: string) => asOwner(
        "select buzz_haven.check_free(row($1, $2, 'x', now(), now())::buzz_haven.service_area_zips, 'zip', 'This ZIP is taken')",
        [rowId, code]);
      expect(await failure(check('00000000-0000-4000-8000-000000000001', '94994'))).toEqual({ code: '22023', message: 'This ZIP is taken' });
      expect(await failure(check(id, '94994'))).toBe('ok');
      expect(await failure(check('00000000-0000-4000-8000-000000000001', '94995'))).toBe('ok');
    });

    test('the API roles cannot call them', () => apiRolesRefused([
      "select buzz_haven.lock_row(null::buzz_haven.adopt_gift_terms, gen_random_uuid(), 'x')",
      'select buzz_haven.insert_row(row(null, 16, null, null)::buzz_haven.adopt_gift_terms)',
      'select buzz_haven.table_of(null::buzz_haven.adopt_gift_terms)',
    ]));
  });

  describe('create_row, change_row, set_flag', () => {
    const event = async (location: string | null, capacity: number | null) => (await t.db.query<{ id: string }>(
      "insert into buzz_haven.events (title, start_time, location, capacity) values ('Open day', now(), $1, $2) returning id",
      [location, capacity])).rows[0]!.id;
    const change = (caller: Member | null, id: string, values: object, clear = '{}') =>
      withClaims<{ title: string; location: string | null; capacity: number | null; price: number }>(t.db, caller,
        `select * from buzz_haven.change_row(null::buzz_haven.events, $1, 'Event not found', $2::jsonb, $3::text[],
           '{location,capacity}', p_check => 'buzz_haven.check_event')`, [id, JSON.stringify(values), clear]);
    const plan = (caller: Member | null, values: object) => withClaims<{ slug: string; yearly_price: number; sort_order: number }>(
      t.db, caller, "select * from buzz_haven.create_row(null::buzz_haven.hosting_plans, $1::jsonb, 'slug', 'Slug taken')",
      [JSON.stringify(values)]);

    test('create_row inserts the values, a null taking the column\'s default; a taken unique value is refused', async () => {
      expect(await plan(staff, { slug: 'row-helper', yearly_price: 1000, sort_order: null }))
        .toEqual([expect.objectContaining({ slug: 'row-helper', yearly_price: 1000, sort_order: 0 })]);
      expect(await failure(plan(staff, { slug: 'row-helper', yearly_price: 2000 }))).toEqual({ code: '22023', message: 'Slug taken' });
      expect(await failure(plan(null, { slug: 'row-helper-2', yearly_price: 2000 }))).toEqual({ code: '42501', message: 'Not signed in' });
    });

    test('the row\'s checks come in one order: the RPC\'s own, the CHECKs, then the unique value', async () => {
      expect(await failure(plan(staff, { slug: 'row-helper', yearly_price: -1 })))
        .toEqual({ code: '23514', message: 'Yearly price must be between $0 and $100,000' });
      const id = await event('Yard', 5);
      expect(await failure(change(staff, id, { title: ' ', price: -1 }))).toEqual({ code: '22023', message: 'Title is required' });
    });

    test('change_row: a null keeps the value, an empty text or p_clear empties a clearable column', async () => {
      const id = await event('Yard', 5);
      expect(await change(staff, id, { title: 'Open day 2', location: null, capacity: null }))
        .toEqual([expect.objectContaining({ title: 'Open day 2', location: 'Yard', capacity: 5 })]);
      expect(await change(staff, id, { location: '' }, '{capacity}'))
        .toEqual([expect.objectContaining({ title: 'Open day 2', location: null, capacity: null })]);
    });

    test('change_row refuses a column it may not clear, one both set and cleared, and a missing id', async () => {
      const id = await event('Yard', 5);
      expect(await failure(change(staff, id, {}, '{title}')))
        .toEqual({ code: '22023', message: 'Cannot clear title (only location, capacity can be cleared)' });
      expect(await failure(change(staff, id, { capacity: 3 }, '{capacity}'))).toEqual({ code: '22023', message: 'Cannot both set and clear capacity' });
      expect(await failure(change(staff, '00000000-0000-4000-8000-000000000003', {}))).toEqual({ code: 'PT404', message: 'Event not found' });
    });

    test('create_row with a client-made id stores it once: sent again, the stored row comes back unchanged', async () => {
      const id = '00000000-0000-4000-8000-0000000000c1';
      const send = (price: number) => withClaims<{ id: string; yearly_price: number }>(t.db, staff,
        "select * from buzz_haven.create_row(null::buzz_haven.hosting_plans, $1::jsonb, p_id => $2)",
        [JSON.stringify({ slug: 'client-made', yearly_price: price }), id]);
      expect(await send(1000)).toEqual([expect.objectContaining({ id, yearly_price: 1000 })]);
      expect(await send(2000)).toEqual([expect.objectContaining({ id, yearly_price: 1000 })]);
    });

    test('p_check_values sees the arguments as given, first; p_refusal lets owners and admins only', async () => {
      const made = (caller: Member, values: object, rest: string) => withClaims(t.db, caller,
        `select * from buzz_haven.create_row(null::buzz_haven.hosting_plans, $1::jsonb${rest})`, [JSON.stringify(values)]);
      const missingHive = { slug: 'checked-first', yearly_price: -1, hive_id: '00000000-0000-4000-8000-000000000009' };
      expect(await failure(made(staff, missingHive, ", p_check_values => 'buzz_haven.check_adoption_request_values'")))
        .toEqual({ code: '22023', message: 'Hive not found' });
      const owners = ", p_refusal => 'Only owners add plans'";
      expect(await failure(made(staff, { slug: 'owners-only', yearly_price: 1 }, owners))).toEqual({ code: '42501', message: 'Only owners add plans' });
      expect(await made(owner, { slug: 'owners-only', yearly_price: 1 }, owners)).toEqual([expect.objectContaining({ slug: 'owners-only' })]);
    });

    test('set_flag sets one yes/no column and refuses a null', async () => {
      const id = await event(null, null);
      const flag = (value: boolean | null) => withClaims<{ is_public: boolean }>(t.db, staff,
        "select * from buzz_haven.set_flag(null::buzz_haven.events, $1, 'Event not found', 'is_public', $2, 'Say yes or no')", [id, value]);
      expect(await flag(true)).toEqual([expect.objectContaining({ is_public: true })]);
      expect(await failure(flag(null))).toEqual({ code: '22023', message: 'Say yes or no' });
    });

    test('the API roles cannot call them', () => apiRolesRefused([
      "select buzz_haven.create_row(null::buzz_haven.hosting_plans, '{}'::jsonb)",
      "select buzz_haven.change_row(null::buzz_haven.events, gen_random_uuid(), 'x', '{}'::jsonb)",
      "select buzz_haven.find_row(null::buzz_haven.events, gen_random_uuid(), 'x')",
    ]));
  });

  describe('list_rows, check_found', () => {
    const list = (caller: Member | null, order: string | null) => withClaims<{ months: number }>(t.db, caller,
      'select months from buzz_haven.list_rows(null::buzz_haven.adopt_gift_terms, $1) where months between 7 and 9', [order]);

    test('list_rows gives a member every row of the table in its order; no role, no rows (42501)', async () => {
      for (const months of [8, 7, 9]) await t.db.query('insert into buzz_haven.adopt_gift_terms (months) values ($1)', [months]);
      expect((await list(staff, 't.months desc')).map((r) => r.months)).toEqual([9, 8, 7]);
      expect((await list(staff, 't.months')).map((r) => r.months)).toEqual([7, 8, 9]);
      expect(await failure(list(null, null))).toEqual({ code: '42501', message: 'Not signed in' });
    });

    test('check_found raises its message as PT404 unless found; found passes', async () => {
      expect(await failure(t.db.query("select buzz_haven.check_found(false, 'Swarm report not found')")))
        .toEqual({ code: 'PT404', message: 'Swarm report not found' });
      expect(await failure(t.db.query("select buzz_haven.check_found(null, 'Order not found')")))
        .toEqual({ code: 'PT404', message: 'Order not found' });
      expect(await failure(t.db.query("select buzz_haven.check_found(true, 'Order not found')"))).toBe('ok');
    });

    test('the API roles cannot call them', () => apiRolesRefused([
      'select * from buzz_haven.list_rows(null::buzz_haven.adopt_gift_terms)',
      "select buzz_haven.check_found(true, 'x')",
    ]));
  });

  describe('prepare_refund', () => {
    let orderId: string;
    beforeAll(async () => {
      orderId = (await t.db.query<{ id: string }>(
        "insert into buzz_haven.orders (customer_name, customer_email, total) values ('Ann', 'ann@helpers.test', 4500) returning id")).rows[0]!.id;
      await t.db.query(
        "insert into buzz_haven.payments (order_id, payment_intent, amount, currency, amount_refunded) values ($1, 'pi_helpers1', 4500, 'usd', 1000)",
        [orderId]);
    });
    const prepare = (id: string, amount: number | null) => withClaims<{ r: Record<string, unknown> }>(t.db, owner,
      "select buzz_haven.prepare_refund('order_id', $1, $2, 'requested_by_customer', ' Broken jar ', 'Nothing left to refund') as r",
      [id, amount]);

    test('names the oldest payment with money left, the amount (all that is left by default) and who asks', async () => {
      expect((await prepare(orderId, null))[0]!.r).toEqual({
        payment_intent: 'pi_helpers1', amount: 3500, currency: 'usd', refunded_before: 1000,
        reason: 'requested_by_customer', note: 'Broken jar', requested_by: owner.profileId, requested_by_name: 'olive',
      });
      expect((await prepare(orderId, 500))[0]!.r).toMatchObject({ amount: 500 });
    });

    test('more than is left is refused with the bound (22023); nothing left raises the message as PT409', async () => {
      expect(await failure(prepare(orderId, 3501)))
        .toEqual({ code: '22023', message: 'A refund of this payment is between $0.01 and $35.00' });
      expect(await failure(prepare('00000000-0000-4000-8000-000000000002', null)))
        .toEqual({ code: 'PT409', message: 'Nothing left to refund' });
    });
  });

  describe('grant_api_execute', () => {
    test('a function named by its name alone is granted to the API roles; an unknown name is refused', async () => {
      await t.db.exec("create function public.helpers_probe(p integer) returns integer language sql as 'select p'");
      await t.db.query("select buzz_haven.grant_api_execute('helpers_probe')");
      const can = async (role: string) => (await t.db.query<{ ok: boolean }>(
        "select has_function_privilege($1, 'public.helpers_probe(integer)', 'execute') as ok", [role])).rows[0]!.ok;
      expect([await can('anon'), await can('authenticated'), await can('service_role')]).toEqual([true, true, true]);
      expect(await failure(t.db.query("select buzz_haven.grant_api_execute('no_such_rpc')")))
        .toEqual({ code: '22023', message: 'No function of that name in public' });
    });
  });
});
