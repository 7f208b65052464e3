import * as React from 'react';

interface Common {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** Shown after the label of an optional field, e.g. "(optional)". */
  optionalLabel?: string;
}

/** The label of a field: required ones carry a visual asterisk (the `required` attribute speaks). */
function Label({ id, label, required, optionalLabel }: Pick<Common, 'id' | 'label' | 'required' | 'optionalLabel'>) {
  return (
    <label htmlFor={id}>
      {label}
      {required && (
        <span className="required-mark" aria-hidden="true">
          *
        </span>
      )}
      {!required && optionalLabel && <span className="pages-optional"> {optionalLabel}</span>}
    </label>
  );
}

/** A text, e-mail, tel or multi-line field with its label. */
export function Field({
  id, name, label, value, onChange, required, optionalLabel, type = 'text', autoComplete, multiline,
}: Common & { type?: string; autoComplete?: string; multiline?: boolean }) {
  const shared = { id, name, value, required, onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value) };
  return (
    <div className="field">
      <Label id={id} label={label} required={required} optionalLabel={optionalLabel} />
      {multiline ? <textarea rows={6} {...shared} /> : <input type={type} autoComplete={autoComplete} {...shared} />}
    </div>
  );
}

/** A select whose first option is an empty placeholder (so `required` forces a real choice). */
export function SelectField({
  id, name, label, value, onChange, required, optionalLabel, options, placeholder,
}: Common & { options: readonly string[]; placeholder: string }) {
  return (
    <div className="field">
      <Label id={id} label={label} required={required} optionalLabel={optionalLabel} />
      <select id={id} name={name} value={value} required={required} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
