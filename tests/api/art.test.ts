/**
 * The art collective through the real HTTP API (supabase-js, the art Edge Function, Storage, the
 * outbox sender and the local mailbox): an artist submits, confirms by the e-mailed link and
 * uploads through a signed URL; wrong files (HTML or bytes that are no image, an image too small,
 * too large) are refused with a clear message and nothing is kept; the private file is readable by
 * staff, and by anyone once approved; a declined design's file is removed; votes by e-mailed link,
 * refused off the ballot, with a forged token or too many from one client.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { ANON_KEY, SERVICE_ROLE_KEY, client } from './support/clients';
import { mailTo, type Mail } from './support/mailbox';
import { member } from './support/members';
import { startSender, type Sender } from './support/sender';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;
let sender: Sender;
let anon: SupabaseClient;
let staff: SupabaseClient;

beforeAll(async () => {
  backend = await startBackend();
  sender = startSender(backend);
  anon = client(backend.url);
  staff = await member(backend.url, 'staff');
}, 200_000);

afterAll(async () => {
  await sender?.stop();
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 180, b: 40 } } }).png({ compressionLevel: 9 }).toBuffer();

async function mailOf(email: string, kind: RegExp): Promise<Mail> {
  for (let i = 0; i < 100; i += 1) {
    const found = (await mailTo(backend.url, email)).find((m) => kind.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail matching ${kind} to ${email}`);
}
const tokenIn = (mail: Mail, path: string) => {
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([0-9a-f-]{36})`).exec(mail.html);
  if (!match) throw new Error(`no ${path} link in: ${mail.html.slice(0, 500)}`);
  return match[1]!;
};

const art = async (body: Record<string, unknown>, authorization = `Bearer ${ANON_KEY}`) => {
  const res = await fetch(`${backend.url}/functions/v1/art`, {
    method: 'POST', headers: { Authorization: authorization, apikey: ANON_KEY, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() as Record<string, any> };
};
const put = (url: string, bytes: Buffer | string, type: string) =>
  fetch(url, { method: 'PUT', headers: { 'content-type': type }, body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes) });
const serviceGet = (path: string) =>
  fetch(`${backend.url}/storage/v1/object/art-submissions/${path}`, { headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
const anonGet = (path: string) =>
  fetch(`${backend.url}/storage/v1/object/authenticated/art-submissions/${path}`, { headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` } });

async function submitAndConfirm(email: string, title: string): Promise<string> {
  const { error } = await anon.rpc('submit_buzz_haven_art_design', {
    p_title: title, p_statement: 'Bees and poppies', p_artist_name: 'Ana Artist', p_email: email, p_consent: true,
  });
  expect(error).toBeNull();
  const token = tokenIn(await mailOf(email, /Confirm your design/), '/art/upload');
  expect((await anon.rpc('confirm_buzz_haven_art_design', { p_token: token })).data).toEqual({ outcome: 'confirmed', title, needs_upload: true });
  return token;
}
async function upload(token: string, bytes: Buffer | string, type = 'image/png') {
  const signed = await art({ action: 'upload-url', token, type, bytes: bytes.length });
  expect(signed.status).toBe(200);
  const stored = await put(signed.body.signedUrl, bytes, type);
  const storedBody = await stored.json() as Record<string, unknown>;
  const checked = await art({ action: 'check', token, path: signed.body.path });
  return { path: signed.body.path as string, stored: stored.status, storedBody, checked };
}

/** A PNG chunk: length, type, data, CRC. */
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + body.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 4 + body.length);
  return out;
};
/** About 700 bytes of valid chunks whose header claims 4000 x 4000 px: far fewer rows than it says. */
function bigClaimPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(4000, 0);
  ihdr.writeUInt32BE(4000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = deflateSync(Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256)), { level: 0 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', rows.subarray(0, 640)), chunk('IEND', Buffer.alloc(0))]);
}
const objectsUnder = async (prefix: string) => {
  const res = await fetch(`${backend.url}/storage/v1/object/list/art-submissions`, {
    method: 'POST', headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ prefix, limit: 100 }),
  });
  return (await res.json() as { name: string }[]).map((o) => `${prefix}/${o.name}`);
};

