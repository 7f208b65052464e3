/**
 * Capacity under real concurrency, on the PostgreSQL server only (PGlite has one connection):
 * 100 visitors on 100 connections at once for the last 10 places of a workshop.
 */
import { registrationRace } from './support/registrationRace';
import { openTarget, PG_URL, SETUP_TIMEOUT, type TestDb } from './support/targets';

const onPostgres = PG_URL ? describe : describe.skip;

onPostgres('100 simultaneous registrations for the last 10 places (PostgreSQL)', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget('postgres');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('with the waitlist: exactly 10 confirmed, 90 waitlisted in positions 1-90, none lost', async () => {
    const race = await registrationRace(t.url!, { lastPlaces: 10, contenders: 100, joinWaitlist: true });
    expect(race.errors).toEqual([]);
    expect(race).toMatchObject({ confirmed: 10, waitlisted: 90, full: 0, stored: 100, lost: 0 });
    expect(race.confirmedPlaces).toBe(race.capacity);
    expect(race.waitlistPositions).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
  }, 120_000);

  test("without it: exactly 10 confirmed, 90 told 'This workshop is full', nothing else stored", async () => {
    const race = await registrationRace(t.url!, { lastPlaces: 10, contenders: 100, joinWaitlist: false });
    expect(race.errors).toEqual([]);
    expect(race).toMatchObject({ confirmed: 10, waitlisted: 0, full: 90, stored: 10, lost: 0 });
    expect(race.confirmedPlaces).toBe(race.capacity);
  }, 120_000);
});
