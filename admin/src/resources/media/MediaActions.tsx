/**
 * The actions under a media tile: edit the title, copy the public URL, delete (owner and admin
 * only: Storage's delete policy and `delete_buzz_haven_media` refuse others, so staff see the
 * button disabled with the reason). Deleting removes the row, then the file from the bucket.
 */
import { useState } from 'react';
import { Box, IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import LinkIcon from '@mui/icons-material/Link';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useDataProvider, useNotify, usePermissions, useRefresh } from 'react-admin';
import { RenameMediaDialog } from './RenameMediaDialog';
import { useMediaStorage } from '../../media/upload/mediaStorage';
import { mediaUrl } from '../../media/mediaUrl';
import { MEDIA_BUCKET } from '../../media/upload/mediaLimits';
import type { MediaRecord } from '../../types';

export const DELETE_ROLES = ['owner', 'admin'];

export function MediaActions({ item }: { item: MediaRecord }) {
  const storage = useMediaStorage();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions<string | null>();
  const canDelete = DELETE_ROLES.includes(permissions ?? '');
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const copyUrl = async () => {
    const url = mediaUrl(item, storage.publicUrl);
    try {
      await navigator.clipboard.writeText(url);
      notify('URL copied to clipboard', { type: 'success' });
    } catch {
      notify(`Copy this URL: ${url}`, { type: 'info', autoHideDuration: 15000 });
    }
  };

  const confirmDelete = async () => {
    setDeleting(false);
    try {
      const { data } = await dataProvider.delete<MediaRecord>('media', { id: item.id, previousData: item });
      const path = data?.storage_path ?? item.storage_path;
      if (path) {
        await storage.remove(MEDIA_BUCKET, [path]).catch((error: unknown) => {
          console.error('Failed to remove the file of a deleted media row:', error);
          notify(`The entry was deleted but its file could not be removed: ${String(error)}`, { type: 'warning' });
        });
      }
      notify('Media file deleted', { type: 'success' });
    } catch (error) {
      console.error('Failed to delete media:', error);
      notify(`Failed to delete the media file: ${error instanceof Error ? error.message : String(error)}`, { type: 'error' });
    }
    refresh();
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5, mr: -1, mb: -1 }}>
      <IconButton size="small" aria-label={`Edit title of ${item.title}`} onClick={() => setRenaming(true)}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={`Copy URL of ${item.title}`} onClick={copyUrl}>
        <LinkIcon fontSize="small" />
      </IconButton>
      <Tooltip title={canDelete ? '' : 'Only owners and admins can delete media'}>
        <span>
          <IconButton
            size="small"
            color="error"
            aria-label={`Delete ${item.title}`}
            disabled={!canDelete}
            onClick={() => setDeleting(true)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {renaming && <RenameMediaDialog item={item} onClose={() => setRenaming(false)} />}
      <Confirm
        isOpen={deleting}
        title="Delete Media File"
        content={`Are you sure you want to delete "${item.title}"? Pages that use its URL will no longer show it.`}
        confirm="Delete"
        cancel="Cancel"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </Box>
  );
}
