/**
 * PostgREST response shapes and status mapping for every kind of function (supabase/local/docs/
 * wire-contract.md, "RPC: arguments and overloads" to "RPC: errors"). The server runs in-process on an in-memory PGlite so the test can create functions
 * of each kind after start, which also shows that the function cache sees new functions.
 */
import { loadConfig } from '../../supabase/local/src/config';
import { createServer, type RunningServer } from '../../supabase/local/src/server';
import { ANON_KEY, client } from './support/clients';

let server: RunningServer;

const FUNCTIONS = `
create function public.t_int() returns integer language sql stable as $$ select 42 $$;
create function public.t_text(p text) returns text language sql immutable as $$ select 'Hello ' || p $$;
create function public.t_series(n integer default 3) returns setof integer language sql stable
  as $$ select generate_series(1, n) $$;
create function public.t_table() returns table (id integer, label text) language sql stable
  as $$ values (1, 'one'), (2, 'two') $$;
create function public.t_nothing() returns public.t_row language sql stable as $$ select null::public.t_row $$;
create function public.t_void(p integer) returns void language plpgsql as $$ begin perform p; end $$;
create function public.t_json(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
create function public.t_sum(xs integer[]) returns integer language sql immutable
  as $$ select sum(x)::integer from unnest(xs) x $$;
create function public.t_unique(p integer) returns integer language sql
  as $$ insert into public.t_log values (p) returning v $$;
create function public.t_teapot() returns integer language plpgsql
  as $$ begin raise sqlstate 'PT418' using message = 'I am a teapot'; end $$;
create function public.t_raise() returns integer language plpgsql as $$
  begin raise exception 'Nope' using detail = 'Some detail', hint = 'Some hint'; end $$;
create function public.t_context() returns json language sql stable as $$
  select json_build_object(
    'role', current_user,
    'claims_role', current_setting('request.jwt.claims', true)::json ->> 'role',
    'method', current_setting('request.method', true),
    'path', current_setting('request.path', true),
    'header', current_setting('request.headers', true)::json ->> 'x-test-header') $$;
create function public.t_same(a integer) returns integer language sql immutable as $$ select a $$;
create function public.t_same(a text) returns integer language sql immutable as $$ select 0 $$;
`;

beforeAll(async () => {
  const config = loadConfig();
  // A small db-max-rows so the cap is visible; config.toml sets 1000 like the CLI.
  server = await createServer({ port: 0, seed: false, config: { ...config, api: { ...config.api, maxRows: 5 } } });
  await server.db.exec(`
    create table public.t_log (v integer primary key);
    create type public.t_row as (a integer, b text);
    ${FUNCTIONS}
    grant insert, select on public.t_log to anon;
  `);
}, 200_000);

afterAll(async () => {
  await server?.close();
});

describe('response shapes', () => {
  test('a scalar is the bare JSON value', async () => {
    expect(await client(server.url).rpc('t_int')).toMatchObject({ data: 42, status: 200 });
    expect((await client(server.url).rpc('t_text', { p: 'bees' })).data).toBe('Hello bees');
  });

  test('setof scalar is an array; an omitted defaulted argument takes its default', async () => {
    expect((await client(server.url).rpc('t_series')).data).toEqual([1, 2, 3]);
    expect((await client(server.url).rpc('t_series', { n: 0 })).data).toEqual([]);
  });

  test('set results are capped at max_rows', async () => {
    expect((await client(server.url).rpc('t_series', { n: 8 })).data).toEqual([1, 2, 3, 4, 5]);
  });

  test('returns table is an array of objects, with Content-Range', async () => {
    const res = await fetch(`${server.url}/rest/v1/rpc/t_table`, {
      method: 'POST', headers: { apikey: ANON_KEY, 'content-type': 'application/json' }, body: '{}',
    });
    expect(res.headers.get('content-range')).toBe('0-1/*');
    expect(await res.json()).toEqual([{ id: 1, label: 'one' }, { id: 2, label: 'two' }]);
  });

  test('a composite that is null is null', async () => {
    expect(await client(server.url).rpc('t_nothing')).toMatchObject({ data: null, error: null, status: 200 });
  });

  test('void is 204 with no body', async () => {
    const res = await fetch(`${server.url}/rest/v1/rpc/t_void`, {
      method: 'POST', headers: { apikey: ANON_KEY, 'content-type': 'application/json' }, body: '{"p": 1}',
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('content-type')).toBeNull();
  });

  test('a single unnamed jsonb parameter receives the whole body', async () => {
    expect((await client(server.url).rpc('t_json', { any: ['thing', 1] })).data).toEqual({ any: ['thing', 1] });
  });

  test('JSON arrays (POST) and array literals (GET) reach array parameters', async () => {
    expect((await client(server.url).rpc('t_sum', { xs: [1, 2, 3] })).data).toBe(6);
    expect((await client(server.url).rpc('t_sum', { xs: [4, 5] }, { get: true })).data).toBe(9);
  });

  test('the request context is set: role, claims with role, method, path, headers', async () => {
    const supabase = client(server.url);
    const { data } = await supabase.rpc('t_context', {}, { get: true });
    expect(data).toMatchObject({ role: 'anon', claims_role: 'anon', method: 'GET', path: '/rest/v1/rpc/t_context' });
    const res = await fetch(`${server.url}/rest/v1/rpc/t_context`, {
      method: 'POST', headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'X-Test-Header': 'hi' }, body: '{}',
    });
    expect((await res.json()).header).toBe('hi');
  });

  test('a function created after the server started is found', async () => {
    expect((await client(server.url).rpc('t_late')).status).toBe(404);
    await server.db.exec('create function public.t_late() returns text language sql as $$ select $t$late$t$ $$');
    expect((await client(server.url).rpc('t_late')).data).toBe('late');
  });
});

describe('status mapping', () => {
  test('GET runs read-only, so a writing function called with GET is 405 (25006)', async () => {
    const { status, error } = await client(server.url).rpc('t_unique', { p: 1 }, { get: true });
    expect(status).toBe(405);
    expect(error?.code).toBe('25006');
  });

  test('a unique violation is 409 (23505)', async () => {
    expect((await client(server.url).rpc('t_unique', { p: 7 })).data).toBe(7);
    const again = await client(server.url).rpc('t_unique', { p: 7 });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');
  });

  test('PTxyz sets the status; RAISE passes message, detail and hint (P0001 -> 400)', async () => {
    const teapot = await client(server.url).rpc('t_teapot');
    expect(teapot.status).toBe(418);
    expect(teapot.error).toMatchObject({ code: 'PT418', message: 'I am a teapot' });
    const raised = await client(server.url).rpc('t_raise');
    expect(raised.status).toBe(400);
    expect(raised.error).toEqual({ code: 'P0001', message: 'Nope', details: 'Some detail', hint: 'Some hint' });
  });

  test('a value of the wrong type is 400 (22P02)', async () => {
    const { status, error } = await client(server.url).rpc('t_sum', { xs: ['a'] });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });

  test('two overloads matching the same names are 300 PGRST203', async () => {
    const { status, error } = await client(server.url).rpc('t_same', { a: 1 });
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST203');
  });

  test('a JWT role the database does not know is 401', async () => {
    const { SignJWT } = await import('jose');
    const token = await new SignJWT({ role: 'nobody_here' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long'));
    const res = await fetch(`${server.url}/rest/v1/rpc/t_int`, {
      method: 'POST', headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}',
    });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('22023');
  });
});
