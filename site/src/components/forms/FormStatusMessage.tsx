import * as React from 'react';
import type { FormStatus } from '../../hooks/useRpcForm';

/**
 * The live region under a form. It is always rendered (empty when idle) so screen readers
 * announce the success or error text when it appears.
 */
export function FormStatusMessage({ status, id }: { status: FormStatus; id?: string }) {
  const isError = status.state === 'error';
  const message = status.state === 'success' || status.state === 'error' ? status.message : '';
  return (
    <div id={id} role={isError ? 'alert' : 'status'} aria-live="polite">
      {message && (
        <p className={`form-status ${isError ? 'form-status-error' : 'form-status-success'}`}>{message}</p>
      )}
    </div>
  );
}
