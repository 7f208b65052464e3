/**
 * Save draft, Publish and Restore for the open document in its language. Each names the revision
 * the form was loaded from (or last saved as): the server refuses a stale one (409) and its message
 * is shown while the form keeps what was typed. Publish checks the form with the schema first,
 * saves unsaved edits, then asks publish-content, whose 422 issues are set on their fields. In
 * English, Publish publishes the English draft and the Spanish one if it has unpublished changes;
 * in a translation it names both revisions, so the translation goes live with the English (marked
 * as translated from it) even when unchanged.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useFormContext, type FieldErrors, type FieldValues } from 'react-hook-form';
import { useNotify } from 'react-admin';
import { defaultLocale, type Locale } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import type { ContentDocument } from '../../types';
import { publishContent, restoreContentVersion, saveContentDraft, type DocumentIssue } from './contentApi';
import { SITE_BUILDS_KEY } from './useSiteBuilds';

interface Options {
  document: ContentDocument;
  /** The English document (its revision is the one a translation's Publish names). */
  english: ContentDocument;
  locale: Locale;
  onSaved: () => void;
  onReload: () => Promise<void>;
  /** Shows the Edit tab (where the fields with errors are). */
  showEdit: () => void;
}

/** react-hook-form's nested errors as a list of { path, message } (also those of no rendered input). */
export function errorList(errors: FieldErrors | Record<string, unknown>, path: string[] = []): DocumentIssue[] {
  const list: DocumentIssue[] = [];
  for (const [key, value] of Object.entries(errors ?? {})) {
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    const entry = value as { message?: unknown; type?: unknown };
    if (typeof entry.message === 'string' && typeof entry.type === 'string') list.push({ path: [...path, key], message: entry.message });
    else list.push(...errorList(value as Record<string, unknown>, [...path, key]));
  }
  return list;
}

/** A deep copy of the form's values that keeps undefined fields (reset() compares with them). */
const snapshot = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(snapshot);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, snapshot(v)]));
  return value;
};

const statusOf = (error: unknown) => (error as { status?: number }).status;
const messageOf = (error: unknown) => (error as Error).message || 'Request failed';

export function useDraftActions({ document, english, locale, onSaved, onReload, showEdit }: Options) {
  const { getValues, reset, trigger, setError, handleSubmit, formState } = useFormContext();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [revision, setRevision] = useState(document.revision);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [issues, setIssues] = useState<DocumentIssue[]>([]);

  /** Saves what the form holds; the new revision, or null when refused (message shown). */
  const saveValues = async (values: FieldValues): Promise<number | null> => {
    try {
      const next = await saveContentDraft(document.key, values, revision, locale);
      setRevision(next);
      setConflict(null);
      reset(values, { keepErrors: true });
      onSaved();
      return next;
    } catch (error) {
      if (statusOf(error) === 409) setConflict(messageOf(error));
      notify(messageOf(error), { type: 'error' });
      return null;
    }
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try { await action(); } finally { setBusy(false); }
  };

  const save = () => run(async () => {
    if ((await saveValues(snapshot(getValues()) as FieldValues)) === null) return;
    // A draft may be incomplete; the fields it would fail on are marked now, not at publish time.
    const valid = await trigger();
    notify(valid ? 'buzz.content.draft_saved' : 'buzz.content.draft_saved_invalid', { type: valid ? 'success' : 'warning' });
  });

  /** Saves edits not saved yet (before the form is left); false when the save was refused. */
  const saveIfDirty = async () => !formState.isDirty || (await saveValues(snapshot(getValues()) as FieldValues)) !== null;

  const publishValid = () => run(async () => {
    let current: number | null = revision;
    if (formState.isDirty) current = await saveValues(snapshot(getValues()) as FieldValues);
    if (current === null) return;
    const outcome = await publishContent(locale === defaultLocale
      ? { key: document.key, revision: current }
      : { key: document.key, revision: english.revision, translations: { [locale]: current } });
    if (outcome.ok) {
      setIssues([]);
      notify('buzz.content.published', { type: 'success', messageArgs: { version: outcome.version } });
      onSaved();
      await queryClient.invalidateQueries({ queryKey: SITE_BUILDS_KEY });
      return;
    }
    if (outcome.status === 409) setConflict(outcome.message);
    if (outcome.issues.length > 0) {
      showEdit();
      setIssues(outcome.issues);
      // an issue of the other language is listed only (its fields are in the other tab)
      for (const issue of outcome.issues) {
        if (issue.path.length > 0 && (issue.locale ?? defaultLocale) === locale) {
          setError(issue.path.join('.'), { type: 'server', message: issue.message });
        }
      }
      notify('buzz.content.publish_invalid', { type: 'error' });
    } else notify(outcome.message, { type: 'error' });
  });

  const publish = handleSubmit(publishValid, (errors) => {
    showEdit();
    setIssues(errorList(errors));
    notify('buzz.content.publish_invalid', { type: 'error' });
  });

  const restore = (version: number) => run(async () => {
    try {
      await restoreContentVersion(document.key, version, revision, locale);
      notify('buzz.content.versions.restored', { type: 'success', messageArgs: { version } });
      await onReload();
    } catch (error) {
      if (statusOf(error) === 409) setConflict(messageOf(error));
      notify(messageOf(error), { type: 'error' });
    }
  });

  return { revision, busy, conflict, issues, dirty: formState.isDirty, save, saveIfDirty, publish, restore };
}
