/**
 * 'Choose from library': a page of the Media Library (asked of the data provider page by page),
 * newest first; choosing an image hands its public URL back. 'Upload' opens the upload area in
 * place; what it uploads appears first in the list.
 */
import { useState } from 'react';
import {
  Box, Button, ButtonBase, Dialog, DialogActions, DialogContent, DialogTitle, Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useGetList } from 'react-admin';
import { isImage, mainType } from './mediaType';
import { mediaUrl } from './mediaUrl';
import { useMediaStorage } from './upload/mediaStorage';
import { UploadArea } from './upload/UploadArea';
import type { MediaRecord } from '../types';

const PER_PAGE = 12;

const gridSx = {
  display: 'grid', gap: 1.5, p: 0, m: 0, listStyle: 'none',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
};

function PickTile({ item, onPick }: { item: MediaRecord; onPick: () => void }) {
  const image = isImage(item.file_type);
  return (
    <ButtonBase
      onClick={onPick}
      disabled={!image}
      aria-label={image ? `Choose ${item.title}` : `${item.title} (${mainType(item.file_type)}, not an image)`}
      sx={{
        display: 'block', width: '100%', textAlign: 'left', borderRadius: 1, overflow: 'hidden',
        border: 1, borderColor: 'divider', opacity: image ? 1 : 0.6,
        '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.main' },
      }}
    >
      {image ? (
        <Box component="img" src={item.file_path} alt="" loading="lazy"
          sx={{ aspectRatio: '4 / 3', width: '100%', display: 'block', objectFit: 'cover', bgcolor: 'grey.100' }} />
      ) : (
        <Box sx={{ aspectRatio: '4 / 3', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
          <Typography variant="body2" color="text.secondary" component="span">{mainType(item.file_type)}</Typography>
        </Box>
      )}
      <Typography variant="caption" component="span" noWrap sx={{ display: 'block', px: 1, py: 0.5 }}>{item.title}</Typography>
    </ButtonBase>
  );
}

interface MediaPickerDialogProps {
  onClose: () => void;
  onChoose: (url: string, item: MediaRecord) => void;
}

export function MediaPickerDialog({ onClose, onChoose }: MediaPickerDialogProps) {
  const storage = useMediaStorage();
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState(false);
  const { data, total, isPending, error, refetch } = useGetList<MediaRecord>('media', {
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'created_at', order: 'DESC' },
  });
  const pages = Math.max(1, Math.ceil((total ?? 0) / PER_PAGE));
  const items = data ?? [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="media-picker-title">
      <DialogTitle id="media-picker-title">Choose from Library</DialogTitle>
      <DialogContent>
        {uploading && (
          <Box sx={{ mb: 2 }}>
            <UploadArea onUploaded={() => { setPage(1); void refetch(); }} />
          </Box>
        )}
        {isPending ? (
          <Typography color="text.secondary">Loading media…</Typography>
        ) : error ? (
          <Typography color="error">Failed to load media</Typography>
        ) : items.length === 0 ? (
          <Typography color="text.secondary">No media files found</Typography>
        ) : (
          <Box component="ul" sx={gridSx} aria-label="Media library">
            {items.map((item) => (
              <li key={item.id}>
                <PickTile item={item} onPick={() => onChoose(mediaUrl(item, storage.publicUrl), item)} />
              </li>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {!uploading && <Button startIcon={<UploadIcon />} onClick={() => setUploading(true)}>Upload</Button>}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={() => setPage(page - 1)} disabled={page <= 1}>Previous</Button>
        <Typography variant="body2" aria-live="polite">Page {page} of {pages}</Typography>
        <Button onClick={() => setPage(page + 1)} disabled={page >= pages}>Next</Button>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