test('25 upload URLs for one submission leave one stored object; a replaced URL stores nothing and cannot be checked', async () => {
  const token = await submitAndConfirm('many@art.test', 'Many Links');
  const small = await png(40, 30);
  const issued: { path: string; signedUrl: string }[] = [];
  for (let i = 0; i < 25; i += 1) {
    const signed = await art({ action: 'upload-url', token, type: 'image/png', bytes: small.length });
    expect(signed.status).toBe(200);
    expect((await put(signed.body.signedUrl, small, 'image/png')).status).toBe(200);
    issued.push(signed.body as { path: string; signedUrl: string });
  }
  const folder = issued[0]!.path.split('/')[0]!;
  expect(await objectsUnder(folder)).toEqual([issued[24]!.path]);
  // the first URL is still signed, but no longer the live upload: Storage stores nothing through it
  expect([400, 403]).toContain((await put(issued[0]!.signedUrl, small, 'image/png')).status); // signed uploads answer 400
  expect(await art({ action: 'check', token, path: issued[0]!.path })).toMatchObject({ status: 404 });
  expect(await art({ action: 'check', token, path: issued[3]!.path })).toMatchObject({ status: 404 });
  expect(await objectsUnder(folder)).toEqual([issued[24]!.path]);
  // the schedule's sweep: the service role key only
  expect(await art({ action: 'sweep' })).toEqual({ status: 401, body: { message: 'The service role key is required' } });
  expect(await art({ action: 'sweep' }, `Bearer ${SERVICE_ROLE_KEY}`)).toEqual({ status: 200, body: { removed: 0 } });
}, 120_000);

test('the whole file is decoded: a header claiming 4000 x 4000 px, a file cut short, a JPEG sent as PNG are refused', async () => {
  const token = await submitAndConfirm('whole@art.test', 'Whole File');
  const claim = bigClaimPng();
  expect(claim.length).toBeLessThan(800);
  const claimed = await upload(token, claim);
  expect(claimed.checked).toEqual({ status: 422, body: { message: 'The file is damaged or incomplete: its image could not be read to the end' } });
  expect((await serviceGet(claimed.path)).status).not.toBe(200);
  const real = await png(2400, 1600);
  const cut = await upload(token, real.subarray(0, Math.floor(real.length * 0.8)));
  expect(cut.checked).toEqual({ status: 422, body: { message: 'The file is damaged or incomplete: its image could not be read to the end' } });
  const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 240, g: 180, b: 40 } } }).jpeg().toBuffer();
  const renamed = await upload(token, jpeg, 'image/png');
  expect(renamed.checked).toEqual({ status: 422, body: { message: 'The file is a JPEG image but was sent as PNG: upload it again as JPEG' } });
  expect((await serviceGet(renamed.path)).status).not.toBe(200);
  const good = await upload(token, real);
  expect(good.checked).toMatchObject({ status: 200, body: { status: 'pending', type: 'image/png', width: 2400, height: 1600 } });
}, 120_000);

let approvedId = '';

