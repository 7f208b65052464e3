/**
 * An existing database whose 'messages' document was seeded before the newer messages
 * (20251126001020_buzz_haven_messages_new_wording.sql): the draft and the published body get
 * content/messages.yaml's wording of the kinds they lack, keep their own wording of the others,
 * and pass the document's schema again (the publish check, the sender).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PATHS } from '../../supabase/local/src/db/index';
import { validateDocument } from '../../supabase/functions/_shared/content-schema/index';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const FIRST_NEW = '20251126001020';
const migrations = readdirSync(PATHS.migrationsDir).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
const before = migrations.filter((f) => f.split('_')[0]! < FIRST_NEW);
const after = migrations.filter((f) => f.split('_')[0]! >= FIRST_NEW);
const bootstrap = readdirSync(PATHS.bootstrapDir).filter((f) => f.endsWith('.sql')).sort();

const current = parse(readFileSync(join(PATHS.migrationsDir, '../../content/messages.yaml'), 'utf8'));
const NEW_KINDS = ['registration_reminder', 'adoption_accepted', 'staff_order_alert', 'staff_registration_alert', 'staff_digest',
  'art_confirm', 'art_approved', 'art_declined', 'art_vote_confirm', // the art kinds: 20251127030020
  'order_received_card', 'adoption_paid']; // card payments: 20251127090000
const without = (messages: Record<string, unknown>) => Object.fromEntries(Object.entries(messages).filter(([k]) => !NEW_KINDS.includes(k)));
// The document as it was stored: without the new kinds, one subject reworded by staff.
const oldDraft = { ...current, messages: { ...without(current.messages),
  order_received: { ...current.messages.order_received, subject: 'Thanks for order {{order.number}}' } } };
const oldPublished = { ...current, messages: without(current.messages) };

describe.each(targets)('the messages document of an existing database on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target, { migrate: false });
    // The backend's own bootstrap runs as the superuser supabase_admin, the migrations as postgres (as hosted).
    for (const f of bootstrap) await t.admin.exec(readFileSync(PATHS.bootstrapDir + f, 'utf8'));
    for (const f of before) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
    await t.db.query(
      `insert into buzz_haven.content_documents (key, title, draft, published, published_version) values
       ('messages', 'E-mails', $1, $2, 1), ('site', 'Site', '{"brand": {}}', null, null)`,
      [JSON.stringify(oldDraft), JSON.stringify(oldPublished)],
    );
    for (const f of after) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('the missing kinds get the repository\'s wording; the staff\'s own wording stays; both pass the schema', async () => {
    const { rows } = await t.db.query<{ key: string; draft: any; published: any }>(
      "select key, draft, published from buzz_haven.content_documents where key in ('messages', 'site') order by key");
    const [messages, site] = rows;
    for (const kind of NEW_KINDS) {
      expect([kind, messages!.draft.messages[kind]]).toEqual([kind, current.messages[kind]]);
      expect([kind, messages!.published.messages[kind]]).toEqual([kind, current.messages[kind]]);
    }
    expect(messages!.draft.messages.order_received.subject).toBe('Thanks for order {{order.number}}');
    expect(messages!.published.messages.order_received).toEqual(current.messages.order_received);
    expect(validateDocument('messages', messages!.draft).ok).toBe(true);
    expect(validateDocument('messages', messages!.published).ok).toBe(true);
    expect(site).toMatchObject({ draft: { brand: {} }, published: null }); // other documents untouched
  });
});
