import { useState } from 'react';
import { Button } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { List, useRefresh } from 'react-admin';
import { EmptyState } from '../../common/EmptyState';
import { PageHeader } from '../../common/PageHeader';
import { EmptyCard, ListPagination } from '../../common/ListStates';
import { logOnlyOnError } from '../../common/listDefaults';
import { MediaGrid } from './MediaGrid';
import { UploadDialog } from '../../media/upload/UploadDialog';

const MediaEmpty = ({ onUpload }: { onUpload: () => void }) => (
  <EmptyState message="No media files found" actionLabel="Upload Your First File" onAction={onUpload} />
);

/**
 * Media Library (specification §2): newest first, a page is a multiple of 2, 3 and 4 items.
 * 'Upload' and 'Upload Your First File' open the upload dialog; the grid refreshes per upload.
 */
export const MediaList = () => {
  const [uploading, setUploading] = useState(false);
  const refresh = useRefresh();
  const openUpload = () => setUploading(true);
  return (
    <>
      <PageHeader
        title="Media Library"
        actions={<Button variant="contained" startIcon={<UploadIcon />} onClick={openUpload}>Upload</Button>}
      />
      <List
        title={false}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={24}
        pagination={<ListPagination rowsPerPageOptions={[12, 24, 48]} />}
        exporter={false}
        actions={false}
        queryOptions={logOnlyOnError('media')}
        empty={<EmptyCard><MediaEmpty onUpload={openUpload} /></EmptyCard>}
        error={<MediaEmpty onUpload={openUpload} />}
      >
        <MediaGrid />
      </List>
      <UploadDialog open={uploading} onClose={() => setUploading(false)} onUploaded={refresh} />
    </>
  );
};
