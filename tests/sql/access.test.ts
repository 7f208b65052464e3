/**
 * Who may do what: every back-office RPC refuses anon, a signed-in user without a profile, a
 * pending profile and a deactivated one, with 42501 and a message the admin can show; staff,
 * admin, owner and the service key get through. The API roles cannot touch the tables directly.
 */
import { anon, createAuthUser, createMember, rpcRows, rpcValue, rpcOne, service, sqlAs, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

/** Each back-office RPC with arguments that would succeed for a member with a role. */
const backOffice: { fn: string; kind: 'rows' | 'one' | 'value'; args: Record<string, unknown> }[] = [
  { fn: 'count_table_rows', kind: 'value', args: { table_name: 'products' } },
  { fn: 'get_buzz_haven_products', kind: 'rows', args: {} },
  { fn: 'create_buzz_haven_product', kind: 'one', args: { p_name: 'Comb Honey', p_price: 1200 } },
  { fn: 'get_buzz_haven_events', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_media', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_users', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_hives', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_orders', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_content', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_contact_messages', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_newsletter_subscribers', kind: 'rows', args: {} },
  { fn: 'create_buzz_haven_event', kind: 'one', args: { p_title: 'Open Day', p_start_time: '2030-01-01T10:00:00Z' } },
  { fn: 'create_buzz_haven_hive', kind: 'one', args: { p_name: 'Hive' } },
  { fn: 'get_buzz_haven_inspections', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_order_items', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_order_history', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_event_registrations', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_adoption_requests', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_swarm_reports', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_activity', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_content_documents', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_content_versions', kind: 'rows', args: { p_key: 'pages/about' } },
  { fn: 'get_buzz_haven_site_builds', kind: 'rows', args: {} },
  { fn: 'request_buzz_haven_site_build', kind: 'value', args: { p_reason: 'Publish site' } },
  { fn: 'authorize_buzz_haven_publish', kind: 'value', args: {} },
];
/** What a visitor (anon) may call: the public forms and the site's live lists. */
const forVisitors: { fn: string; kind: 'rows' | 'value'; args: Record<string, unknown> }[] = [
  { fn: 'get_buzz_haven_shop_products', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_hive_map', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_workshop_availability', kind: 'rows', args: {} },
  { fn: 'get_buzz_haven_published_content', kind: 'rows', args: {} },
  { fn: 'submit_buzz_haven_adoption_request', kind: 'value', args: { p_tier: 'hive-guardian', p_name: 'Ann', p_email: 'ann@example.com' } },
  {
    fn: 'submit_buzz_haven_swarm_report', kind: 'value',
    args: { p_location: 'Park', p_formed_when: 'unknown', p_size: 'larger', p_height: 'high', p_in_structure: true, p_phone: '5105550100', p_name: 'Sam' },
  },
  { fn: 'submit_buzz_haven_contact_message', kind: 'value', args: { p_name: 'Vi', p_email: 'vi@example.com', p_subject: 'Hi', p_message: 'Hello' } },
];
/** Only the service key (the payment Edge Functions) may call these. */
const serviceOnly: { fn: string; args: Record<string, unknown> }[] = [
  { fn: 'begin_buzz_haven_order_checkout', args: { p_number: 'BH-1001', p_email: 'x@example.com' } },
  { fn: 'record_buzz_haven_checkout_session', args: { p_session_id: 'cs_test_1' } },
  { fn: 'apply_buzz_haven_stripe_event', args: { p_event: '{}' } },
  { fn: 'record_buzz_haven_refund', args: { p_refund_id: 're_1' } },
];
/** RPCs that act on a row by id: refused before the id is even looked up. */
const byId: { fn: string; args: Record<string, unknown> }[] = [
  { fn: 'update_buzz_haven_product', args: { p_id: '00000000-0000-4000-8000-000000000000', p_name: 'X' } },
  { fn: 'delete_buzz_haven_product', args: { p_id: '00000000-0000-4000-8000-000000000000' } },
  { fn: 'set_buzz_haven_contact_message_handled', args: { p_id: '00000000-0000-4000-8000-000000000000', p_handled: true } },
  { fn: 'set_buzz_haven_user_role', args: { p_id: '00000000-0000-4000-8000-000000000000', p_role: 'staff' } },
  ...['event', 'hive', 'inspection'].flatMap((name) => [
    { fn: `update_buzz_haven_${name}`, args: { p_id: '00000000-0000-4000-8000-000000000000' } },
    { fn: `delete_buzz_haven_${name}`, args: { p_id: '00000000-0000-4000-8000-000000000000' } },
  ]),
  ...['order', 'event_registration', 'adoption_request', 'swarm_report'].map((name) => ({
    fn: `update_buzz_haven_${name}`, args: { p_id: '00000000-0000-4000-8000-000000000000', p_status: 'cancelled' },
  })),
  { fn: 'set_buzz_haven_product_public', args: { p_id: '00000000-0000-4000-8000-000000000000', p_is_public: false } },
  { fn: 'save_buzz_haven_content_draft', args: { p_key: 'pages/nope', p_body: {}, p_revision: 1 } },
  { fn: 'restore_buzz_haven_content_version', args: { p_key: 'pages/nope', p_version: 1, p_revision: 1 } },
  { fn: 'set_buzz_haven_rate_limit', args: { p_action: 'order', p_max_per_client: 100 } },
  { fn: 'prepare_buzz_haven_refund', args: { p_order_id: '00000000-0000-4000-8000-000000000000' } },
  {
    fn: 'create_buzz_haven_inspection',
    args: { p_hive_id: '00000000-0000-4000-8000-000000000000', p_inspected_on: '2025-01-01' },
  },
];
/** Called by the outbox sender with the service key only (supabase/functions/send-messages/sender.ts). */
const SENDER_RPCS = ['claim_buzz_haven_outbox_messages', 'mark_buzz_haven_outbox_message_sent', 'mark_buzz_haven_outbox_message_failed',
  'queue_buzz_haven_workshop_reminders',
  'queue_buzz_haven_staff_digests'];
/**
 * The tables, list views and list RPCs are read from the catalogue, so a new resource is checked
 * here without editing this file. None is left out: every buzz_haven table is the back office's or
 * the service's, and every buzz_haven_lists view is staff-only. A list RPC is a public function
 * answering rows of a buzz_haven_lists view.
 */
const CATALOGUE = {
  tables: `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'buzz_haven' and c.relkind in ('r', 'p') order by 1`,
  listViews: `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'buzz_haven_lists' and c.relkind = 'v' order by 1`,
  listRpcs: `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
             join pg_type t on t.oid = p.prorettype join pg_class c on c.oid = t.typrelid
             where n.nspname = 'public' and c.relnamespace = 'buzz_haven_lists'::regnamespace and p.proretset order by 1`,
};
const names = async (t: TestDb, sql: string) => (await t.db.query<{ name: string }>(sql)).rows.map((r) => r.name);

function call(t: TestDb, caller: Caller, fn: string, kind: 'rows' | 'one' | 'value', args: Record<string, unknown>) {
  if (kind === 'rows') return rpcRows(t.db, caller, fn, args);
  if (kind === 'one') return rpcOne(t.db, caller, fn, args);
  return rpcValue(t.db, caller, fn, args);
}

describe.each(targets)('access rules on %s', (target) => {
  let t: TestDb;
  let noProfile: Caller;
  let pending: Caller;
  let inactiveAdmin: Caller;
  let staff: Caller;
  let admin: Caller;
  let owner: Caller;
  let TABLES: string[];
  let LIST_VIEWS: string[];
  let LIST_RPCS: string[];

  beforeAll(async () => {
    t = await openTarget(target);
    [TABLES, LIST_VIEWS, LIST_RPCS] = await Promise.all([names(t, CATALOGUE.tables), names(t, CATALOGUE.listViews),
      names(t, CATALOGUE.listRpcs)]);
    owner = await createMember(t.db, 'owner@hive.test', 'owner');
    admin = await createMember(t.db, 'admin@hive.test', 'admin');
    staff = await createMember(t.db, 'staff@hive.test', 'staff');
    pending = await createMember(t.db, 'pending@hive.test', null);
    inactiveAdmin = await createMember(t.db, 'gone@hive.test', 'admin', false);
    noProfile = await createAuthUser(t.db, 'new@hive.test');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const refusals: [string, () => Caller, string][] = [
    ['anon', () => anon, 'Not signed in'],
    ['a user without a profile', () => noProfile, 'Your account is waiting for approval'],
    ['a pending user', () => pending, 'Your account is waiting for approval'],
    ['a deactivated admin', () => inactiveAdmin, 'Your account is waiting for approval'],
  ];

  describe.each(refusals)('%s', (_label, who, message) => {
    test.each(backOffice)('is refused by $fn', async ({ fn, kind, args }) => {
      await expect(call(t, who(), fn, kind, args)).rejects.toMatchObject({ code: '42501', message });
    });
    test.each(byId)('is refused by $fn', async ({ fn, args }) => {
      await expect(rpcOne(t.db, who(), fn, args)).rejects.toMatchObject({ code: '42501', message });
    });
  });

  describe.each([
    ['staff', () => staff],
    ['an admin', () => admin],
    ['an owner', () => owner],
    ['the service key', () => service],
  ] as [string, () => Caller][])('%s', (_label, who) => {
    test.each(backOffice)('may call $fn', async ({ fn, kind, args }) => {
      const result = await call(t, who(), fn, kind, args);
      if (kind === 'rows') expect(Array.isArray(result)).toBe(true);
      else expect(result).not.toBeNull();
    });
  });

  test.each(forVisitors)('anon may call $fn', async ({ fn, kind, args }) => {
    const result = kind === 'rows' ? await rpcRows(t.db, anon, fn, args) : await rpcValue(t.db, anon, fn, args);
    expect(result).not.toBeNull();
  });

  test.each(serviceOnly)('only the service key may call $fn', async ({ fn, args }) => {
    for (const who of [anon, staff, admin, owner]) {
      await expect(rpcValue(t.db, who, fn, args)).rejects.toMatchObject({ code: '42501', message: expect.stringMatching(/permission denied/) });
    }
  });

  test('nothing is left behind by a refused write', async () => {
    const before = await rpcValue<number>(t.db, owner, 'count_table_rows', { table_name: 'products' });
    await expect(rpcOne(t.db, pending, 'create_buzz_haven_product', { p_name: 'Sneaky' })).rejects.toThrow();
    expect(await rpcValue<number>(t.db, owner, 'count_table_rows', { table_name: 'products' })).toBe(before);
  });

  test('the catalogue gives every table, list view and list RPC', () => {
    expect(TABLES.length).toBeGreaterThan(50);
    expect(TABLES).toEqual(expect.arrayContaining(['products', 'constraint_messages', 'art_votes']));
    expect(LIST_VIEWS).toEqual(expect.arrayContaining(['orders', 'payment_months']));
    expect(LIST_RPCS.length).toBeGreaterThanOrEqual(LIST_VIEWS.length);
    expect(LIST_RPCS).toEqual(expect.arrayContaining(['get_buzz_haven_orders', 'get_buzz_haven_payment_months']));
  });

  test('the API roles cannot read any buzz_haven table directly', async () => {
    const readable: string[] = [];
    for (const table of TABLES) {
      for (const [label, who] of [['anon', anon], ['owner', owner]] as const) {
        const code = await sqlAs(t.db, who, `select * from buzz_haven.${table}`).then(() => 'ok', (e: { code?: string }) => e.code);
        if (code !== '42501') readable.push(`${label} ${table}: ${code}`);
      }
    }
    expect(readable).toEqual([]);
  });

  test('row level security is on for every buzz_haven table and no table is granted to the API roles', async () => {
    const { rows } = await t.db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'buzz_haven' and c.relkind = 'r' order by c.relname`,
    );
    expect(rows.map((r) => r.relname)).toEqual(TABLES);
    expect(rows.filter((r) => !r.relrowsecurity).map((r) => r.relname)).toEqual([]);
    const grants = await t.db.query(
      `select grantee, table_name, privilege_type from information_schema.role_table_grants
       where table_schema = 'buzz_haven' and grantee in ('anon', 'authenticated', 'PUBLIC')`,
    );
    expect(grants.rows).toEqual([]);
  });

  test('every public RPC is security definer with an empty search_path and not executable by PUBLIC', async () => {
    const { rows } = await t.db.query<{ proname: string; prosecdef: boolean; proconfig: string[] | null; public_exec: boolean }>(
      `select p.proname, p.prosecdef, p.proconfig,
              exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0 and a.privilege_type = 'EXECUTE') as public_exec
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and (p.proname like '%buzz_haven%' or p.proname = 'count_table_rows')
         and not p.proname = any ($1)
       order by p.proname`,
      [LIST_RPCS],
    );
    // Every public RPC of the product but the list RPCs (checked below): the query must find them all.
    expect(rows.length).toBeGreaterThan(60);
    expect(rows.map((r) => r.proname)).toEqual(expect.arrayContaining(['count_table_rows', 'get_buzz_haven_client_address', 'submit_buzz_haven_order_request']));
    for (const row of rows) {
      expect({ fn: row.proname, definer: row.prosecdef, config: row.proconfig, publicExec: row.public_exec }).toEqual({
        fn: row.proname, definer: true, config: ['search_path=""'], publicExec: false,
      });
    }
  });
  test('the outbox sender\'s RPCs are the service role\'s only', async () => {
    const { rows } = await t.db.query<{ proname: string; anon: boolean; authenticated: boolean; service: boolean }>(
      `select p.proname, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname = any ($1) order by p.proname`,
      [SENDER_RPCS],
    );
    expect(rows).toEqual([...SENDER_RPCS].sort().map((proname) => ({ proname, anon: false, authenticated: false, service: true })));
  });
  test('the list RPCs are inlinable SQL over one qualified staff-only view, not executable by PUBLIC', async () => {
    const { rows } = await t.db.query<{ proname: string; lang: string; prosecdef: boolean; proconfig: string[] | null;
      provolatile: string; prosrc: string; public_exec: boolean }>(
      `select p.proname, l.lanname as lang, p.prosecdef, p.proconfig, p.provolatile, btrim(p.prosrc) as prosrc,
              exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0 and a.privilege_type = 'EXECUTE') as public_exec
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
       where n.nspname = 'public' and p.proname = any ($1) order by p.proname`,
      [LIST_RPCS],
    );
    expect(rows.map((r) => r.proname)).toEqual(LIST_RPCS);
    for (const row of rows) {
      expect(row).toMatchObject({ lang: 'sql', prosecdef: false, proconfig: null, provolatile: 's', public_exec: false });
      expect(row.prosrc).toMatch(/^select \* from buzz_haven_lists\.[a-z_]+$/);
    }
  });

  test.each([[anon, 'Not signed in'], [() => pending, 'Your account is waiting for approval']] as const)(
    'the list views refuse a caller without a role too (%#)', async (who, message) => {
      const caller = typeof who === 'function' ? who() : who;
      const answered: string[] = [];
      for (const view of LIST_VIEWS) {
        const refusal = await sqlAs(t.db, caller, `select * from buzz_haven_lists.${view}`)
          .then(() => 'answered', (e: { code?: string; message?: string }) => `${e.code} ${e.message}`);
        if (refusal !== `42501 ${message}`) answered.push(`${view}: ${refusal}`);
      }
      expect(answered).toEqual([]);
    });
});
