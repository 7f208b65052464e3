/**
 * The publish-content Edge Function, as a plain `(req: Request) => Promise<Response>` on web
 * standard APIs only, so the same code runs in Supabase's Deno runtime (index.ts) and in the
 * embedded backend (supabase/local/src/functions). The caller must be signed-in staff (any active
 * back-office role) and, with a verified second factor, signed in with it (aal2): before anything
 * is published, the caller's own JWT asks `authorize_buzz_haven_publish` (SQL, the same rule as
 * deletes: buzz_haven.require_second_factor), then reads the document and
 * requests the build, so both rules are checked in SQL. The draft is validated with its zod
 * schema (supabase/functions/_shared/content-schema, the same rules as the admin's form and the site build) before the
 * service role publishes it.
 *
 * POST `{ key, revision }`: publishes that document's English draft (of that revision) together with
 * each translation that has unpublished changes (its draft differs from what is live), then
 * requests a site build. `translations: { es: <revision> }` names a translation to publish at that
 * revision even when unchanged (a stale one is 409). A translation is validated as it will be shown:
 * completed from the English draft (an empty field falls back to it), then checked with the same
 * schema. Nothing is published unless every language is valid. POST `{ site: true }`: only
 * requests a build ('Publish site', after product or event changes).
 * 200 `{ version?, translations?: { es: <version> }, build: { id, state } }`. With SITE_BUILD_HOOK_URL set, the build hook
 * of the static host (Netlify, Vercel, Cloudflare Pages) is POSTed and the build marked
 * 'triggered'; without it the build stays 'queued' for the local publisher (scripts/publisher.mjs).
 * Errors `{ error }`: 400 bad request, 401 not signed in, 403 not allowed (a pending account, or
 * 'Confirm with a code from your authenticator app first' for an aal1 session), 404 unknown document,
 * 409 stale revision, 422 `{ error, issues: [{ path, message, locale? }] }` invalid document (an issue
 * without `locale` is the English draft's).
 */
import { validateDocument, validateTranslation, type DocumentIssue } from '../_shared/content-schema/index.ts';
import { defaultLocale, locales } from '../_shared/content-schema/locales.ts';

export interface PublishContentConfig {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The static host's build hook; unset = the local publisher builds. */
  buildHookUrl?: string;
  fetch?: typeof fetch;
}

export const STALE_REVISION =
  'Someone else saved this document since you opened it. Reload to see their changes; your edits are still in the form.';

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });
}

interface ContentRow { key: string; title: string; draft: unknown; revision: number; has_unpublished_changes: boolean }

type RpcResult<T> = { data: T; error: null } | { data: null; error: { status: number; message: string; code?: string } };

/** PostgREST's status of an RPC refusal, as the function answers it. */
function statusOf(error: { status: number; code?: string }): number {
  if (error.code === '42501') return error.status === 401 ? 401 : 403;
  if (error.code === 'PT409') return 409;
  if (error.code === 'PT404') return 404;
  if (error.status >= 400 && error.status < 500) return error.status;
  return 500;
}

