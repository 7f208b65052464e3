/**
 * The one input renderer of the back office: a field (declaration.ts's field model) as a
 * react-admin input, by kind. It serves a resource's generated form (GeneratedForm.tsx: labels from
 * the i18n catalogue generated from the declaration) and a content document's form
 * (resources/content/form/SchemaInputs.tsx, `inDocument`: the label given, no helper line, an
 * emptied optional text sent as null, compact widths). The rules come from the zod schema
 * (fieldSchema.ts, or the document's own schema), so an input only adds hints.
 */
import {
  BooleanInput, DateInput, DateTimeInput, NumberInput, ReferenceInput, SelectInput, TextInput, useResourceDefinition,
} from 'react-admin';
import type { FieldDeclaration } from './declaration';
import { ImageUrlInput } from '../media/ImageUrlInput';
import { useKeyedChoices } from './useKeyedChoices';

const keep = (value: unknown) => value;
/** An emptied optional text is null (the document schemas accept null, not ''); a required one stays ''. */
const emptyToNull = (value: unknown) => (value === '' ? null : value);
const showEmpty = (value: unknown) => (value == null ? '' : value);

export interface FieldInputProps {
  field: FieldDeclaration;
  /** Where the value is in the form (default `field.source`; relative inside a list's item). */
  source?: string;
  /** A content document's field: the label as given, no helper line, compact. */
  inDocument?: boolean;
}

export function FieldInput({ field, source = field.source, inDocument = false }: FieldInputProps) {
  const helperText = inDocument ? false : field.helperText;
  const common = {
    source, helperText, isRequired: Boolean(field.required),
    ...(inDocument ? { label: field.label } : {}),
  };
  const text = inDocument ? { parse: field.required ? keep : emptyToNull, format: showEmpty } : {};
  switch (field.kind) {
    case 'longText':
      return <TextInput {...common} {...text} fullWidth multiline minRows={inDocument ? 2 : 3} />;
    case 'image':
      // Typed by hand or chosen from the Media Library ('Choose from library').
      return <ImageUrlInput {...common} fullWidth />;
    case 'url':
      // Plain text (not type=url): our message, not the browser's, explains a bad URL.
      return <TextInput {...common} {...text} fullWidth inputProps={{ inputMode: 'url' }} />;
    case 'money':
      return <NumberInput {...common} fullWidth step={1} min={0} helperText={helperText ?? 'In cents: 2000 = $20.00'} />;
    case 'integer':
    case 'number': {
      const step = field.kind === 'integer' ? 1 : inDocument && field.decimals === undefined ? 'any' : 10 ** -(field.decimals ?? 2);
      return inDocument
        ? <NumberInput {...common} step={step} min={field.min} max={field.max} sx={{ minWidth: 160 }} />
        : <NumberInput {...common} fullWidth step={step} min={field.min} max={field.max} />;
    }
    case 'date':
      return <DateInput {...common} fullWidth />;
    case 'dateTime':
      return <DateTimeInput {...common} fullWidth />;
    case 'enum': {
      const emptyText = field.required ? undefined : '-';
      return inDocument
        ? <SelectInput {...common} choices={field.choices ?? []} emptyText={emptyText} sx={{ minWidth: 200 }} />
        : <SelectInput {...common} fullWidth choices={field.choices ?? []} emptyText={emptyText} />;
    }
    case 'boolean':
      return inDocument ? <BooleanInput {...common} /> : <BooleanInput source={source} helperText={helperText} />;
    case 'reference':
      return field.referenceKey ? <KeyedReferenceSelect field={field} /> : <ReferenceSelect field={field} />;
    default:
      return <TextInput {...common} {...text} fullWidth />;
  }
}

/** A reference's choices, in the order of what names them (a hive's name: the target's recordRepresentation). */
function ReferenceSelect({ field }: { field: FieldDeclaration }) {
  const { recordRepresentation } = useResourceDefinition({ resource: field.reference! });
  const by = typeof recordRepresentation === 'string' ? recordRepresentation : 'id';
  return (
    <ReferenceInput source={field.source} reference={field.reference!} sort={{ field: by, order: 'ASC' }} perPage={100}>
      <SelectInput fullWidth isRequired={Boolean(field.required)} helperText={field.helperText} />
    </ReferenceInput>
  );
}

/** A reference by key (an event's workshop offering, by slug): the referenced rows, by their names. */
function KeyedReferenceSelect({ field }: { field: FieldDeclaration }) {
  const choices = useKeyedChoices(field);
  return (
    <SelectInput
      source={field.source} fullWidth choices={choices ?? []} isPending={!choices} isRequired={Boolean(field.required)}
      helperText={field.helperText} emptyText={field.required ? undefined : '-'}
    />
  );
}
