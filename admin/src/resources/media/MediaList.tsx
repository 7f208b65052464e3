import UploadIcon from '@mui/icons-material/Upload';
import { List } from 'react-admin';
import { EmptyState } from '../../common/EmptyState';
import { PageHeader } from '../../common/PageHeader';
import { ComingSoonButton } from '../../common/ComingSoonButton';
import { EmptyCard, ListPagination } from '../../common/ListStates';
import { logOnlyOnError } from '../../common/listDefaults';
import { MediaGrid } from './MediaGrid';

const MediaEmpty = () => (
  <EmptyState message="No media files found" actionLabel="Upload Your First File" actionDisabled />
);

/** Media Library (specification §2): newest first, a page is a multiple of 2, 3 and 4 items. */
export const MediaList = () => (
  <>
    <PageHeader title="Media Library" actions={<ComingSoonButton label="Upload" icon={<UploadIcon />} />} />
    <List
      title={false}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={24}
      pagination={<ListPagination rowsPerPageOptions={[12, 24, 48]} />}
      exporter={false}
      actions={false}
      queryOptions={logOnlyOnError('media')}
      empty={<EmptyCard><MediaEmpty /></EmptyCard>}
      error={<MediaEmpty />}
    >
      <MediaGrid />
    </List>
  </>
);
