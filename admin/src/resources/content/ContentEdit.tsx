/**
 * /admin/content/<key>: loads the document ('pages/about' arrives as :id 'pages' plus the rest
 * of the path) and opens it in the form of its schema (supabase/functions/_shared/content-schema),
 * in the language of `?locale=` (English by default; the English document is read too, as the
 * translation's fallback and the revision Publish names). The form is mounted anew only when the
 * user reloads the document, restores a version or changes language; a draft save keeps it.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';
import { documentSchemas, isDocumentKey } from '../../../../supabase/functions/_shared/content-schema/index.ts';
import { defaultLocale, isLocale, type Locale } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import { FullPageSpinner } from '../../common/FullPageSpinner';
import { PageHeader } from '../../common/PageHeader';
import { getContentDocument } from './contentApi';
import { ContentEditor } from './ContentEditor';

export function ContentEdit() {
  const translate = useTranslate();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const key = [params.id, params['*']].filter(Boolean).join('/');
  const asked = search.get('locale');
  const locale: Locale = isLocale(asked) ? asked : defaultLocale;
  const english = useQuery({ queryKey: ['content', 'document', key], queryFn: () => getContentDocument(key) });
  const translation = useQuery({
    queryKey: ['content', 'document', key, locale],
    queryFn: () => getContentDocument(key, locale),
    enabled: locale !== defaultLocale,
  });
  const current = locale === defaultLocale ? english : translation;
  // Bumped to mount the form again with the server's draft (Reload, Restore).
  const [generation, setGeneration] = useState(0);

  if (english.isPending || current.isPending) return <FullPageSpinner />;
  const error = english.error ?? current.error;
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (!english.data || !current.data) {
    return <><PageHeader title="Content" /><Alert severity="warning">{translate('buzz.content.not_found', { key })}</Alert></>;
  }
  if (!isDocumentKey(key)) {
    return <><PageHeader title={english.data.title} /><Alert severity="warning">{translate('buzz.content.no_schema', { key })}</Alert></>;
  }
  const refetch = () => Promise.all([english.refetch(), locale === defaultLocale ? null : translation.refetch()]);
  const reload = async () => {
    await refetch();
    setGeneration((g) => g + 1);
  };
  return (
    <ContentEditor
      key={`${locale}:${generation}`}
      document={current.data}
      english={english.data}
      locale={locale}
      schema={documentSchemas[key].schema}
      onSaved={() => { void refetch(); }}
      onReload={reload}
      onLocale={(next) => setSearch(next === defaultLocale ? {} : { locale: next })}
    />
  );
}
