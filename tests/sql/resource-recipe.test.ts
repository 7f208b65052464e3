/**
 * The recipe for a new back-office resource (docs/database.md, 'The recipe: a `bees` resource'),
 * walked through: the page's schema block for `bees` is run as written on a fresh
 * database migrated from scratch, then the resource is used through its RPCs. One call,
 * buzz_haven.manage_resource, must have given it its activity log (what History and Recent
 * Activity show), its updated_at and the second factor on deletes. The helper's own refusals and
 * the tables it was applied to are checked too.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTableRules } from '../../supabase/local/src/db/tableRules';
import { createMember, rpcOne, rpcRows, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const PAGE = join(__dirname, '../../docs/database.md');

/** The page's block for `bees` (the one whose first line names the schema file it is). */
function recipeMigration(): string {
  const block = /```sql\n(-- bees\.sql, a new file in supabase\/schemas\/hives\/: the bees of a hive\n[\s\S]*?)```/
    .exec(readFileSync(PAGE, 'utf8'));
  if (!block) throw new Error('docs/database.md has no ```sql block for the bees schema');
  return block[1]!;
}

const REFUSAL = { code: '42501', message: 'Confirm with a code from your authenticator app first (two-factor sign-in)' };
const code = (p: Promise<unknown>) => p.then(() => 'ok', (e: { code?: string }) => e.code ?? String(e));

