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
  id, name, label, value, onChange, required, optionalLabel, type = 'text', autoComplete, multiline, hint, inputProps,
}: Common & {
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
  /** A line under the field that describes it (e.g. "Two letters, for example CA."). */
  hint?: string;
  /** More attributes of the input (pattern, maxLength, min, max, inputMode...). */
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const shared = {
    id, name, value, required, 'aria-describedby': hintId,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
  };
  return (
    <div className="field">
      <Label id={id} label={label} required={required} optionalLabel={optionalLabel} />
      {multiline ? <textarea rows={6} {...shared} /> : <input type={type} autoComplete={autoComplete} {...inputProps} {...shared} />}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A select whose first option is an empty placeholder (so `required` forces a real choice). */
export function SelectField({
  id, name, label, value, onChange, required, optionalLabel, options, placeholder,
}: Common & { options: ReadonlyArray<string | { value: string; label: string }>; placeholder: string }) {
  return (
    <div className="field">
      <Label id={id} label={label} required={required} optionalLabel={optionalLabel} />
      <select id={id} name={name} value={value} required={required} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </select>
    </div>
  );
}
