/** Versions: every published version of the document, newest first; Restore copies one into the draft. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import RestoreIcon from '@mui/icons-material/Restore';
import { Confirm, useTranslate } from 'react-admin';
import { formatDateTime } from '../../common/dates';
import { StatusBadge } from '../../common/StatusBadge';
import type { Locale } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import { getContentVersions } from './contentApi';

interface ContentVersionsProps {
  documentKey: string;
  locale: Locale;
  liveVersion: number | null;
  onRestore: (version: number) => Promise<void>;
}

export function ContentVersions({ documentKey, locale, liveVersion, onRestore }: ContentVersionsProps) {
  const translate = useTranslate();
  const { data, error, isPending } = useQuery({
    queryKey: ['content', 'versions', documentKey, locale, liveVersion],
    queryFn: () => getContentVersions(documentKey, locale),
  });
  const [toRestore, setToRestore] = useState<number | null>(null);
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (isPending) return <Typography sx={{ py: 2 }}>…</Typography>;
  if (data.length === 0) return <Typography sx={{ py: 2 }}>{translate('buzz.content.versions.none')}</Typography>;
  return (
    <>
      <Box component="ul" aria-label={translate('buzz.content.tabs.versions')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.map((v) => (
          <Box component="li" key={v.version} data-testid="content-version"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography sx={{ fontWeight: 600 }}>{translate('buzz.content.version', { version: v.version })}</Typography>
            {v.version === liveVersion ? <StatusBadge status="live" label={translate('buzz.content.versions.current')} colour="green" /> : null}
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px' }}>
              {v.published_by_name ? translate('buzz.content.by', { when: formatDateTime(v.published_at), who: v.published_by_name }) : formatDateTime(v.published_at)}
            </Typography>
            <Button size="small" startIcon={<RestoreIcon />} onClick={() => setToRestore(v.version)}
              aria-label={`${translate('buzz.content.versions.restore')} ${translate('buzz.content.version', { version: v.version })}`}>
              {translate('buzz.content.versions.restore')}
            </Button>
          </Box>
        ))}
      </Box>
      <Confirm
        isOpen={toRestore !== null}
        title={translate('buzz.content.versions.restore_title', { version: toRestore ?? '' })}
        content={translate('buzz.content.versions.restore_body')}
        confirm={translate('buzz.content.versions.restore')}
        onConfirm={async () => { const version = toRestore!; setToRestore(null); await onRestore(version); }}
        onClose={() => setToRestore(null)}
      />
    </>
  );
}
