import Button from '@mui/material/Button';
import { useNotify, useRecordContext, useRefresh, useResourceContext, useUpdate } from 'react-admin';
import { declarationOf } from '../resources';

/**
 * The declaration's one-click changes of a record (e.g. 'Cancel Event' = status cancelled,
 * 'Retire Hive' = status retired), each shown while it would change something.
 */
export function RecordActions() {
  const resource = useResourceContext()!;
  const record = useRecordContext();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const actions = declarationOf(resource).recordActions ?? [];
  if (!record) return null;
  return (
    <>
      {actions
        .filter((a) => Object.entries(a.set).some(([k, v]) => record[k] !== v))
        .map((action) => (
          <Button
            key={action.label}
            variant="outlined"
            disabled={isPending}
            onClick={() =>
              update(
                resource,
                { id: record.id, data: { ...record, ...action.set }, previousData: record },
                {
                  mutationMode: 'pessimistic',
                  onSuccess: () => { notify(action.done, { type: 'success' }); refresh(); },
                  onError: (error) => notify((error as Error)?.message || 'Failed to update', { type: 'error' }),
                },
              )
            }
          >
            {action.label}
          </Button>
        ))}
    </>
  );
}
