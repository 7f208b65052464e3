/**
 * One field's react-admin input, by kind. Labels come from the i18n catalogue (generated from the
 * declaration); the rules from the zod schema (fieldSchema.ts), so an input only adds hints.
 */
import {
  BooleanInput, DateInput, DateTimeInput, NumberInput, ReferenceInput, SelectInput, TextInput,
} from 'react-admin';
import type { FieldDeclaration } from '../resources/types';
import { ImageUrlInput } from '../common/ImageUrlInput';
import { declarationOf } from '../resources';

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
    case 'reference': {
      // The choices in the order of what names them (a hive's name).
      const by = declarationOf(field.reference!).recordRepresentation ?? 'id';
      return (
        <ReferenceInput source={source} reference={field.reference!} sort={{ field: by, order: 'ASC' }} perPage={100}>
          <SelectInput fullWidth isRequired={Boolean(field.required)} helperText={helperText} />
        </ReferenceInput>
      );
    }
    default:
      return <TextInput {...common} />;
  }
}
