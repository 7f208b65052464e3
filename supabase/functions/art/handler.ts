/**
 * The art Edge Function: the collective's file steps, which need the service role.
 * POST JSON, answers JSON `{...}` or `{message}` with a 4xx that says what to do.
 * - `{action: 'upload-url', token, type, bytes}` (the artist's upload page, after the e-mailed link
 *   confirmed the address): a signed upload URL (Storage `createSignedUploadUrl`, no upsert: one
 *   object) for a new path `<design id>/<random>.<ext>` in the private bucket 'art-submissions'.
 *   The path becomes the design's one live upload (issue_buzz_haven_art_upload) before it is
 *   signed, and the design's other objects are removed: a URL issued before can store nothing more
 *   (the bucket's trigger) and what it stored is never checked. Refused before the confirmation,
 *   once the design has its image, and for a declared type or size that cannot pass.
 * - `{action: 'check', token, path}` (after the upload): reads the stored file back, decodes it
 *   whole (measure.ts) and records its real type and size, whether it decoded to the end and the
 *   type it was stored as (record_buzz_haven_art_upload, whose rules decide). A refused file is
 *   removed: nothing half-stored, and the artist may upload another.
 * - `{action: 'decline', id, reason}` (staff, with their own JWT): declines the design as the
 *   caller (decline_buzz_haven_art_design checks the role) and removes its file from Storage.
 * - `{action: 'sweep'}` (the service role key, on a schedule): removes the bucket's objects left
 *   unchecked past the upload window (get_buzz_haven_art_unchecked_uploads). The upload steps also
 *   sweep after answering, so a project without the schedule is swept as artists come by.
 */
import { rpcAs, serviceRpc } from '../_shared/serviceRpc.ts';
import { measureImage } from './measure.ts';
import { hasServiceKey } from '../_shared/serviceKey.ts';

export interface ArtConfig {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}

export const BUCKET = 'art-submissions';
export const MAX_BYTES = 20 * 1024 * 1024;
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
const refuse = (status: number, message: string) => json(status, { message });

