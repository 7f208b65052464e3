/**
 * The designs as a gallery: a state filter (pending first), each design as a card with its
 * picture, and this month's vote with staff's Close vote button (close_buzz_haven_art_vote: the
 * tallies are written, the winners move to 'to print' and a site build is requested).
 */
import { useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link, useCreatePath, useGetList, useNotify, useRefresh } from 'react-admin';
import { PageHeader } from '../../common/PageHeader';
import { StatusBadge } from '../../common/StatusBadge';
import { supabase } from '../../providers/supabase';
import { ART_STATUSES, statusName } from './artStatus';
import { useArtImage } from './useArtImage';

interface Design {
  id: string; title: string; artist_name: string; status: string; storage_path: string | null; vote_month: string | null;
}

function DesignCard({ design }: { design: Design }) {
  const createPath = useCreatePath();
  const image = useArtImage(design.storage_path);
  const colour = ART_STATUSES.find((s) => s.id === design.status)?.colour;
  return (
    <Card component="li" variant="outlined" data-design={design.title}>
      <CardActionArea component={Link} to={createPath({ resource: 'art_designs', id: design.id, type: 'show' })}>
        <Box sx={{ aspectRatio: '3 / 2', bgcolor: 'grey.100', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {image
            ? <img src={image} alt={design.title} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            : <Typography variant="body2" color="text.secondary">{design.storage_path ? 'Loading picture...' : 'No file'}</Typography>}
        </Box>
        <CardContent>
          <Typography variant="subtitle1" component="h3">{design.title}</Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>{design.artist_name}</Typography>
          <StatusBadge status={design.status} label={statusName(design.status)} colour={colour} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

interface Ballot { month: string; designs: number; closed_at: string | null; total_votes: number | null }

function CurrentVote() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [closing, setClosing] = useState(false);
  const [ballots, setBallots] = useState<Ballot[]>([]);
  const load = useCallback(() => {
    void supabase.rpc('get_buzz_haven_art_ballots').then(({ data }) => setBallots(((data ?? []) as Ballot[]).sort((a, b) => a.month.localeCompare(b.month))));
  }, []);
  useEffect(load, [load]);
  // The oldest vote still open with designs on it (normally this month's).
  const open = ballots.find((b) => !b.closed_at && b.designs > 0);
  async function close(month: string) {
    if (!window.confirm('Close this vote now? The tally is counted, the winner moves to To print and the site is rebuilt.')) return;
    setClosing(true);
    const { data, error } = await supabase.rpc('close_buzz_haven_art_vote', { p_month: month });
    setClosing(false);
    if (error) return notify(error.message, { type: 'error' });
    const result = data as { total_votes: number; winners: number };
    notify(`Vote closed: ${result.total_votes} votes, ${result.winners} winner(s). The site is being rebuilt.`, { type: 'success' });
    load();
    refresh();
  }
  if (!open) return null;
  const name = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${open.month}T12:00:00Z`));
  return (
    <Card variant="outlined" sx={{ mx: 2, mb: 2 }} aria-label="Open vote">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ flex: 1 }}>
          Vote of {name}: {open.designs} design(s) on the ballot. The tally stays hidden until the vote closes.
        </Typography>
        <Button variant="contained" onClick={() => void close(open.month)} disabled={closing}>Close vote</Button>
      </CardContent>
    </Card>
  );
}

export default function ArtGallery() {
  const [status, setStatus] = useState<string>('pending');
  const { data, isPending } = useGetList<Design>('art_designs', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'created_at', order: 'DESC' },
    filter: status === 'all' ? {} : { status },
  });
  return (
    <>
      <PageHeader title="Art Designs" />
      <CurrentVote />
      <Box sx={{ px: 2, pb: 2 }}>
        <ToggleButtonGroup size="small" exclusive value={status} onChange={(_, value) => value && setStatus(value)} aria-label="Show designs">
          {ART_STATUSES.map((s) => <ToggleButton key={s.id} value={s.id}>{s.name}</ToggleButton>)}
          <ToggleButton value="all">All</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {!isPending && (data ?? []).length === 0 && (
        <Typography sx={{ px: 2 }} color="text.secondary">No {status === 'all' ? '' : `${statusName(status).toLowerCase()} `}designs.</Typography>
      )}
      <Box
        component="ul"
        aria-label="Designs"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2, p: 2, m: 0, listStyle: 'none' }}
      >
        {(data ?? []).map((design) => <DesignCard key={design.id} design={design} />)}
      </Box>
    </>
  );
}
