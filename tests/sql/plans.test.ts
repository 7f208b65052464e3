/**
 * A list page costs O(page), whatever the table's size: on the ten-year data set (supabase/local/bench/largeData.ts)
 * every back-office list RPC's page query, built exactly as the embedded backend builds it
 * (rest/query/parse.ts + sql.ts: filters, order, limit 25), is planned as an authenticated staff
 * member, and the plan must neither call the RPC as an opaque Function Scan (it would return the
 * whole table before the filter, order and limit apply) nor read a large table sequentially.
 * The page's count (`Prefer: count=exact`) is a separate subquery and is not part of this check.
 */
import { FunctionCatalog } from '../../supabase/local/src/rest/catalog';
import { callParts } from '../../supabase/local/src/rest/call';
import { resultShape } from '../../supabase/local/src/rest/query/columns';
import { parseQuery } from '../../supabase/local/src/rest/query/parse';
import { grammarSql } from '../../supabase/local/src/rest/query/sql';
import { largeDataSql, TEN_YEARS } from '../../supabase/local/bench/largeData';
import { createMember } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

/** A table with at least this many rows must be read through an index. */
const LARGE = 1000;

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Function Name'?: string; Plans?: PlanNode[] }

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe.each(targets)('list page plans at ten years of data on %s', (target) => {
  let t: TestDb;
  let claims: string;
  let ids: Record<string, string>;
  let large: Set<string>;
  beforeAll(async () => {
    t = await openTarget(target);
    const staff = await createMember(t.db, 'staff@plans.test', 'staff');
    claims = JSON.stringify({ sub: staff.sub, email: staff.email, role: 'authenticated', aud: 'authenticated', aal: 'aal1' });
    // The ten-year figures: a few seconds of set-based inserts on either engine.
    await t.db.transaction((tx) => tx.exec(largeDataSql(TEN_YEARS, 'plans')));
    const { rows } = await t.db.query<Record<string, string>>(`select
      (select id::text from buzz_haven.orders order by created_at desc limit 1) as order_id,
      (select id::text from buzz_haven.hives order by name limit 1) as hive_id,
      (select id::text from buzz_haven.events order by start_time desc limit 1) as event_id,
      (select record_id::text from buzz_haven.activity_log order by id desc limit 1) as record_id`);
    ids = rows[0]!;
    const sizes = await t.db.query<{ relname: string }>(
      `select relname from pg_class where relnamespace = 'buzz_haven'::regnamespace and relkind = 'r' and reltuples >= ${LARGE}`);
    large = new Set(sizes.rows.map((r) => r.relname));
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('the data set makes the growing tables large', () => {
    expect([...large].sort()).toEqual(expect.arrayContaining(
      ['activity_log', 'contact_messages', 'event_registrations', 'hive_inspections', 'media', 'newsletter_subscribers',
        'order_items', 'order_status_history', 'orders', 'swarm_reports', 'adoption_requests', 'payments', 'outbox_messages']));
  });

  /** The plan of `sql` as the staff member. */
  async function explain(sql: string, params: string[] = []): Promise<PlanNode[]> {
    return t.db.transaction(async (tx) => {
      await tx.query("select set_config('search_path', 'public, extensions', true), set_config('role', 'authenticated', true), " +
        "set_config('request.jwt.claims', $1, true)", [claims]);
      const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
      const json = rows[0]!['QUERY PLAN'];
      const doc = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
      return nodes(doc[0]!.Plan);
    });
  }

  // Hosted PostgREST wraps the call in a CTE (PostgREST src/library/PostgREST/Query/Statements.hs
  // mainCall, QueryBuilder.hs callPlanToQuery); referenced once (no count), PostgreSQL inlines it,
  // and then the function: the same index-ordered page as on the embedded backend.
  test.each([
    ['get_buzz_haven_activity', `"resource" = 'orders'`, '"id" desc'],
    ['get_buzz_haven_orders', `"status" = 'completed'`, '"created_at" desc, "id" asc'],
  ])("hosted PostgREST's page query of %s (no count) reads no large table sequentially", async (fn, where, order) => {
    const found = await explain(`with pgrst_source as (select pgrst_call.* from "public"."${fn}"() pgrst_call)
      select null::bigint as total_result_set, pg_catalog.count(_postgrest_t) as page_total,
        coalesce(json_agg(_postgrest_t), '[]') as body
      from (select "${fn}".* from "pgrst_source" as "${fn}" where "${fn}".${where}
            order by ${order.split(', ').map((o) => `"${fn}".${o}`).join(', ')} limit 25 offset 0) _postgrest_t`);
    expect(found.filter((n) => ['Function Scan', 'CTE Scan'].includes(n['Node Type'])).map((n) => n['Node Type'])).toEqual([]);
    expect(found.filter((n) => n['Node Type'] === 'Seq Scan' && large.has(n['Relation Name'] ?? '')).map((n) => n['Relation Name']))
      .toEqual([]);
  });

  /** The plan of one page request, as the staff member, on the backend's SQL. */
  async function plan(fn: string, query: string): Promise<PlanNode[]> {
    const catalog = new FunctionCatalog(t.db);
    const [info] = await catalog.lookup('public', fn);
    const parsed = parseQuery(query.replace(/:(\w+)/g, (_, key: string) => ids[key]!), false);
    const { call, from } = callParts(info!, [], false);
    const shape = await resultShape(t.db, info!);
    const { sql, params } = grammarSql({
      fn: info!, shape, call, from, paramOffset: 0, single: false, count: false,
      request: { select: parsed.select, where: parsed.where, order: parsed.order, offset: parsed.offset ?? 0, limit: parsed.limit },
    });
    return explain(sql, params);
  }

  test.each([
    ['get_buzz_haven_products', 'order=created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_events', 'order=start_time.asc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_events', 'order=is_past.asc,time_from_now.asc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_media', 'order=created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_hives', 'order=name.asc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_orders', 'order=created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_orders', 'status=eq.new&order=created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_orders', 'or=(number.ilike.*BH-1*,customer_name.ilike.*Customer*)&order=created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_contact_messages', 'order=created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_newsletter_subscribers', 'order=created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_inspections', 'order=inspected_on.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_inspections', 'hive_id=eq.:hive_id&order=inspected_on.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_order_items', 'order_id=eq.:order_id&order=name.asc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_order_history', 'order_id=eq.:order_id&order=created_at.asc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_event_registrations', 'event_id=eq.:event_id&order=created_at.asc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_adoption_requests', 'status=eq.new&order=created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_swarm_reports', 'order=is_open.desc,created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_adoption_requests', 'order=created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_adoption_requests', 'order=is_open.desc,created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_payments', 'order=created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_outbox_messages', 'order=created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_outbox_messages', 'state=eq.dead&order=created_at.desc,id.asc&offset=0&limit=25'],
    ['get_buzz_haven_activity', 'order=id.desc&offset=0&limit=10'],
    ['get_buzz_haven_activity', 'record_id=eq.:record_id&order=id.desc&offset=0&limit=20'],
  ])('%s?%s reads no large table sequentially and is inlined', async (fn, query) => {
    const found = await plan(fn, query);
    const opaque = found.filter((n) => n['Node Type'] === 'Function Scan' && n['Function Name'] === fn);
    expect(opaque.map((n) => n['Function Name'])).toEqual([]);
    const scans = found.filter((n) => n['Node Type'] === 'Seq Scan' && large.has(n['Relation Name'] ?? ''));
    expect(scans.map((n) => `Seq Scan on ${n['Relation Name']}`)).toEqual([]);
  });
});
