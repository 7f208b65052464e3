import { useState } from 'react';
import Button from '@mui/material/Button';
import { Confirm, useNotify, useRecordContext, useRefresh, useResourceContext, useUpdate } from 'react-admin';
import type { RecordAction } from './declaration';
import { useDeclaration } from './useDeclaration';

/** The actions a record offers now: each changes something and its `when` holds. */
export const availableActions = (actions: RecordAction[], record: Record<string, unknown>): RecordAction[] =>
  actions.filter((a) => Object.entries(a.set).some(([k, v]) => record[k] !== v) && (a.when?.(record) ?? true));

/**
 * The declaration's one-click changes of a record (e.g. 'Cancel Event' = status cancelled,
 * 'Retire Hive' = status retired, an order's next statuses), each shown while it applies; an
 * action with `confirm` asks first.
 */
export function RecordActions() {
  const resource = useResourceContext()!;
  const { recordActions = [] } = useDeclaration();
  const record = useRecordContext();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<RecordAction | null>(null);
  if (!record) return null;
  const run = (action: RecordAction) =>
    update(
      resource,
      { id: record.id, data: { ...record, ...action.set }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => { setAsking(null); notify(action.done, { type: 'success' }); refresh(); },
        onError: (error) => { setAsking(null); notify((error as Error)?.message || 'Failed to update', { type: 'error' }); },
      },
    );
  return (
    <>
      {availableActions(recordActions, record).map((action) => (
        <Button
          key={action.label}
          variant="outlined"
          color={action.confirm ? 'error' : 'primary'}
          disabled={isPending}
          onClick={() => (action.confirm ? setAsking(action) : run(action))}
        >
          {action.label}
        </Button>
      ))}
      <Confirm
        isOpen={asking !== null}
        loading={isPending}
        title={asking?.label ?? ''}
        content={asking?.confirm ?? ''}
        confirm={asking?.label ?? ''}
        cancel="Go back"
        onConfirm={() => asking && run(asking)}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
