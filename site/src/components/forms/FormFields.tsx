import * as React from 'react';

/** A labelled input with its required mark or '(optional)' and an optional hint under it. */
export function Input({ id, name, label, hint, optional, ...rest }: { id: string; name: string; label: string; hint?: string; optional?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {rest.required ? (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        ) : (
          optional && <span className="pages-optional"> {optional}</span>
        )}
      </label>
      <input id={id} name={name} aria-describedby={hint ? `${id}-hint` : undefined} {...rest} />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A required set of radio buttons under its legend. */
export function Choices({ name, legend, options }: { name: string; legend: string; options: [value: string, label: string][] }) {
  return (
    <fieldset className="field">
      <legend>
        {legend}
        <span className="required-mark" aria-hidden="true">
          *
        </span>
      </legend>
      {options.map(([value, label]) => (
        <label key={value} className="choice">
          <input type="radio" name={name} value={value} required />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** An optional multi-line text field, '(optional)' after its label. */
export function OptionalTextArea({ id, name, label, optional, maxLength }: { id: string; name: string; label: string; optional: string; maxLength?: number }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        <span className="pages-optional"> {optional}</span>
      </label>
      <textarea id={id} name={name} rows={4} maxLength={maxLength} />
    </div>
  );
}

/** `{key}` in a content text replaced by its value (texts filled in the browser). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
