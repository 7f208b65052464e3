/**
 * The detail page generated from a declaration: every shown field with its label, Edit, the
 * declared one-click changes, Delete (with confirmation), the related lists, the declared panels
 * and the record's history from the activity log.
 */
import { Suspense } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import { EditButton, Labeled, ListButton, Show, useRecordContext, useResourceContext, useResourceDefinitions } from 'react-admin';
import { PageHeader } from '../common/PageHeader';
import { DeleteRecordButton } from './DeleteRecordButton';
import { FieldValue } from './FieldValue';
import { RecordActions } from './RecordActions';
import { RelatedList } from './RelatedList';
import { RecordHistory } from './RecordHistory';
import { textsOf } from './declarationText';
import { relatedListsOf } from './relatedLists';
import { useDeclaration, type DeclaredOptions } from './useDeclaration';

function ShowFields({ resource }: { resource: string }) {
  const record = useRecordContext();
  const declaration = useDeclaration();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
      {declaration.fields.filter((f) => f.show !== false).map((field) => (
        <Box key={field.source} data-field={field.source} sx={field.kind === 'longText' ? { gridColumn: '1 / -1' } : undefined}>
          <Labeled source={field.source} label={`resources.${resource}.fields.${field.source}`}>
            <FieldValue field={field} record={record} />
          </Labeled>
        </Box>
      ))}
    </Box>
  );
}

const Toolbar = () => {
  const declaration = useDeclaration();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 2, pt: 0 }}>
      {declaration.rpc.update && declaration.edit !== false ? <EditButton variant="contained" /> : null}
      <RecordActions />
      <DeleteRecordButton />
    </Box>
  );
};

export function GeneratedShow() {
  const resource = useResourceContext()!;
  const declaration = useDeclaration();
  const texts = textsOf(declaration);
  const definitions = useResourceDefinitions<Partial<DeclaredOptions>>();
  const declarations = Object.values(definitions).flatMap((d) => (d.options?.declaration ? [d.options.declaration] : []));
  return (
    <>
      <PageHeader
        title={`${texts.one} details`}
        actions={<ListButton label={`Back to ${declaration.label}`} icon={<ArrowBackIcon />} />}
      />
      <Show title={false} actions={false}>
        <ShowFields resource={resource} />
        <Toolbar />
        {relatedListsOf(declaration, declarations).map((related) => <RelatedList key={`${related.resource}.${related.target}`} {...related} />)}
        <Suspense fallback={null}>{(declaration.panels ?? []).map((Panel, i) => <Panel key={i} />)}</Suspense>
        {declaration.history === false ? null : <RecordHistory />}
      </Show>
    </>
  );
}

export default GeneratedShow;
