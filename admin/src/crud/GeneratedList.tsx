/**
 * The list generated from a declaration: the page title and create button, a search box over
 * the searchable fields, one column per listed field (phones hide the 'desktop' ones), 'View
 * Details', server-side sort and paging, and the empty state with its create button.
 */
import Box from '@mui/material/Box';
import { DataTable, List, ShowButton, useCreatePath, useResourceContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../common/EmptyState';
import { ListSearch } from '../common/ListSearch';
import { PageHeader } from '../common/PageHeader';
import { EmptyCard, ListPagination } from '../common/ListStates';
import { logOnlyOnError, phoneTableSx, scrollableListSx, toolbarSx } from '../common/listDefaults';
import { declarationOf } from '../resources';
import { CreateRecordButton } from './CreateRecordButton';
import { FieldValue } from './FieldValue';
import { textsOf } from './declarationText';

export function GeneratedList() {
  const declaration = declarationOf(useResourceContext()!);
  const { name, label, fields, rpc, listOptions = {} } = declaration;
  const texts = textsOf(declaration);
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const columns = fields.filter((f) => f.list !== false);
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
  return (
    <>
      <PageHeader title={label} actions={canCreate ? <CreateRecordButton resource={name} label={texts.createLabel} /> : undefined} />
      <List
        sx={scrollableListSx}
        title={false}
        sort={listOptions.sort}
        exporter={false}
        actions={searchable ? <Box sx={toolbarSx}><ListSearch label={texts.searchLabel} /></Box> : false}
        empty={<EmptyCard>{empty}</EmptyCard>}
        pagination={<ListPagination />}
        {...(quiet ? { queryOptions: logOnlyOnError(name), error: empty } : {})}
      >
        <DataTable
          bulkActionButtons={false}
          rowClick="show"
          sx={phoneTableSx(...columns.filter((f) => f.list === 'desktop').map((f) => f.source))}
        >
          {columns.map((field) => (
            <DataTable.Col
              key={field.source}
              source={field.source}
              label={field.header}
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
