/**
 * The list generated from a declaration: the page title and create button, a search box over
 * the searchable fields, one column per listed field (phones hide the 'desktop' ones and stack
 * the others into labelled lines), 'View
 * Details', server-side sort and paging, the declared enum (and keyed reference) filters and CSV export, and the empty
 * state with its create button.
 */
import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { DataTable, ExportButton, List, ShowButton, useCreatePath } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../common/EmptyState';
import { ListSearch } from '../common/ListSearch';
import { PageHeader } from '../common/PageHeader';
import { EmptyCard, ListPagination } from '../common/ListStates';
import { logOnlyOnError, phoneTableSx, scrollableListSx, toolbarSx } from '../common/listDefaults';
import { stackedCellSx, stackedTableHidingSx } from '../common/stackedTable';
import { CreateRecordButton } from './CreateRecordButton';
import { FieldValue } from './FieldValue';
import { textsOf } from './declarationText';
import { useDeclaration } from './useDeclaration';
import { EnumFilter, ReferenceFilter } from './EnumFilter';
import { csvExporter } from './csvExport';

export function GeneratedList() {
  const declaration = useDeclaration();
  const { name, label, fields, rpc, listOptions = {} } = declaration;
  const texts = textsOf(declaration);
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const columns = fields.filter((f) => f.list !== false);
  // Columns a phone leaves out; the others stack into labelled lines there (common/stackedTable.ts).
  const desktopOnly = columns.filter((f) => f.list === 'desktop').map((f) => f.source);
  const searchable = fields.some((f) => f.searchable);
  const canCreate = Boolean(rpc.create && declaration.create !== false);
  const empty = (
    <EmptyState
      message={texts.empty}
      actionLabel={canCreate ? texts.createLabel : undefined}
      onAction={() => navigate(createPath({ resource: name, type: 'create' }))}
    />
  );
  const quiet = listOptions.logOnlyOnError;
  const filters = fields.filter((f) => listOptions.filters?.includes(f.source));
  const toolbar = searchable || filters.length || listOptions.csv ? (
    <Box sx={toolbarSx}>
      {searchable ? <ListSearch label={texts.searchLabel} /> : null}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {filters.map((f) => (f.referenceKey ? <ReferenceFilter key={f.source} field={f} /> : <EnumFilter key={f.source} field={f} />))}
        {listOptions.csv ? <ExportButton label="Export CSV" maxResults={100000} /> : null}
      </Box>
    </Box>
  ) : false;
  return (
    <>
      <PageHeader title={label} actions={canCreate || declaration.listActions?.length ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Suspense fallback={null}>{declaration.listActions?.map((Action, i) => <Action key={i} />)}</Suspense>
          {canCreate ? <CreateRecordButton resource={name} label={texts.createLabel} /> : null}
        </Box>
      ) : undefined} />
      <List
        sx={scrollableListSx}
        title={false}
        sort={listOptions.sort}
        exporter={listOptions.csv ? csvExporter(fields, listOptions.csv) : false}
        actions={toolbar}
        empty={<EmptyCard>{empty}</EmptyCard>}
        pagination={<ListPagination />}
        {...(quiet ? { queryOptions: logOnlyOnError(name), error: empty } : {})}
      >
        <DataTable
          bulkActionButtons={false}
          rowClick="show"
          sx={[phoneTableSx(...desktopOnly), stackedTableHidingSx(...desktopOnly)]}
        >
          {columns.map((field) => (
            <DataTable.Col
              key={field.source}
              source={field.source}
              label={field.header}
              cellSx={stackedCellSx(field.header ?? field.label)}
              render={(record) => <FieldValue field={field} record={record} inTable />}
            />
          ))}
          <DataTable.Col
            label={`resources.${name}.fields.actions`}
            disableSort
            render={() => <ShowButton label={texts.showLabel} />}
          />
        </DataTable>
      </List>
    </>
  );
}

export default GeneratedList;
