/**
 * Visit reports end to end: staff share an inspection over supabase-js, the sender delivers, and
 * the adopter's mailbox holds one report with the shared sentence, the picture, the date and the
 * link to /my-hive; edited again, nothing more arrives; after the adopter switches reports off on
 * /my-hive (signed in by the mailed link, as the page does), the next shared visit sends nothing.
 */
import { OWNER, SERVICE_ROLE_KEY, signedIn, uniqueEmail } from './support/clients';
import { mailTo, type Mail } from './support/mailbox';
import { adoptedHive, signInByLink } from './support/myHive';
import { removeDataDir, startBackend, type Backend } from './support/server';

type OutboxMail = Mail & { text_body: string | null };
const PHOTO = 'https://media.example.org/hives/frame.jpg';

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend({
    env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000', SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT: '1000' },
  });
}, 200_000);
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const send = async () => {
  const res = await fetch(`${backend.url}/functions/v1/send-messages`, {
    method: 'POST', headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
  });
  expect(res.status).toBe(200);
};
const reportsTo = async (email: string) =>
  ((await mailTo(backend.url, email)) as OutboxMail[]).filter((m) => m.kind.startsWith('visit_report'));

test('a shared inspection reaches the adopter once; after they switch reports off, no more', async () => {
  const adopter = uniqueEmail('visit-adopter');
  const hive = await adoptedHive(backend.url, 'Linden Hive', adopter);
  const staff = await signedIn(backend.url, OWNER.email, OWNER.password);
  const shared = await staff.rpc('create_buzz_haven_inspection', { p_hive_id: hive, p_inspected_on: '2026-10-01',
    p_share: true, p_share_note: 'The linden is in bloom and the bees love it.', p_share_photo_url: PHOTO, p_notes: 'Staff only' });
  expect(shared.error).toBeNull();
  await send();
  const [report, ...more] = await reportsTo(adopter);
  expect(more).toEqual([]);
  expect(report).toMatchObject({ kind: 'visit_report', subject: 'News from Linden Hive: our visit of October 1, 2026' });
  expect(report!.text_body).toContain('The linden is in bloom and the bees love it.');
  expect(report!.text_body).toContain("your hive's page: http://localhost:8000/my-hive");
  expect(report!.text_body).not.toContain('Staff only');
  expect(report!.html).toContain(`<img src="${PHOTO}"`);

  expect((await staff.rpc('update_buzz_haven_inspection', { p_id: shared.data.id, p_share_note: 'Edited' })).error).toBeNull();
  await send();
  expect(await reportsTo(adopter)).toHaveLength(1);

  const mine = await signInByLink(backend.url, adopter);
  expect((await mine.rpc('set_buzz_haven_my_visit_reports', { p_receive: false })).data).toBe(false);
  expect((await staff.rpc('create_buzz_haven_inspection', { p_hive_id: hive, p_inspected_on: '2026-10-08',
    p_share: true, p_share_note: 'Not sent' })).error).toBeNull();
  await send();
  expect(await reportsTo(adopter)).toHaveLength(1);
});
