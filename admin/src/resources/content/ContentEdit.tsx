/**
 * /admin/content/<key>: loads the document ('pages/about' arrives as :id 'pages' plus the rest
 * of the path) and opens it in the form of its schema (supabase/functions/_shared/content-schema). The form is mounted
 * anew only when the user reloads the document or restores a version; a draft save keeps it.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';
import { documentSchemas, isDocumentKey } from '../../../../supabase/functions/_shared/content-schema/index.ts';
import { FullPageSpinner } from '../../common/FullPageSpinner';
import { PageHeader } from '../../common/PageHeader';
import { getContentDocument } from './contentApi';
import { ContentEditor } from './ContentEditor';

export function ContentEdit() {
  const translate = useTranslate();
  const params = useParams();
  const key = [params.id, params['*']].filter(Boolean).join('/');
  const query = useQuery({ queryKey: ['content', 'document', key], queryFn: () => getContentDocument(key) });
  // Bumped to mount the form again with the server's draft (Reload, Restore).
  const [generation, setGeneration] = useState(0);

  if (query.isPending) return <FullPageSpinner />;
  if (query.error) return <Alert severity="error">{(query.error as Error).message}</Alert>;
  if (!query.data) {
    return <><PageHeader title="Content" /><Alert severity="warning">{translate('buzz.content.not_found', { key })}</Alert></>;
  }
  if (!isDocumentKey(key)) {
    return <><PageHeader title={query.data.title} /><Alert severity="warning">{translate('buzz.content.no_schema', { key })}</Alert></>;
  }
  const reload = async () => {
    await query.refetch();
    setGeneration((g) => g + 1);
  };
  return (
    <ContentEditor
      key={generation}
      document={query.data}
      schema={documentSchemas[key].schema}
      onSaved={() => query.refetch()}
      onReload={reload}
    />
  );
}
