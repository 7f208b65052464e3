/**
 * The art uploads' bounds in the database: one live upload per submission (each new upload URL's
 * path replaces the last, the bucket stores nothing else), uploads left unchecked past the window
 * (art_upload_settings) answered for removal, and the measured file refused when its type is not
 * the one it was sent as, when it is too large to decode, or when it did not decode to its end.
 * Objects are written into storage.objects as Storage writes them (as itself).
 */
import { anon, rpcRows, rpcValue, service } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const GOOD = { p_type: 'image/png', p_bytes: 5_000_000, p_width: 3000, p_height: 2000, p_declared_type: 'image/png', p_decoded: true };

describe.each(targets)('art uploads on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target);
    await t.db.query(`update buzz_haven.rate_limits set max_per_client = 1000, max_per_contact = 1000 where action = 'art_submission'`);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  /** A submission with its e-mail confirmed, waiting for its image. */
  async function confirmed(email: string): Promise<{ id: string; token: string }> {
    await rpcValue(t.db, anon, 'submit_buzz_haven_art_design', {
      p_title: 'Clover', p_statement: 'Bees in clover', p_artist_name: 'Ana', p_email: email, p_consent: true,
    });
    const { rows } = await t.db.query<{ id: string; token: string }>(
      `update buzz_haven.art_designs set email_confirmed_at = now() where email = $1 returning id, token::text`, [email]);
    return rows[0]!;
  }
  const issue = (d: { token: string }, path: string, type = 'image/png') =>
    rpcRows<string>(t.db, service, 'issue_buzz_haven_art_upload', { p_token: d.token, p_path: path, p_type: type });
  /** Storage storing an object (as itself, whoever signed the URL). */
  const store = (name: string) => t.db.query(`insert into storage.objects (bucket_id, name) values ('art-submissions', $1)`, [name]);
  /** Storage's remove (the art function calls it with the names it is given). */
  const removeObjects = (names: string[]) => t.db.exec(`begin; select set_config('storage.allow_delete_query', 'true', true);
    delete from storage.objects where bucket_id = 'art-submissions'
      and name in (${names.map((n) => `'${n.replace(/'/g, "''")}'`).join(', ') || 'null'}); commit;`);
  const objectsOf = async (id: string) => (await t.db.query<{ name: string }>(
    `select name from storage.objects where bucket_id = 'art-submissions' and starts_with(name, $1) order by name`, [`${id}/`])).rows.map((r) => r.name);
  const record = (d: { token: string }, path: string, over: Record<string, unknown> = {}) =>
    rpcValue(t.db, service, 'record_buzz_haven_art_upload', { p_token: d.token, p_path: path, ...GOOD, ...over });

  test('25 upload URLs for one submission leave one live upload and one stored object; a replaced URL stores nothing', async () => {
    const d = await confirmed('many-urls@art.test');
    const paths = Array.from({ length: 25 }, (_, i) => `${d.id}/${String(i).padStart(2, '0')}.png`);
    for (const path of paths) {
      await removeObjects(await issue(d, path));
      await store(path);
    }
    expect(await objectsOf(d.id)).toEqual([paths[24]]);
    // the first URL is still signed, but its path is no longer the live upload
    await expect(store(`${d.id}/00.png`)).rejects.toMatchObject({ code: '42501', message: /replaced by a newer one or has expired/ });
    await expect(store(`${d.id}/elsewhere.png`)).rejects.toMatchObject({ code: '42501' });
    await expect(record(d, paths[3]!)).rejects.toThrow(/replaced by a newer one or waited too long/);
    await record(d, paths[24]!);
    const { rows } = await t.db.query(`select status, storage_path, upload_path from buzz_haven.art_designs where id = $1`, [d.id]);
    expect(rows[0]).toEqual({ status: 'pending', storage_path: paths[24], upload_path: null });
    await expect(store(`${d.id}/after.png`)).rejects.toMatchObject({ code: '42501' }); // checked: no more uploads
    await expect(rpcRows(t.db, anon, 'issue_buzz_haven_art_upload', { p_token: d.token, p_path: `${d.id}/x.png`, p_type: 'image/png' }))
      .rejects.toThrow(/permission denied/);
  });

  test('an upload left unchecked past the window is answered for removal; recorded and live ones are not', async () => {
    const stale = await confirmed('stale@art.test');
    const live = await confirmed('live@art.test');
    await issue(stale, `${stale.id}/old.png`);
    await store(`${stale.id}/old.png`);
    await issue(live, `${live.id}/new.png`);
    await store(`${live.id}/new.png`);
    const unchecked = () => rpcRows<string>(t.db, service, 'get_buzz_haven_art_unchecked_uploads', {});
    expect(await unchecked()).toEqual([]);
    const minutes = (await t.db.query<{ m: number }>('select unchecked_minutes as m from buzz_haven.art_upload_settings')).rows[0]!.m;
    await t.db.query(`update storage.objects set created_at = now() - make_interval(mins => $2) where name = $1`, [`${stale.id}/old.png`, minutes + 1]);
    await t.db.query(`update buzz_haven.art_designs set upload_issued_at = now() - make_interval(mins => $2) where id = $1`, [stale.id, minutes + 1]);
    expect(await unchecked()).toEqual([`${stale.id}/old.png`]);
    await expect(record(stale, `${stale.id}/old.png`)).rejects.toThrow(/waited too long/);
    await expect(store(`${stale.id}/old.png-again`)).rejects.toMatchObject({ code: '42501' });
    // the window is the settings row's: a longer one keeps it
    await t.db.query('update buzz_haven.art_upload_settings set unchecked_minutes = $1', [minutes + 10]);
    expect(await unchecked()).toEqual([]);
    await t.db.query('update buzz_haven.art_upload_settings set unchecked_minutes = $1', [minutes]);
    await expect(rpcRows(t.db, anon, 'get_buzz_haven_art_unchecked_uploads', {})).rejects.toThrow(/permission denied/);
  });

  test('a file of another type than it was sent as, too large to decode, or not decoded to its end is refused', async () => {
    const d = await confirmed('files@art.test');
    const path = `${d.id}/f.png`;
    await issue(d, path);
    await expect(record(d, path, { p_type: 'image/jpeg' }))
      .rejects.toThrow('The file is a JPEG image but was sent as PNG: upload it again as JPEG');
    await expect(record(d, path, { p_declared_type: 'text/html' }))
      .rejects.toThrow('The file is a PNG image but was sent as text/html: upload it again as PNG');
    // a header claiming 4000 x 4000 px over a few hundred bytes: the decoder ran out of data
    await expect(record(d, path, { p_bytes: 700, p_width: 4000, p_height: 4000, p_decoded: false }))
      .rejects.toThrow('The file is damaged or incomplete: its image could not be read to the end');
    await expect(record(d, path, { p_width: 6000, p_height: 5000, p_decoded: false }))
      .rejects.toThrow('The image is 6000 x 5000 px; at most 25 megapixels can be checked');
    await expect(record(d, path, { p_type: 'unknown', p_decoded: false })).rejects.toThrow('The file is not a PNG, JPEG or WebP image');
    await expect(record(d, path, { p_width: 1000, p_height: 800 })).rejects.toThrow(/1000 x 800 px; print needs at least 2000 px/);
    await record(d, path);
    await expect(record(d, path)).rejects.toMatchObject({ code: 'PT409', message: 'This submission already has its image' });
  });
});
