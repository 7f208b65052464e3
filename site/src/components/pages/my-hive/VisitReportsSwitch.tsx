import * as React from 'react';
import type { MyHiveText } from './myHiveText';
import { type Session, visitReports } from './myHiveApi';

type Status = { state: 'loading' | 'idle' | 'saving' | 'saved' | 'error'; receive?: boolean };

/**
 * /my-hive's switch of the e-mailed visit reports: read when the hives show, saved on each change
 * (the e-mail's own one-click unsubscribe turns the same setting off).
 */
export function VisitReportsSwitch({ session, text }: { session: Session; text: MyHiveText['visitReports'] }) {
  const [status, setStatus] = React.useState<Status>({ state: 'loading' });
  React.useEffect(() => {
    let live = true;
    visitReports(session)
      .then((receive) => live && setStatus({ state: 'idle', receive }))
      .catch(() => live && setStatus({ state: 'error' }));
    return () => { live = false; };
  }, [session]);
  const onChange = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const wanted = event.currentTarget.checked;
    setStatus({ state: 'saving', receive: wanted });
    try {
      setStatus({ state: 'saved', receive: await visitReports(session, wanted) });
    } catch {
      setStatus({ state: 'error', receive: !wanted });
    }
  };
  return (
    <section className="card my-hive-visit-reports" aria-labelledby="my-hive-visit-reports">
      <h2 id="my-hive-visit-reports">{text.heading}</h2>
      <p>{text.text}</p>
      <label className="my-hive-switch">
        <input type="checkbox" checked={status.receive ?? false} disabled={status.receive === undefined || status.state === 'saving'}
          onChange={(event) => void onChange(event)} />{' '}
        {text.label}
      </label>
      <div role={status.state === 'error' ? 'alert' : 'status'} aria-live="polite">
        {status.state === 'saved' && <p className="form-status form-status-success">{text.saved}</p>}
        {status.state === 'error' && <p className="form-status form-status-error">{text.error}</p>}
      </div>
    </section>
  );
}
