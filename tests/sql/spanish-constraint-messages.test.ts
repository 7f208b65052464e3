/**
 * The Spanish of the database's refusals to a visitor (content/es/constraint-messages.yaml) covers
 * every message a visitor-request table can fail with: each buzz_haven.constraint_messages row of
 * those tables (their CHECKs, NOT NULL columns and the rules buzz_haven.refuse raises) has its
 * Spanish, saying the same numbers and keeping its %s; each message buzz_haven.derived_message
 * builds from a CHECK's bound has its column's Spanish label and a Spanish pattern; and no Spanish
 * message names a row that does not exist. Its `inputs` are the Spanish of what the visitor RPCs
 * refuse before writing (buzz_haven.check_input), keyed by the English words the schema raises.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

interface SpanishRefusals {
  messages: Record<string, string>;
  derived: Record<'tooLong' | 'between' | 'oneOf' | 'separator' | 'lastSeparator', string>;
  labels: Record<string, string>;
  values: Record<string, Record<string, string>>;
  inputs: Record<string, string>;
}
const spanish = parse(readFileSync(join(__dirname, '../../content/es/constraint-messages.yaml'), 'utf8')) as SpanishRefusals;

/** The tables a visitor's request writes (orders to art votes). */
const VISITOR_TABLES = ['orders', 'order_items', 'event_registrations', 'volunteer_signups', 'adoption_requests',
  'swarm_reports', 'host_applications', 'newsletter_subscribers', 'contact_messages', 'art_designs',
  'art_vote_requests', 'art_votes'];
const ofVisitorTable = `^(${VISITOR_TABLES.join('|')})_`;

const numbers = (text: string) => (text.match(/\d+(?:[.,]\d+)*/g) ?? []).sort();
const formats = (text: string) => (text.match(/%s/g) ?? []).length;

describe.each(targets)('the Spanish of the visitor tables\' refusals on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const rows = async () => (await t.db.query<{ constraint_name: string; message: string }>(
    'select constraint_name, message from buzz_haven.constraint_messages where constraint_name ~ $1 order by 1',
    [ofVisitorTable])).rows;

  test('every message row of a visitor table has its Spanish, with the same numbers and %s', async () => {
    const english = await rows();
    expect(english.length).toBeGreaterThan(30);
    for (const { constraint_name: name, message } of english) {
      const words = spanish.messages[name];
      expect([name, typeof words]).toEqual([name, 'string']);
      expect([name, numbers(words), formats(words)]).toEqual([name, numbers(message), formats(message)]);
    }
  });

  test('no Spanish message names a constraint without an English row', async () => {
    const names = new Set((await rows()).map((r) => r.constraint_name));
    expect(Object.keys(spanish.messages).filter((name) => !names.has(name))).toEqual([]);
  });

  test('every message derived from a bound has the Spanish label of its column', async () => {
    const { rows: derived } = await t.db.query<{ conname: string; attname: string }>(`
      select k.conname, a.attname
      from pg_catalog.pg_constraint as k
      join pg_catalog.pg_class as c on c.oid = k.conrelid
      join pg_catalog.pg_attribute as a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
      where c.relnamespace = 'buzz_haven'::regnamespace and c.relname = any ($1)
        and buzz_haven.constraint_message(k.oid) is not null
        and not exists (select 1 from buzz_haven.constraint_messages as m where m.constraint_name = k.conname)
      order by 1`, [VISITOR_TABLES]);
    expect(derived.length).toBeGreaterThan(20);
    const unlabelled = derived.filter((d) => !spanish.labels[d.attname]?.trim()).map((d) => `${d.conname} (${d.attname})`);
    expect(unlabelled).toEqual([]);
  });

  test('the derived patterns say their label and bounds', () => {
    expect(spanish.derived.tooLong).toMatch(/^(?=.*\{label\})(?=.*\{max\})/);
    expect(spanish.derived.between).toMatch(/^(?=.*\{label\})(?=.*\{min\})(?=.*\{max\})/);
    expect(spanish.derived.oneOf).toMatch(/^(?=.*\{label\})(?=.*\{values\})/);
    expect(spanish.derived.lastSeparator.trim()).toBe('o');
  });
});

test('each refusal of a visitor RPC keeps its numbers and {values}, and names words the schema raises', () => {
  const schemasDir = join(__dirname, '../../supabase/schemas');
  // An area is a file or a folder of files.
  const schemas = readdirSync(schemasDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sql'))
    .map((f) => readFileSync(join(schemasDir, f), 'utf8')).join('\n');
  const problems: string[] = [];
  for (const [english, words] of Object.entries(spanish.inputs)) {
    if (numbers(words).join() !== numbers(english).join()) problems.push(`numbers of "${english}"`);
    if (english.includes('{values}') !== words.includes('{values}')) problems.push(`{values} of "${english}"`);
    // format() leaves out arguments a text does not use, never the reverse
    if (formats(words) > formats(english)) problems.push(`%s of "${english}"`);
    const literal = english.split(/%s|\{values\}/)[0].replace(/'/g, "''");
    // buzz_haven.check_required(p_name, 'Name') says 'Name is required'
    const label = /^(.+) is required$/.exec(english)?.[1];
    if (!schemas.includes(`'${literal}`) && !(label && schemas.includes(`, '${label}')`))) {
      problems.push(`"${english}" is not in supabase/schemas`);
    }
  }
  expect(problems).toEqual([]);
});
