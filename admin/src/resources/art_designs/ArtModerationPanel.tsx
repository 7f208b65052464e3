/**
 * A design's page: its picture (signed URL of the private file), then what staff may do in its
 * state: approve a pending design for a month's vote (refused by the server while the print
 * checks fail, shown above as 'Print checks'), decline it with a reason the artist receives (the
 * art Edge Function declines and removes the file from Storage), mark a winner printed.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { supabase } from '../../providers/supabase';
import { ballotMonths } from './artStatus';
import { useArtImage } from './useArtImage';

interface Design { id: string; title: string; status: string; storage_path: string | null; print_check: string }

export default function ArtModerationPanel() {
  const design = useRecordContext<Design>();
  const notify = useNotify();
  const refresh = useRefresh();
  const image = useArtImage(design?.storage_path);
  const months = ballotMonths();
  const [month, setMonth] = useState(months[0]!.id);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!design) return null;

  async function run(action: () => Promise<{ error: { message: string } | null }>, done: string) {
    setBusy(true);
    const { error } = await action();
    setBusy(false);
    if (error) return notify(error.message, { type: 'error' });
    notify(done, { type: 'success' });
    refresh();
  }
  const approve = () => run(async () => supabase.rpc('approve_buzz_haven_art_design', { p_id: design.id, p_month: month }), 'Approved: the artist is told by e-mail');
  const printed = () => run(async () => supabase.rpc('mark_buzz_haven_art_printed', { p_id: design.id }), 'Marked printed');
  const decline = () => run(async () => {
    const { data, error } = await supabase.functions.invoke('art', { body: { action: 'decline', id: design.id, reason } });
    if (error) {
      const body = await (error as { context?: Response }).context?.json?.().catch(() => null) as { message?: string } | null;
      return { error: { message: body?.message ?? error.message } };
    }
    return { error: data?.declined ? null : { message: 'The design was not declined' } };
  }, 'Declined: the artist is told why, and the file is removed');

  return (
    <Box sx={{ px: 2, pb: 2 }} aria-label="Moderation">
      <Typography variant="h6" component="h2" gutterBottom>Design</Typography>
      {image
        ? <Box component="img" src={image} alt={design.title} sx={{ maxWidth: '100%', maxHeight: 480, display: 'block', mb: 2, borderRadius: 1 }} />
        : <Typography color="text.secondary" gutterBottom>{design.storage_path ? 'Loading picture...' : 'No file (declined designs have their file removed).'}</Typography>}
      {design.print_check !== 'passed' && design.status === 'pending' && (
        <Alert severity="error" sx={{ mb: 2 }}>This file fails the print checks: {design.print_check}. It cannot be approved.</Alert>
      )}
      {design.status === 'pending' && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <TextField select size="small" label="Vote month" value={month} onChange={(e) => setMonth(e.target.value)} sx={{ minWidth: 200 }}>
              {months.map((m) => <MenuItem key={m.id} value={m.id}>{m.name}</MenuItem>)}
            </TextField>
            <Button variant="contained" onClick={() => void approve()} disabled={busy}>Approve for vote</Button>
          </Box>
          <TextField
            label="Reason for declining (sent to the artist)" multiline minRows={2} value={reason}
            onChange={(e) => setReason(e.target.value)} inputProps={{ maxLength: 1000 }}
          />
          <Box>
            <Button variant="outlined" color="error" onClick={() => void decline()} disabled={busy || !reason.trim()}>Decline</Button>
          </Box>
        </Box>
      )}
      {design.status === 'to_print' && (
        <Button variant="contained" onClick={() => void printed()} disabled={busy}>Mark printed</Button>
      )}
    </Box>
  );
}
