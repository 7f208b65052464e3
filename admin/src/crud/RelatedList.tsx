import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataTable, Pagination, ReferenceManyField, ShowButton, useRecordContext, useResourceDefinition, useTranslate } from 'react-admin';
import { stackedCellSx, stackedTableSx } from '../common/stackedTable';
import { EmptyState } from '../common/EmptyState';
import type { RelatedListDeclaration } from './declaration';
import { CreateRecordButton } from './CreateRecordButton';
import { FieldValue } from './FieldValue';
import { textsOf } from './declarationText';
import { useDeclaration } from './useDeclaration';

/**
 * Another resource's rows that point at this record (`target` = this id), read from the server
 * as `<target>=eq.<id>`, with the other resource's list columns, its create button and its
 * detail pages (when it has them: an order's lines and status history have neither). On a phone
 * each row stacks into labelled lines (common/stackedTable.ts) rather than scrolling sideways.
 */
export function RelatedList({ resource, target, label, sort }: RelatedListDeclaration) {
  const record = useRecordContext();
  const translate = useTranslate();
  const declaration = useDeclaration(resource);
  const { hasShow } = useResourceDefinition({ resource });
  const texts = textsOf(declaration);
  if (!record) return null;
  const canShow = Boolean(hasShow);
  const columns = declaration.fields.filter((f) => f.list !== false && f.source !== target);
  return (
    <Box component="section" aria-label={label} sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">{label}</Typography>
        {declaration.rpc.create ? <CreateRecordButton resource={resource} label={texts.createLabel} record={{ [target]: record.id }} /> : null}
      </Box>
      <Box>
        <ReferenceManyField
          reference={resource}
          target={target}
          sort={sort}
          perPage={10}
          pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
          empty={<EmptyState message={texts.empty} />}
        >
          <DataTable bulkActionButtons={false} rowClick={canShow ? 'show' : false} resource={resource} sx={stackedTableSx}>
            {columns.map((field) => (
              <DataTable.Col
                key={field.source}
                source={field.source}
                label={`resources.${resource}.fields.${field.source}`}
                cellSx={stackedCellSx(translate(`resources.${resource}.fields.${field.source}`))}
                render={(row) => <FieldValue field={field} record={row} inTable />}
              />
            ))}
            {canShow ? (
              <DataTable.Col label={`resources.${resource}.fields.actions`} disableSort render={() => <ShowButton label={texts.showLabel} />} />
            ) : null}
          </DataTable>
        </ReferenceManyField>
      </Box>
    </Box>
  );
}