test('submit, confirm by the e-mailed link, upload: wrong files are refused and removed; a good one waits for moderation', async () => {
  const { error } = await anon.rpc('submit_buzz_haven_art_design', {
    p_title: 'Poppy Hive', p_statement: 'Bees and poppies', p_artist_name: 'Ana Artist', p_email: 'ana@art.test', p_consent: true,
  });
  expect(error).toBeNull();
  const mail = await mailOf('ana@art.test', /Confirm your design/);
  const token = tokenIn(mail, '/art/upload');
  expect(await art({ action: 'upload-url', token, type: 'image/png', bytes: 1000 }))
    .toEqual({ status: 409, body: { message: 'Please confirm your e-mail address first' } });
  expect(await art({ action: 'upload-url', token: '00000000-0000-4000-8000-000000000000', type: 'image/png', bytes: 1000 }))
    .toMatchObject({ status: 404, body: { message: expect.stringMatching(/not valid/) } });
  expect((await anon.rpc('confirm_buzz_haven_art_design', { p_token: token })).data).toMatchObject({ outcome: 'confirmed' });

  expect(await art({ action: 'upload-url', token, type: 'image/svg+xml', bytes: 1000 }))
    .toEqual({ status: 415, body: { message: 'The file must be a PNG, JPEG or WebP image' } });
  expect(await art({ action: 'upload-url', token, type: 'image/png', bytes: 25 * 1024 * 1024 }))
    .toEqual({ status: 413, body: { message: 'The file is larger than 20 MB' } });

  // An HTML page renamed .png: Storage refuses the markup; nothing to check.
  const html = await upload(token, '<!DOCTYPE html><script>alert(1)</script>', 'image/png');
  expect([400, 415]).toContain(html.stored); // Storage's markup check (signed uploads answer 400)
  expect(html.checked).toMatchObject({ status: 404, body: { message: 'The file was not uploaded: please try again' } });
  // Bytes that are no image, declared image/png: stored, then sniffed, refused and removed.
  const fake = await upload(token, Buffer.from('GIF89a not really a png at all, just bytes'), 'image/png');
  expect(fake.stored).toBe(200);
  expect(fake.checked).toEqual({ status: 422, body: { message: 'The file is not a PNG, JPEG or WebP image' } });
  expect((await serviceGet(fake.path)).status).not.toBe(200);
  // A real PNG too small for print.
  const tiny = await upload(token, await png(800, 600));
  expect(tiny.checked).toEqual({ status: 422, body: { message: 'The image is 800 x 600 px; print needs at least 2000 px on its long side' } });
  expect((await serviceGet(tiny.path)).status).not.toBe(200);
  // Over 20 MB through a URL signed for a smaller declared size: the bucket's limit refuses it.
  const signed = await art({ action: 'upload-url', token, type: 'image/png', bytes: 1000 });
  expect([400, 413]).toContain((await put(signed.body.signedUrl, Buffer.alloc(20 * 1024 * 1024 + 1, 1), 'image/png')).status);

  let listed = (await staff.rpc('get_buzz_haven_art_designs')).data as any[];
  expect(listed.find((d) => d.title === 'Poppy Hive')).toBeUndefined(); // nothing half-stored reached moderation

  const good = await upload(token, await png(2400, 1600));
  expect(good.checked).toMatchObject({ status: 200, body: { status: 'pending', type: 'image/png', width: 2400, height: 1600 } });
  expect(await art({ action: 'upload-url', token, type: 'image/png', bytes: 1000 }))
    .toEqual({ status: 409, body: { message: 'This submission already has its image' } });
  listed = (await staff.rpc('get_buzz_haven_art_designs')).data as any[];
  const design = listed.find((d) => d.title === 'Poppy Hive');
  expect(design).toMatchObject({ status: 'pending', print_check: 'passed', width: 2400, height: 1600, storage_path: good.path });

  // Private until approved: anon cannot read it, staff can; approval makes it public.
  expect((await anonGet(good.path)).status).not.toBe(200);
  const asStaff = await staff.storage.from('art-submissions').download(good.path);
  expect(asStaff.error).toBeNull();
  expect((await staff.rpc('approve_buzz_haven_art_design', { p_id: design.id })).error).toBeNull();
  expect((await anonGet(good.path)).status).toBe(200);
  expect((await mailOf('ana@art.test', /is on the ballot/)).html).toContain('/art/vote');
  approvedId = design.id;
}, 120_000);

