/**
 * One way to wire a table: a table's updated_at trigger is made by buzz_haven.keep_updated_at and
 * its activity log by buzz_haven.manage_resource (which also gives it updated_at, the constraint
 * messages' check and, unless told otherwise, the second factor on deletes). Each helper marks the
 * trigger it made with a comment; a trigger running set_updated_at or log_activity without that
 * mark was made by hand, and is named here.
 */
import type { Db, Queryable } from '../../supabase/local/src/db/index';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const ROLLBACK = new Error('rolled back');
/** What `fn` answers inside a transaction that is then rolled back (the probe table leaves no trace). */
async function rolledBack<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let answer: T | undefined;
  await db.transaction(async (tx) => {
    answer = await fn(tx);
    throw ROLLBACK;
  }).catch((error: unknown) => {
    if (error !== ROLLBACK) throw error;
  });
  return answer as T;
}

/** Each trigger running one of the two functions that its helper did not make, as `table.trigger`. */
async function handWired(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ trigger: string }>(`
    select c.relname || '.' || g.tgname as trigger
    from pg_catalog.pg_trigger as g
    join pg_catalog.pg_class as c on c.oid = g.tgrelid
    join (values ('buzz_haven.set_updated_at()'::regprocedure, 'Made by buzz_haven.keep_updated_at'),
                 ('buzz_haven.log_activity()'::regprocedure, 'Made by buzz_haven.manage_resource')) as m (fn, mark)
      on m.fn = g.tgfoid
    where pg_catalog.obj_description(g.oid, 'pg_trigger') is distinct from m.mark
    order by 1`);
  return rows.map((r) => r.trigger);
}

/** Tables with an activity log that lack a trigger manage_resource gives every resource. */
async function halfManaged(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ missing: string }>(`
    select c.relname || ' lacks ' || w.fn as missing
    from pg_catalog.pg_class as c
    cross join (values ('buzz_haven.explain_constraints()'), ('buzz_haven.set_updated_at()')) as w (fn)
    where exists (select 1 from pg_catalog.pg_trigger as g
                  where g.tgrelid = c.oid and g.tgfoid = 'buzz_haven.log_activity()'::regprocedure)
      and not exists (select 1 from pg_catalog.pg_trigger as g where g.tgrelid = c.oid and g.tgfoid = w.fn::regprocedure)
      and (w.fn <> 'buzz_haven.set_updated_at()'
           or exists (select 1 from pg_catalog.pg_attribute as a where a.attrelid = c.oid and a.attname = 'updated_at'))
    order by 1`);
  return rows.map((r) => r.missing);
}

/** A table with an updated_at trigger made by hand (named `trigger`), for the probes below. */
const probeTable = (trigger: string) => `
  create table buzz_haven.wiring_probe (id uuid primary key, name text, updated_at timestamptz);
  create trigger ${trigger} before update on buzz_haven.wiring_probe for each row execute function buzz_haven.set_updated_at();`;

describe.each(targets)('table wiring on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('every updated_at and activity-log trigger is made by its helper', async () => {
    expect(await handWired(t.db)).toEqual([]);
    expect(await halfManaged(t.db)).toEqual([]);
  });

  test('a trigger made by hand is named', async () => {
    const found = await rolledBack(t.db, async (tx) => {
      await tx.exec(`${probeTable('wiring_probe_set_updated_at')}
        create trigger wiring_probe_log_activity after insert on buzz_haven.wiring_probe
          for each row execute function buzz_haven.log_activity('probe', 'name');`);
      return { hand: await handWired(tx), half: await halfManaged(tx) };
    });
    expect(found).toEqual({
      hand: ['wiring_probe.wiring_probe_log_activity', 'wiring_probe.wiring_probe_set_updated_at'],
      half: ['wiring_probe lacks buzz_haven.explain_constraints()'],
    });
  });

  test('the helpers wire a table the one way, and again the same way', async () => {
    const found = await rolledBack(t.db, async (tx) => {
      await tx.exec(`${probeTable('wiring_probe_stamp')}
        select buzz_haven.manage_resource('buzz_haven.wiring_probe', 'probe', 'name');
        select buzz_haven.manage_resource('buzz_haven.wiring_probe', 'probe', 'name');`);
      const { rows } = await tx.query<{ tgname: string }>(
        "select tgname from pg_catalog.pg_trigger where tgrelid = 'buzz_haven.wiring_probe'::regclass order by 1");
      return { hand: await handWired(tx), triggers: rows.map((r) => r.tgname) };
    });
    expect(found.hand).toEqual([]);
    expect(found.triggers).toEqual(['wiring_probe_delete_needs_second_factor', 'wiring_probe_explain_constraints',
      'wiring_probe_log_activity', 'wiring_probe_set_updated_at']);
  });
});