describe.each(targets)('the docs recipe for a resource on %s', (target) => {
  let t: TestDb;
  let owner: Awaited<ReturnType<typeof createMember>>;
  let staff: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    await t.db.exec(recipeMigration());
    owner = await createMember(t.db, 'olive@recipe.test', 'owner');
    staff = await createMember(t.db, 'stan@recipe.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const history = async (id: string) =>
    (await rpcRows(t.db, staff, 'get_buzz_haven_activity', {}, 'id desc'))
      .filter((r) => r.record_id === id)
      .map(({ actor_name, action, resource, summary }) => ({ actor_name, action, resource, summary }));

  test('npm run gen:rules reads its bounds from its CHECKs (the declaration writes none)', async () => {
    expect((await readTableRules(t.db)).bees).toEqual({ name: { maxLength: 200, required: true } });
  });

  test('a plain resource is at most 80 lines of SQL in its schema file', () => {
    expect(recipeMigration().trimEnd().split('\n').length).toBeLessThanOrEqual(80);
  });

  test('create, update and delete are logged: the History of the record, who and what', async () => {
    const bee = await rpcOne(t.db, staff, 'create_buzz_haven_bee', { p_name: 'Buzz' });
    expect(bee).toMatchObject({ name: 'Buzz', hive_id: null });
    const updated = await rpcOne(t.db, staff, 'update_buzz_haven_bee', { p_id: bee!.id, p_name: 'Buzz Aldrin' });
    expect(Date.parse(updated!.updated_at)).toBeGreaterThanOrEqual(Date.parse(bee!.updated_at));
    await rpcOne(t.db, owner, 'delete_buzz_haven_bee', { p_id: bee!.id });
    expect(await history(bee!.id)).toEqual([
      { actor_name: 'olive', action: 'delete', resource: 'bees', summary: 'Deleted bee Buzz Aldrin' },
      { actor_name: 'stan', action: 'update', resource: 'bees', summary: 'Updated bee Buzz Aldrin: name' },
      { actor_name: 'stan', action: 'create', resource: 'bees', summary: 'Created bee Buzz' },
    ]);
  });

  test('updated_at moves on each update (the helper gave the table its trigger)', async () => {
    const bee = await rpcOne(t.db, staff, 'create_buzz_haven_bee', { p_name: 'Early' });
    await t.db.exec(`update buzz_haven.bees set updated_at = '2000-01-01' where name = 'Early'`);
    const updated = await rpcOne(t.db, staff, 'update_buzz_haven_bee', { p_id: bee!.id, p_name: 'Later' });
    expect(new Date(updated!.updated_at).getFullYear()).toBeGreaterThan(2000);
  });

  test('deleting needs the second factor once the caller has one: refused at aal1, the row stays; done at aal2', async () => {
    const bee = await rpcOne(t.db, staff, 'create_buzz_haven_bee', { p_name: 'Guarded' });
    await t.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, 'app', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [randomUUID(), owner.sub],
    );
    await expect(rpcOne(t.db, owner, 'delete_buzz_haven_bee', { p_id: bee!.id })).rejects.toMatchObject(REFUSAL);
    expect((await rpcRows(t.db, staff, 'get_buzz_haven_bees')).map((b) => b.name)).toContain('Guarded');
    await rpcOne(t.db, { role: 'authenticated', sub: owner.sub, email: owner.email, aal: 'aal2' }, 'delete_buzz_haven_bee', { p_id: bee!.id });
    expect((await rpcRows(t.db, staff, 'get_buzz_haven_bees')).map((b) => b.name)).not.toContain('Guarded');
  });

  test('the RPCs refuse callers without a role and bad input with a clear message', async () => {
    const pending = await createMember(t.db, 'pat@recipe.test', null);
    expect(await code(rpcRows(t.db, pending, 'get_buzz_haven_bees'))).toBe('42501');
  });

  test("a broken constraint fails with its message from buzz_haven.constraint_messages and names the field (PostgREST's details)", async () => {
    /** The error as PostgREST answers it: code, message and details (here JSON naming the field). */
    const failure = (p: Promise<unknown>) => p.then(
      () => 'ok',
      (e: { code?: string; message?: string; detail?: string }) => ({ code: e.code, message: e.message, details: JSON.parse(e.detail ?? 'null') }),
    );
    const length = { code: '23514', message: 'Name must be 1 to 200 characters', details: { field: 'name', constraint: 'bees_name_length' } };
    expect(await failure(rpcOne(t.db, staff, 'create_buzz_haven_bee', { p_name: '  ' }))).toEqual(length);
    expect(await failure(rpcOne(t.db, staff, 'create_buzz_haven_bee', { p_name: 'x'.repeat(201) }))).toEqual(length);
    expect(await failure(rpcOne(t.db, staff, 'create_buzz_haven_bee', { p_name: null }))).toEqual({
      code: '23502', message: 'Name is required', details: { field: 'name', constraint: 'bees_name_not_null' },
    });
    const bee = await rpcOne(t.db, staff, 'create_buzz_haven_bee', { p_name: 'Kept' });
    expect(await failure(rpcOne(t.db, staff, 'update_buzz_haven_bee', { p_id: bee!.id, p_name: '' }))).toEqual(length);
    expect((await rpcRows(t.db, staff, 'get_buzz_haven_bees')).map((b) => b.name)).toContain('Kept');
  });

  test('a constraint without a message fails as before, with PostgreSQL\'s own text', async () => {
    await t.db.exec("delete from buzz_haven.constraint_messages where constraint_name = 'bees_name_length'");
    await expect(rpcOne(t.db, staff, 'create_buzz_haven_bee', { p_name: '' }))
      .rejects.toMatchObject({ code: '23514', message: expect.stringContaining('bees_name_length') });
    await t.db.exec("insert into buzz_haven.constraint_messages values ('bees_name_length', 'Name must be 1 to 200 characters')");
  });

  test('manage_resource refuses a table outside buzz_haven, a missing title column and a missing noun', async () => {
    await t.db.exec('create table public.not_ours (id uuid primary key, name text)');
    await expect(t.db.query("select buzz_haven.manage_resource('public.not_ours', 'thing', 'name')"))
      .rejects.toMatchObject({ code: '22023', message: expect.stringContaining('not_ours is not a table in schema buzz_haven') });
    await expect(t.db.query("select buzz_haven.manage_resource('buzz_haven.bees', 'bee', 'title')"))
      .rejects.toMatchObject({ code: '22023', message: expect.stringContaining('the title column title') });
    await expect(t.db.query("select buzz_haven.manage_resource('buzz_haven.bees', ' ', 'name')")).rejects.toMatchObject({ code: '22023' });
  });

  test('calling it again keeps one trigger of each kind (idempotent)', async () => {
    await t.db.query("select buzz_haven.manage_resource('buzz_haven.bees', 'bee', 'name')");
    const { rows } = await t.db.query<{ tgname: string }>(
      "select t.tgname from pg_trigger t where t.tgrelid = 'buzz_haven.bees'::regclass and not t.tgisinternal order by 1");
    expect(rows.map((r) => r.tgname)).toEqual(['bees_delete_needs_second_factor', 'bees_explain_constraints', 'bees_log_activity', 'bees_set_updated_at']);
  });

  test('the tables that had these triggers by hand have them from the helper, under the same names', async () => {
    const { rows } = await t.db.query<{ tbl: string; args: string }>(
      `select c.relname as tbl, encode(t.tgargs, 'escape') as args
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where t.tgfoid = 'buzz_haven.log_activity()'::regprocedure and t.tgname = c.relname || '_log_activity'`);
    const logged = Object.fromEntries(rows.map((r) => [r.tbl, r.args.split('\\000')[0]]));
    expect(logged).toMatchObject({
      products: 'product', events: 'event', hives: 'hive', hive_inspections: 'inspection of', media: 'media', orders: 'order',
      users: 'user', hosting_plans: 'hosting plan', workshop_offerings: 'workshop offering', adopt_gift_terms: 'gift term of',
    });
    const { rows: guarded } = await t.db.query<{ tbl: string }>(
      `select c.relname as tbl from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where t.tgfoid = 'buzz_haven.second_factor_guard()'::regprocedure and t.tgname = c.relname || '_delete_needs_second_factor'`);
    expect(guarded.map((r) => r.tbl)).toEqual(expect.arrayContaining(['products', 'events', 'hives', 'hive_inspections', 'media', 'hosting_plans']));
    expect(guarded.map((r) => r.tbl)).not.toContain('orders');
  });
});
