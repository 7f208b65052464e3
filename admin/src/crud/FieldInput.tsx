/**
 * One field's react-admin input, by kind. Labels come from the i18n catalogue (generated from the
 * declaration); the rules from the zod schema (fieldSchema.ts), so an input only adds hints.
 */
import {
  BooleanInput, DateInput, DateTimeInput, NumberInput, ReferenceInput, SelectInput, TextInput, useResourceDefinition,
} from 'react-admin';
import type { FieldDeclaration } from './declaration';
import { ImageUrlInput } from '../media/ImageUrlInput';

export function FieldInput({ field }: { field: FieldDeclaration }) {
  const { source, helperText } = field;
  const common = { source, helperText, fullWidth: true, isRequired: Boolean(field.required) };
  switch (field.kind) {
    case 'longText':
      return <TextInput {...common} multiline minRows={3} />;
    case 'image':
      // Typed by hand or chosen from the Media Library ('Choose from library').
      return <ImageUrlInput {...common} />;
    case 'url':
      // Plain text (not type=url): our message, not the browser's, explains a bad URL.
      return <TextInput {...common} inputProps={{ inputMode: 'url' }} />;
    case 'money':
      return <NumberInput {...common} step={1} min={0} helperText={helperText ?? 'In cents: 2000 = $20.00'} />;
    case 'integer':
    case 'number':
      return <NumberInput {...common} step={field.kind === 'integer' ? 1 : 10 ** -(field.decimals ?? 2)} min={field.min} max={field.max} />;
    case 'date':
      return <DateInput {...common} />;
    case 'dateTime':
      return <DateTimeInput {...common} />;
    case 'enum':
      return <SelectInput {...common} choices={field.choices ?? []} emptyText={field.required ? undefined : '-'} />;
    case 'boolean':
      return <BooleanInput source={source} helperText={helperText} />;
    case 'reference':
      return <ReferenceSelect field={field} />;
    default:
      return <TextInput {...common} />;
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