export function createArtHandler(config: ArtConfig): (req: Request) => Promise<Response> {
  const doFetch = config.fetch ?? fetch;
  const base = config.supabaseUrl.replace(/\/+$/, '');
  const service = serviceRpc(base, config.serviceRoleKey, doFetch);
  const storage = (path: string, init: RequestInit = {}) => doFetch(`${base}/storage/v1${path}`, {
    ...init,
    headers: { apikey: config.serviceRoleKey, Authorization: `Bearer ${config.serviceRoleKey}`, ...(init.headers ?? {}) },
  });
  const objectPath = (path: string) => `${BUCKET}/${path.split('/').map(encodeURIComponent).join('/')}`;
  const remove = async (...paths: string[]) => {
    if (paths.length === 0) return true;
    const res = await storage(`/object/${BUCKET}`, {
      method: 'DELETE', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ prefixes: paths }),
    });
    await res.body?.cancel();
    return res.ok;
  };
  /** The objects nobody checked within the upload window, removed; how many. */
  async function sweep(): Promise<number> {
    const { data, error } = await service<string[]>('get_buzz_haven_art_unchecked_uploads', { p_limit: 100 });
    if (error) throw new Error(`get_buzz_haven_art_unchecked_uploads: ${error.status} ${error.message}`);
    if (!(await remove(...data))) throw new Error('removing unchecked uploads failed');
    return data.length;
  }
  const sweepQuietly = () => sweep().catch((error) => console.error('art sweep:', (error as Error).message));

  async function design(token: unknown) {
    if (typeof token !== 'string' || !UUID.test(token)) return null;
    const { data, error } = await service<{ id: string; status: string; email_confirmed: boolean; max_megapixels: number }[]>('get_buzz_haven_art_upload', { p_token: token });
    if (error) throw new Error(`get_buzz_haven_art_upload: ${error.status} ${error.message}`);
    return data?.[0] ?? null;
  }

  async function uploadUrl(body: Record<string, unknown>): Promise<Response> {
    const d = await design(body.token);
    if (!d) return refuse(404, 'This link is not valid: open the link of your confirmation e-mail again');
    if (!d.email_confirmed) return refuse(409, 'Please confirm your e-mail address first');
    if (d.status !== 'unconfirmed') return refuse(409, 'This submission already has its image');
    const ext = typeof body.type === 'string' ? EXTENSIONS[body.type] : undefined;
    if (!ext) return refuse(415, 'The file must be a PNG, JPEG or WebP image');
    if (typeof body.bytes !== 'number' || body.bytes <= 0) return refuse(400, 'The file is empty');
    if (body.bytes > MAX_BYTES) return refuse(413, 'The file is larger than 20 MB');
    const path = `${d.id}/${crypto.randomUUID()}.${ext}`;
    const issued = await service<string[]>('issue_buzz_haven_art_upload', { p_token: body.token, p_path: path, p_type: body.type });
    if (issued.error) {
      if (issued.error.status >= 500) throw new Error(`issue_buzz_haven_art_upload: ${issued.error.status} ${issued.error.message}`);
      return refuse(409, issued.error.message);
    }
    if (!(await remove(...issued.data))) throw new Error('removing the replaced upload failed');
    const res = await storage(`/object/upload/sign/${objectPath(path)}`, { method: 'POST' });
    if (!res.ok) throw new Error(`createSignedUploadUrl: HTTP ${res.status} ${await res.text()}`);
    const signed = await res.json() as { url: string; token: string };
    return json(200, { path, token: signed.token, signedUrl: `${base}/storage/v1${signed.url}` });
  }

  async function check(body: Record<string, unknown>): Promise<Response> {
    const d = await design(body.token);
    if (!d) return refuse(404, 'This link is not valid: open the link of your confirmation e-mail again');
    const path = body.path;
    if (typeof path !== 'string' || !path.startsWith(`${d.id}/`) || path.includes('..') || path.length > 300) {
      return refuse(400, 'Wrong file path');
    }
    const res = await storage(`/object/${objectPath(path)}`);
    if (res.status === 400 || res.status === 404) {
      await res.body?.cancel();
      return refuse(404, 'The file was not uploaded: please try again');
    }
    if (!res.ok) throw new Error(`download: HTTP ${res.status}`);
    const storedAs = res.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase() || null;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const info = await measureImage(bytes, d.max_megapixels * 1_000_000);
    const { error } = await service('record_buzz_haven_art_upload', {
      p_token: body.token, p_path: path, p_type: info?.type ?? 'unknown', p_bytes: bytes.length,
      p_width: info?.width ?? null, p_height: info?.height ?? null, p_declared_type: storedAs, p_decoded: info?.decoded ?? false,
    });
    if (error) {
      if (error.status >= 500) throw new Error(`record_buzz_haven_art_upload: ${error.status} ${error.message}`);
      if (error.status === 409) return refuse(409, error.message); // the design has its image: maybe this very file
      await remove(path);
      return refuse(422, error.message);
    }
    return json(200, { status: 'pending', type: info!.type, width: info!.width, height: info!.height, bytes: bytes.length });
  }

  async function decline(req: Request, body: Record<string, unknown>): Promise<Response> {
    const authorization = req.headers.get('Authorization') ?? '';
    const asCaller = rpcAs(base, config.anonKey, authorization, doFetch);
    const { data: path, error } = await asCaller<string | null>('decline_buzz_haven_art_design', { p_id: body.id, p_reason: body.reason });
    if (error) return refuse(error.status, error.message);
    const removed = path ? await remove(path) : false;
    return json(200, { declined: true, removed });
  }

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'POST') return refuse(405, 'Use POST');
    let body: Record<string, unknown>;
    try {
      body = await req.json() as Record<string, unknown>;
      if (!body || typeof body !== 'object') throw new Error('not an object');
    } catch {
      return refuse(400, 'The request body must be a JSON object');
    }
    try {
      if (body.action === 'upload-url' || body.action === 'check') {
        const answer = await (body.action === 'check' ? check(body) : uploadUrl(body));
        await sweepQuietly();
        return answer;
      }
      if (body.action === 'decline') return await decline(req, body);
      if (body.action === 'sweep') {
        if (!hasServiceKey(req, config.serviceRoleKey)) return refuse(401, 'The service role key is required');
        return json(200, { removed: await sweep() });
      }
      return refuse(400, "Unknown action: use 'upload-url', 'check', 'decline' or 'sweep'");
    } catch (error) {
      console.error('art:', (error as Error).message);
      return refuse(502, 'The server could not finish this step; please try again');
    }
  };
}
