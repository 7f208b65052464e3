import * as React from 'react';

export type FormStatus =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'success'; message: string }
  | { state: 'error'; message: string };

/**
 * Submission state shared by the public forms: one request at a time (a second submit while
 * sending is ignored, even before React re-renders the disabled button), and the caller's
 * fields are left untouched on error so nothing typed is lost. `failure` is the error text, or a
 * function of the error (failureMessage in rpcMessage.ts shows the server's own message).
 */
export function useRpcForm<T>(
  send: () => Promise<T>,
  describe: (result: T) => string,
  failure: string | ((error: unknown) => string),
) {
  const [status, setStatus] = React.useState<FormStatus>({ state: 'idle' });
  const inFlight = React.useRef(false);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus({ state: 'sending' });
    try {
      const result = await send();
      setStatus({ state: 'success', message: describe(result) });
    } catch (error) {
      setStatus({ state: 'error', message: typeof failure === 'string' ? failure : failure(error) });
    } finally {
      inFlight.current = false;
    }
  };

  return { status, onSubmit, sending: status.state === 'sending' };
}
