import * as React from 'react';

/**
 * The field people never see (p_website of the request RPCs): hidden from sight, from screen
 * readers and from the tab order. Bots that fill every input fill it too; the server then answers
 * as if it had stored the request and keeps nothing. Read with `honeypotValue(form)`.
 */
export function Honeypot({ id, label }: { id: string; label: string }) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The honeypot's value in `form` (null when empty, as the RPCs expect). */
export function honeypotValue(form: HTMLFormElement | null): string | null {
  const input = form?.querySelector<HTMLInputElement>('input[name="website"]');
  return input?.value ? input.value : null;
}
