/** 'Edit Title' dialog of a media file: a required title of at most 200 characters. */
import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { MediaRecord } from '../../types';

export const TITLE_MAX = 200;

/** The title as it will be saved, or why it cannot be. */
export function checkTitle(value: string): { title: string } | { error: string } {
  const title = value.trim();
  if (!title) return { error: 'Title is required' };
  if (title.length > TITLE_MAX) return { error: `Title is too long (${TITLE_MAX} characters at most)` };
  return { title };
}

export function RenameMediaDialog({ item, onClose }: { item: MediaRecord; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [value, setValue] = useState(item.title);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTitle(value);
    if ('error' in checked) return setError(checked.error);
    setSaving(true);
    try {
      await dataProvider.update('media', { id: item.id, data: { title: checked.title }, previousData: item });
      notify('Title updated', { type: 'success' });
      refresh();
      onClose();
    } catch (err) {
      console.error('Failed to rename media:', err);
      notify(`Failed to update the title: ${err instanceof Error ? err.message : String(err)}`, { type: 'error' });
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="rename-media-title">
      <form onSubmit={save} noValidate>
        <DialogTitle id="rename-media-title">Edit Title</DialogTitle>
        <DialogContent>
          <TextField
            label="Title"
            value={value}
            onChange={(e) => { setValue(e.target.value); setError(null); }}
            error={error !== null}
            helperText={error ?? ' '}
            autoFocus
            fullWidth
            margin="dense"
            required
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>Save</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
