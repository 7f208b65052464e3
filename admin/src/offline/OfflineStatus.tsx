/**
 * The back office's network bar, above every page: "Offline" while there is no network, how
 * many records wait on this device to be sent, and each record the server refused after waiting,
 * with its message, Correct (its form again, filled in, same id) and Discard. Hidden when online
 * with nothing waiting.
 */
import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import { useMutationState } from '@tanstack/react-query';
import { useCreatePath, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { isWaiting } from './queue';
import { forgetRefused, refusedRecords, subscribeRefused, type RefusedRecord } from './refused';
import { useOnline } from './useOnline';

function RefusedNotice({ record }: { record: RefusedRecord }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const name = translate(`resources.${record.resource}.name`, { smart_count: 1 });
  return (
    <Alert
      severity="error"
      data-testid="refused-record"
      action={(
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button color="inherit" size="small" onClick={() => navigate(createPath({ resource: record.resource, type: 'create' }), { state: { record: record.data } })}>
            {translate('buzz.offline.correct')}
          </Button>
          <Button color="inherit" size="small" onClick={() => forgetRefused(record.id)}>
            {translate('buzz.offline.discard')}
          </Button>
        </Box>
      )}
    >
      {translate('buzz.offline.refused', { name, message: record.message })}
    </Alert>
  );
}

export function OfflineStatus() {
  const translate = useTranslate();
  const online = useOnline();
  const waiting = useMutationState({ filters: { status: 'pending', predicate: isWaiting } }).length;
  const refused = useSyncExternalStore(subscribeRefused, refusedRecords);
  if (online && waiting === 0 && refused.length === 0) return null;
  return (
    <Box data-testid="network-bar" sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
      <Box role="status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {online ? null : <Chip icon={<CloudOffIcon />} label={translate('buzz.offline.offline')} />}
        {waiting > 0 ? (
          <Chip
            color="secondary"
            icon={<ScheduleSendIcon />}
            data-testid="waiting-to-send"
            label={translate('buzz.offline.waiting', { smart_count: waiting })}
          />
        ) : null}
      </Box>
      {refused.map((record) => <RefusedNotice key={record.id} record={record} />)}
    </Box>
  );
}