test('decline: only staff; the artist gets the reason; the file is removed from Storage', async () => {
  const token = await submitAndConfirm('ben@art.test', 'Wasp Parade');
  const { path } = await upload(token, await png(2000, 2000));
  const id = ((await staff.rpc('get_buzz_haven_art_designs')).data as any[]).find((d) => d.title === 'Wasp Parade').id;
  const asAnon = await art({ action: 'decline', id, reason: 'no' });
  expect(asAnon).toEqual({ status: 401, body: { message: 'Not signed in' } });
  const session = (await staff.auth.getSession()).data.session!;
  expect(await art({ action: 'decline', id, reason: '' }, `Bearer ${session.access_token}`))
    .toEqual({ status: 400, body: { message: 'A reason is required: the artist reads it' } });
  expect((await serviceGet(path)).status).toBe(200);
  expect(await art({ action: 'decline', id, reason: 'Wasps are not bees' }, `Bearer ${session.access_token}`))
    .toEqual({ status: 200, body: { declined: true, removed: true } });
  expect((await serviceGet(path)).status).not.toBe(200);
  expect((await mailOf('ben@art.test', /About your design/)).html).toContain('Wasps are not bees');
}, 60_000);

test('vote by e-mailed link; off-ballot designs, forged tokens and floods are refused; the close shows the tally', async () => {
  const offBallot = await anon.rpc('vote_buzz_haven_art', { p_design_id: '00000000-0000-4000-8000-000000000000', p_email: 'v@art.test' });
  expect([offBallot.status, offBallot.error?.message]).toEqual([400, "This design is not on this month's ballot"]);
  expect((await anon.rpc('confirm_buzz_haven_art_vote', { p_token: '00000000-0000-4000-8000-000000000000' })).data).toEqual({ outcome: 'unknown' });

  expect((await anon.rpc('vote_buzz_haven_art', { p_design_id: approvedId, p_email: 'voter@art.test' })).error).toBeNull();
  const token = tokenIn(await mailOf('voter@art.test', /Confirm your vote/), '/art/vote/confirm');
  expect((await anon.rpc('confirm_buzz_haven_art_vote', { p_token: token })).data).toEqual({ outcome: 'voted', title: 'Poppy Hive' });

  // One address: 5 requests in 10 minutes, then 429.
  const answers = [];
  for (let i = 0; i < 6; i += 1) answers.push((await anon.rpc('vote_buzz_haven_art', { p_design_id: approvedId, p_email: 'flood@art.test' })).status);
  expect(answers).toEqual([204, 204, 204, 204, 204, 429].map((s) => (s === 204 ? expect.any(Number) : s)));
  expect(answers.slice(0, 5).every((s) => s < 300)).toBe(true);
  // One client, many addresses: 20, then 429 with a clear message.
  let refused: { status: number; error: { message: string } | null } | null = null;
  for (let i = 0; i < 25 && !refused; i += 1) {
    const res = await anon.rpc('vote_buzz_haven_art', { p_design_id: approvedId, p_email: `many${i}@art.test` });
    if (res.error) refused = res;
  }
  expect(refused).toMatchObject({ status: 429, error: { message: 'Too many requests; please try again later' } });

  expect((await anon.rpc('get_buzz_haven_art_results')).data).toEqual([]);
  const closed = await staff.rpc('close_buzz_haven_art_vote', {});
  expect(closed.error).toBeNull();
  expect(closed.data).toMatchObject({ total_votes: 1, winners: 1 });
  const results = (await anon.rpc('get_buzz_haven_art_results')).data as any[];
  expect(results.map((r) => [r.title, r.votes, r.winner])).toEqual([['Poppy Hive', 1, true], ['Bee Garden', 0, false]]); // with the seeded design
  const late = await anon.rpc('vote_buzz_haven_art', { p_design_id: approvedId, p_email: 'late@art.test' });
  expect([late.status, late.error?.message]).toEqual([400, "This design is not on this month's ballot"]);
}, 60_000);
