/** 'Upload Media' dialog around the upload area (Media page, image picker). */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { UploadArea, type UploadAreaProps } from './UploadArea';

interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  onUploaded?: UploadAreaProps['onUploaded'];
}

export function UploadDialog({ open, onClose, onUploaded }: UploadDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="upload-dialog-title"
    >
      <DialogTitle id="upload-dialog-title">Upload Media</DialogTitle>
      <DialogContent>
        {open && <UploadArea onUploaded={onUploaded} onBusyChange={setBusy} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} disabled={busy}>
          {busy ? 'Uploading…' : 'Done'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