export function createPublishContentHandler(config: PublishContentConfig): (req: Request) => Promise<Response> {
  const doFetch = config.fetch ?? fetch;
  const base = config.supabaseUrl.replace(/\/+$/, '');

  async function rpc<T>(fn: string, args: Record<string, unknown>, authorization: string, apikey = config.anonKey): Promise<RpcResult<T>> {
    const res = await doFetch(`${base}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey, Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    const text = await res.text();
    const body = text ? JSON.parse(text) : null;
    if (!res.ok) return { data: null, error: { status: res.status, message: body?.message ?? res.statusText, code: body?.code } };
    return { data: body as T, error: null };
  }
  const asService = <T>(fn: string, args: Record<string, unknown>) =>
    rpc<T>(fn, args, `Bearer ${config.serviceRoleKey}`, config.serviceRoleKey);

  /** The caller's auth user id, or null when the bearer is not a signed-in user's token. */
  async function callerId(authorization: string): Promise<string | null> {
    const res = await doFetch(`${base}/auth/v1/user`, { headers: { apikey: config.anonKey, Authorization: authorization } });
    if (!res.ok) return null;
    const user = (await res.json()) as { id?: string };
    return user.id ?? null;
  }

  async function startBuild(authorization: string, reason: string): Promise<{ id: string; state: string } | Response> {
    const requested = await rpc<string>('request_buzz_haven_site_build', { p_reason: reason }, authorization);
    if (requested.error) return json(statusOf(requested.error), { error: requested.error.message });
    const id = requested.data;
    if (!config.buildHookUrl) return { id, state: 'queued' };
    let problem: string | null = null;
    try {
      const hook = await doFetch(config.buildHookUrl, { method: 'POST' });
      if (!hook.ok) problem = `The build hook answered HTTP ${hook.status}`;
    } catch (error) {
      problem = `The build hook could not be reached: ${(error as Error).message}`;
    }
    const finished = await asService<{ state: string }>('finish_buzz_haven_site_build', {
      p_id: id, p_state: problem ? 'failed' : 'triggered', p_error: problem,
    });
    return { id, state: finished.data?.state ?? (problem ? 'failed' : 'triggered') };
  }

  /** One document in one language, read as the caller; a Response when refused or unknown. */
  async function documentOf(key: string, locale: string, authorization: string): Promise<ContentRow | Response> {
    const documents = await rpc<ContentRow[]>('get_buzz_haven_content_documents', { p_locale: locale }, authorization);
    if (documents.error) return json(statusOf(documents.error), { error: documents.error.message });
    return documents.data.find((d) => d.key === key) ?? json(404, { error: 'Content document not found' });
  }

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'POST') return json(405, { error: 'Use POST' });
    const authorization = req.headers.get('Authorization') ?? '';
    if (!/^Bearer\s+\S+/i.test(authorization)) return json(401, { error: 'Not signed in' });
    const userId = await callerId(authorization);
    if (!userId) return json(401, { error: 'Not signed in' });

    let body: { key?: unknown; revision?: unknown; site?: unknown; translations?: unknown };
    try {
      body = (await req.json()) as typeof body;
    } catch {
      return json(400, { error: 'The request body must be JSON: { key, revision } or { site: true }' });
    }
    // As the caller: the SQL refuses anyone but active staff, and an aal1 session of a user with
    // a verified factor (403 with the message the admin shows), before the service key publishes.
    const allowed = await rpc<string>('authorize_buzz_haven_publish', {}, authorization);
    if (allowed.error) return json(statusOf(allowed.error), { error: allowed.error.message });

    if (body?.site === true) {
      const build = await startBuild(authorization, 'Publish site');
      return build instanceof Response ? build : json(200, { build });
    }
    const key = typeof body?.key === 'string' ? body.key : '';
    const revision = body?.revision;
    if (!key || typeof revision !== 'number' || !Number.isInteger(revision)) {
      return json(400, { error: 'Give { key, revision } to publish a document, or { site: true } to rebuild the site' });
    }

    // Read as the caller (the same role check in SQL).
    const english = await documentOf(key, defaultLocale, authorization);
    if (english instanceof Response) return english;
    if (english.revision !== revision) return json(409, { error: STALE_REVISION });
    const asked = (typeof body?.translations === 'object' && body.translations) as Record<string, unknown> | null;
    const translations: { locale: string; revision: number }[] = [];
    const issues: (DocumentIssue & { locale?: string })[] = [];
    const checked = validateDocument(key, english.draft);
    if (!checked.ok) issues.push(...checked.issues);
    for (const locale of locales.filter((l) => l !== defaultLocale)) {
      const translation = await documentOf(key, locale, authorization);
      if (translation instanceof Response) return translation;
      const wanted = asked?.[locale];
      if (wanted !== undefined && wanted !== translation.revision) return json(409, { error: STALE_REVISION });
      if (translation.revision < 1 || (wanted === undefined && !translation.has_unpublished_changes)) continue;
      const result = validateTranslation(key, translation.draft, english.draft);
      if (!result.ok) issues.push(...result.issues.map((issue) => ({ ...issue, locale })));
      translations.push({ locale, revision: translation.revision });
    }
    if (issues.length > 0) {
      return json(422, { error: 'This document has errors. Fix the fields shown, then publish again.', issues });
    }
    // English first: a translation records the English version it was published against.
    const published = await asService<number>('publish_buzz_haven_content', { p_key: key, p_revision: revision, p_user_id: userId });
    if (published.error) return json(statusOf(published.error), { error: published.error.message });
    const versions: Record<string, number> = {};
    for (const t of translations) {
      const done = await asService<number>('publish_buzz_haven_content', {
        p_key: key, p_revision: t.revision, p_user_id: userId, p_locale: t.locale,
      });
      if (done.error) return json(statusOf(done.error), { error: done.error.message });
      versions[t.locale] = done.data;
    }
    const build = await startBuild(authorization, `Published ${english.title}`);
    if (build instanceof Response) return build;
    return json(200, { version: published.data, ...(translations.length > 0 ? { translations: versions } : {}), build });
  };
}
