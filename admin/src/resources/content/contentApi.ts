/**
 * The Content section's calls: the content RPCs (PostgREST) and the publish-content Edge Function,
 * through the app's one supabase-js client. RPC failures become react-admin HttpErrors carrying
 * the server's message and status (a stale save is a 409 with the message to show).
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '../../providers/supabase';
import { toHttpError } from '../../providers/rpcError';
import type { Locale } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import type { ContentDocument, ContentVersion, SiteBuild, SiteBuildState } from '../../types';

/** A call's p_locale: English calls send none (the RPCs' default), as before there were languages. */
const localeArg = (locale: Locale) => (locale === 'en' ? {} : { p_locale: locale });

async function call<T>(fn: string, args?: Record<string, unknown>): Promise<T> {
  const { data, error, status } = await supabase.rpc(fn, args);
  if (error) throw toHttpError(error, status);
  return data as T;
}

/** Every document in one language (a translation not started yet is revision 0, nothing published). */
export const getContentDocuments = (locale: Locale = 'en') =>
  call<ContentDocument[]>('get_buzz_haven_content_documents', locale === 'en' ? undefined : localeArg(locale));

/** One document (PostgREST filters the function's rows on the server); null if the key is unknown. */
export async function getContentDocument(key: string, locale: Locale = 'en'): Promise<ContentDocument | null> {
  const { data, error, status } = await (locale === 'en'
    ? supabase.rpc('get_buzz_haven_content_documents')
    : supabase.rpc('get_buzz_haven_content_documents', localeArg(locale))).eq('key', key);
  if (error) throw toHttpError(error, status);
  return ((data ?? []) as ContentDocument[])[0] ?? null;
}

/** Saves the draft as the next revision of `revision` (the one the form was loaded from). */
export const saveContentDraft = (key: string, body: unknown, revision: number, locale: Locale = 'en') =>
  call<number>('save_buzz_haven_content_draft', { p_key: key, p_body: body, p_revision: revision, ...localeArg(locale) });

export const getContentVersions = (key: string, locale: Locale = 'en') =>
  call<ContentVersion[]>('get_buzz_haven_content_versions', { p_key: key, ...localeArg(locale) });

export const restoreContentVersion = (key: string, version: number, revision: number, locale: Locale = 'en') =>
  call<number>('restore_buzz_haven_content_version', { p_key: key, p_version: version, p_revision: revision, ...localeArg(locale) });

export const getSiteBuilds = () => call<SiteBuild[]>('get_buzz_haven_site_builds');

/** A field's problem; `locale` names a translation's (none: the English draft's). */
export interface DocumentIssue { path: string[]; message: string; locale?: string }

export type PublishOutcome =
  | { ok: true; version?: number; translations?: Record<string, number>; build: { id: string; state: SiteBuildState } }
  | { ok: false; status: number; message: string; issues: DocumentIssue[] };

/**
 * POST /functions/v1/publish-content: `{ key, revision }` validates and publishes that English
 * draft revision with each changed translation (`translations: { es: <revision> }` names one to
 * publish at that revision), then requests a site build; `{ site: true }` only requests the build.
 */
export async function publishContent(
  body: { key: string; revision: number; translations?: Partial<Record<Locale, number>> } | { site: true },
): Promise<PublishOutcome> {
  const { data, error } = await supabase.functions.invoke('publish-content', { body });
  if (!error) return { ok: true, ...(data as Omit<Extract<PublishOutcome, { ok: true }>, 'ok'>) };
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const answer = (await response.json().catch(() => ({}))) as { error?: string; issues?: DocumentIssue[] };
    return {
      ok: false,
      status: response.status,
      message: answer.error || `Publishing failed (${response.status})`,
      issues: Array.isArray(answer.issues) ? answer.issues : [],
    };
  }
  return { ok: false, status: 0, message: 'Could not reach the server. Check your connection and try again.', issues: [] };
}
