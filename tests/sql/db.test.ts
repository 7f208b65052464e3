/**
 * The database seam itself: transactions commit or roll back and rethrow; PGlite's single
 * connection queues every request (none lost, none interleaved); the data directory is locked
 * against a second process, a lock left by a killed process is taken over, and data survives.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LOCK_FILE_NAME, migrate, openDb, type Db } from '../../supabase/local/src/db/index';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const DB_MODULE = resolve(__dirname, '../../supabase/local/src/db/index.ts');
const count = async (db: Db) => (await db.query<{ n: number }>('select count(*)::int as n from t')).rows[0].n;

describe.each(targets)('transactions on %s', (target) => {
  let t: TestDb;
  // The seam itself, on a database without the bootstrap (so no `postgres` role yet): through the
  // backend's own connection, the superuser supabase_admin.
  let db: Db;
  beforeAll(async () => {
    t = await openTarget(target, { migrate: false });
    db = t.admin;
    await db.exec('create table t (id serial primary key, v text not null)');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('commit keeps the writes and returns the value of fn', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query('insert into t (v) values ($1)', ['kept']);
      return 'done';
    });
    expect(value).toBe('done');
    expect(await count(db)).toBe(1);
  });

  test('a throw rolls back and the same error comes out', async () => {
    const boom = new Error('boom');
    await expect(db.transaction(async (tx) => {
      await tx.query('insert into t (v) values ($1)', ['lost']);
      throw boom;
    })).rejects.toBe(boom);
    expect(await count(db)).toBe(1);
  });

  test('an SQL error rolls back and the next transaction works (no 25P02)', async () => {
    await expect(db.transaction(async (tx) => {
      await tx.query('insert into t (v) values ($1)', ['lost']);
      await tx.query('insert into t (v) values (null)');
    })).rejects.toMatchObject({ code: '23502' });
    await db.transaction((tx) => tx.query('insert into t (v) values ($1)', ['after']));
    expect(await count(db)).toBe(2);
  });

  test('concurrent transactions each see only committed data and none is lost', async () => {
    await db.exec('truncate t');
    const seen = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx.query('lock table t in exclusive mode');
          await tx.query('insert into t (v) values ($1)', [`row ${i}`]);
          return (await tx.query<{ n: number }>('select count(*)::int as n from t')).rows[0].n;
        }),
      ),
    );
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await count(db)).toBe(20);
  });

  test('a failing query among many does not stop the others', async () => {
    const results = await Promise.allSettled([
      db.query('select 1 as x'),
      db.query('select * from no_such_table'),
      db.transaction((tx) => tx.query('select 2 as x')),
      db.query('select 3 as x'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[3] as PromiseFulfilledResult<{ rows: { x: number }[] }>).value.rows).toEqual([{ x: 3 }]);
  });
});

describe('PGlite data directory', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'buzz-haven-db-test-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs a child node process that opens `dataDir`, adds a row, says so, then waits to be killed. */
  function childWriter(dataDir: string): Promise<{ pid: number; kill: () => Promise<void> }> {
    const script = join(dir, 'writer.mts');
    writeFileSync(script, `
      import { openDb, migrate } from ${JSON.stringify(DB_MODULE)};
      const db = await openDb({ dataDir: ${JSON.stringify(dataDir)} });
      await migrate(db, { seed: false });
      await db.query("insert into buzz_haven.hives (name) values ('written by the child')");
      console.log('written');
      setInterval(() => undefined, 1000);
    `);
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: resolve(__dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    return new Promise((resolvePromise, reject) => {
      child.stdout.on('data', (d) => {
        if (String(d).includes('written')) {
          resolvePromise({
            pid: child.pid!,
            kill: () => new Promise((done) => { child.once('exit', () => done()); child.kill('SIGKILL'); }),
          });
        }
      });
      child.once('exit', (code) => reject(new Error(`child exited (${code}): ${stderr}`)));
    });
  }

  test('a second open of a directory in use fails with a clear message; close releases it; data persists', async () => {
    const dataDir = join(dir, 'a');
    const db = await openDb({ dataDir });
    await migrate(db, { seed: false });
    await db.query("insert into buzz_haven.hives (name) values ('Kept Hive')");
    await expect(openDb({ dataDir })).rejects.toThrow(`The data directory ${dataDir} is already in use by this process`);
    await db.close();
    const again = await openDb({ dataDir });
    expect((await again.query('select name from buzz_haven.hives')).rows).toEqual([{ name: 'Kept Hive' }]);
    await expect(migrate(again, { seed: true })).resolves.toEqual({ applied: [] });
    await again.close();
  }, SETUP_TIMEOUT);

  test('another live process holds the lock: refused, naming its pid; after SIGKILL its data is there and the lock is taken over', async () => {
    const dataDir = join(dir, 'b');
    const child = await childWriter(dataDir);
    try {
      await expect(openDb({ dataDir })).rejects.toThrow(`in use by another process (pid ${child.pid})`);
    } finally {
      await child.kill();
    }
    const db = await openDb({ dataDir });
    expect((await db.query('select name from buzz_haven.hives')).rows).toEqual([{ name: 'written by the child' }]);
    await db.close();
  }, SETUP_TIMEOUT);

  test('a lock file naming a dead process is stale and taken over', async () => {
    const dataDir = join(dir, 'a'); // created and closed by the first test
    writeFileSync(join(dataDir, LOCK_FILE_NAME), '2147483646\n');
    const reopened = await openDb({ dataDir });
    expect((await reopened.query('select name from buzz_haven.hives')).rows).toEqual([{ name: 'Kept Hive' }]);
    await reopened.close();
  }, SETUP_TIMEOUT);

  test('fresh deletes the old database, but never while another handle holds the directory', async () => {
    const dataDir = join(dir, 'a');
    const holder = await openDb({ dataDir });
    await expect(openDb({ dataDir, fresh: true })).rejects.toThrow('already in use');
    expect((await holder.query('select count(*)::int as n from buzz_haven.hives')).rows).toEqual([{ n: 1 }]);
    await holder.close();
    const fresh = await openDb({ dataDir, fresh: true });
    expect((await fresh.query("select to_regclass('buzz_haven.hives') as t")).rows).toEqual([{ t: null }]);
    await fresh.close();
  }, SETUP_TIMEOUT);
});
