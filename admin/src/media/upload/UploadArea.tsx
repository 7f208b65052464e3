/**
 * Drop files here or choose them (several at once): each file gets a line with a determinate
 * progress bar, then 'Uploaded' or the reason it was refused. Drag-and-drop is a shortcut; the
 * 'Choose files' button is the keyboard and screen-reader way in.
 */
import { useEffect } from 'react';
import { useDropzone } from 'react-dropzone';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { ACCEPTED_KINDS, MAX_FILE_BYTES, formatBytes } from './mediaLimits';
import { useMediaUploads, type UploadItem } from './useMediaUploads';
import type { NewMediaRow } from './uploadMedia';

const UploadLine = ({ item }: { item: UploadItem }) => (
  <Box component="li" sx={{ py: 1 }}>
    <Typography variant="body2" noWrap title={item.name} sx={{ fontWeight: 600 }}>{item.name}</Typography>
    {item.status === 'failed' ? (
      <Alert severity="error" sx={{ mt: 0.5, py: 0 }}>{item.error}</Alert>
    ) : (
      <>
        <LinearProgress
          variant="determinate"
          value={item.progress}
          aria-label={`Upload progress of ${item.name}`}
          sx={{ my: 0.5 }}
        />
        <Typography variant="caption" color="text.secondary">
          {item.status === 'done' ? 'Uploaded' : item.status === 'queued' ? 'Waiting…' : `Uploading… ${item.progress}%`}
        </Typography>
      </>
    )}
  </Box>
);

export interface UploadAreaProps {
  /** Called for every file that is uploaded and recorded. */
  onUploaded?: (media: NewMediaRow & { id: string | number }) => void;
  /** Called when the queue starts or finishes (e.g. to keep a dialog open while busy). */
  onBusyChange?: (busy: boolean) => void;
}

export function UploadArea({ onUploaded, onBusyChange }: UploadAreaProps) {
  const { items, addFiles, busy } = useMediaUploads(onUploaded);
  useEffect(() => { onBusyChange?.(busy); }, [busy, onBusyChange]);
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop: (files) => addFiles(files),
    noClick: true,
    noKeyboard: true,
    multiple: true,
  });
  return (
    <Box>
      <Box
        {...getRootProps()}
        data-testid="upload-drop-zone"
        sx={{
          border: 2, borderStyle: 'dashed', borderRadius: 2, p: 3, textAlign: 'center',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          bgcolor: isDragActive ? 'action.hover' : 'transparent',
        }}
      >
        <input {...getInputProps({ 'aria-label': 'Files to upload' })} />
        <CloudUploadIcon color="action" fontSize="large" aria-hidden />
        <Typography sx={{ mb: 1.5 }}>
          {isDragActive ? 'Drop the files to upload them' : 'Drag and drop files here, or'}
        </Typography>
        <Button variant="outlined" onClick={open}>Choose files</Button>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1.5 }}>
          Up to {formatBytes(MAX_FILE_BYTES)} each: {ACCEPTED_KINDS}.
        </Typography>
      </Box>
      {items.length > 0 && (
        <Box component="ul" aria-label="Uploads" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
          {items.map((item) => <UploadLine key={item.key} item={item} />)}
        </Box>
      )}
    </Box>
  );
}
