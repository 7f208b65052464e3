/**
 * The last site build (state, when, how long, its error) and, on the Content list, the 'Publish
 * site' button that rebuilds the site for product and event changes. Polls while a build runs.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PublishIcon from '@mui/icons-material/Publish';
import { useNotify, useTranslate } from 'react-admin';
import { StatusBadge } from '../../common/StatusBadge';
import { formatDateTime } from '../../common/dates';
import type { BadgeColour } from '../../common/StatusBadge';
import type { SiteBuild } from '../../types';
import { publishContent } from './contentApi';
import { useRefreshSiteBuilds, useSiteBuilds } from './useSiteBuilds';

const STATE_COLOURS: Record<SiteBuild['state'], BadgeColour> = {
  queued: 'amber', running: 'blue', succeeded: 'green', failed: 'red', triggered: 'blue',
};

function LastBuild({ build }: { build: SiteBuild }) {
  const translate = useTranslate();
  const seconds = build.duration_ms == null ? null : (build.duration_ms / 1000).toFixed(1);
  return (
    <Box data-testid="site-build" data-state={build.state}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <StatusBadge status={build.state} label={translate(`buzz.content.build.state.${build.state}`)} colour={STATE_COLOURS[build.state]} />
        <Typography variant="body2">
          {translate('buzz.content.build.when', { when: formatDateTime(build.requested_at) })}
          {build.requested_by_name ? ` · ${build.requested_by_name}` : ''}
          {seconds ? ` · ${translate('buzz.content.build.duration', { seconds })}` : ''}
        </Typography>
      </Box>
      {build.state === 'failed' && build.error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          <Typography variant="subtitle2" component="p">{translate('buzz.content.build.error')}</Typography>
          <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 160, overflow: 'auto', fontSize: 12 }}>{build.error}</Box>
        </Alert>
      ) : null}
    </Box>
  );
}

export function SiteBuildStatus({ withPublishButton = false }: { withPublishButton?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, error, isPending } = useSiteBuilds();
  const refresh = useRefreshSiteBuilds();
  const [requesting, setRequesting] = useState(false);
  const last = data?.[0];

  const publishSite = async () => {
    setRequesting(true);
    const outcome = await publishContent({ site: true });
    setRequesting(false);
    if (outcome.ok) notify('buzz.content.build.requested', { type: 'success' });
    else notify(outcome.message, { type: 'error' });
    await refresh();
  };

  return (
    <Paper component="section" aria-labelledby="site-build-title" sx={{ p: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography id="site-build-title" variant="h6" component="h2" sx={{ mb: 1 }}>{translate('buzz.content.build.title')}</Typography>
          {error ? <Alert severity="error">{(error as Error).message}</Alert>
            : isPending ? <Typography variant="body2" color="text.secondary">…</Typography>
              : last ? <LastBuild build={last} />
                : <Typography variant="body2" color="text.secondary">{translate('buzz.content.build.none')}</Typography>}
        </Box>
        {withPublishButton ? (
          <Box sx={{ maxWidth: 360 }}>
            <Button variant="contained" startIcon={<PublishIcon />} onClick={publishSite} disabled={requesting}>
              {translate('buzz.content.build.publish_site')}
            </Button>
            <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
              {translate('buzz.content.build.publish_site_help')}
            </Typography>
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}
