/**
 * N visitors registering at the same moment for the last few places of a workshop, each on its own
 * PostgreSQL connection (as PostgREST's pool would run them): one transaction per call with the
 * anon role and claims set transaction-locally. Used by tests/sql/concurrency.test.ts and the
 * requests bench; it reports what the callers were told and what the database holds.
 */
import pg from 'pg';

export interface RaceResult {
  confirmed: number;
  waitlisted: number;
  /** Refused with PT409 'This workshop is full' (or 'Only N places left'). */
  full: number;
  /** Any other failure: must be 0. */
  errors: string[];
  /** Registrations of the race found in the database afterwards. */
  stored: number;
  /** Callers told 'confirmed' or 'waitlisted' whose row is missing, plus rows nobody was told of. */
  lost: number;
  confirmedPlaces: number;
  capacity: number;
  waitlistPositions: number[];
  ms: number;
}

export async function registrationRace(url: string, opts: { lastPlaces: number; contenders: number; joinWaitlist: boolean }): Promise<RaceResult> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const taken = 20;
  const capacity = taken + opts.lastPlaces;
  const { rows } = await admin.query<{ id: string }>(
    `insert into buzz_haven.events (title, start_time, kind, capacity, is_public)
     values ('Race Workshop', now() + interval '3 days', 'workshop', $1, true) returning id`,
    [capacity],
  );
  const eventId = rows[0]!.id;
  await admin.query(
    `insert into buzz_haven.event_registrations (event_id, name, email, places, status)
     select $1, 'Early ' || i, 'early' || i || '@race.test', 10, 'confirmed' from generate_series(1, $2::int / 10) as i`,
    [eventId, taken],
  );
  const clients = Array.from({ length: opts.contenders }, () => new pg.Client({ connectionString: url }));
  await Promise.all(clients.map((c) => c.connect()));
  const told = new Map<string, string>();
  let full = 0;
  const errors: string[] = [];
  const start = performance.now();
  await Promise.all(clients.map(async (c, i) => {
    try {
      await c.query('begin');
      await c.query("select set_config('role', 'anon', true), set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ role: 'anon', iss: 'supabase-demo' }),
      ]);
      const res = await c.query<{ j: { id: string; status: string } }>(
        'select public.register_buzz_haven_workshop(p_event_id => $1, p_name => $2, p_email => $3, p_places => 1, p_join_waitlist => $4) as j',
        [eventId, `Racer ${i}`, `racer${i}@race.test`, opts.joinWaitlist],
      );
      await c.query('commit');
      told.set(res.rows[0]!.j.id, res.rows[0]!.j.status);
    } catch (err) {
      await c.query('rollback').catch(() => undefined);
      const e = err as { code?: string; message?: string };
      if (e.code === 'PT409' && /full|left/.test(e.message ?? '')) full += 1;
      else errors.push(`${e.code}: ${e.message}`);
    }
  }));
  const ms = performance.now() - start;
  await Promise.all(clients.map((c) => c.end()));
  const stored = await admin.query<{ id: string; status: string; position: number | null; places: number }>(
    "select id, status, position, places from buzz_haven.event_registrations where event_id = $1 and email like 'racer%'",
    [eventId],
  );
  const places = await admin.query<{ sum: number }>(
    "select sum(places)::int as sum from buzz_haven.event_registrations where event_id = $1 and status = 'confirmed'",
    [eventId],
  );
  await admin.end();
  const inDb = new Map(stored.rows.map((r) => [r.id, r.status]));
  const lost = [...told].filter(([id, status]) => inDb.get(id) !== status).length + [...inDb.keys()].filter((id) => !told.has(id)).length;
  return {
    confirmed: [...told.values()].filter((s) => s === 'confirmed').length,
    waitlisted: [...told.values()].filter((s) => s === 'waitlisted').length,
    full,
    errors,
    stored: stored.rows.length,
    lost,
    confirmedPlaces: places.rows[0]!.sum,
    capacity,
    waitlistPositions: stored.rows.filter((r) => r.status === 'waitlisted').map((r) => r.position!).sort((a, b) => a - b),
    ms,
  };
}
