/**
 * The create/edit form generated from a declaration: one input per form field, validated by the
 * schema derived from the same fields (fieldSchema.ts), so rules and messages have one home.
 */
import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { SaveButton, SimpleForm, Toolbar } from 'react-admin';
import type { ResourceDeclaration } from './declaration';
import { FieldInput } from './FieldInput';
import { schemaFor } from './fieldSchema';
import { DeleteRecordButton } from './DeleteRecordButton';

/** Save is enabled on an untouched create form too: pressing it shows what is required. */
const FormToolbar = ({ mode, deletable }: { mode: 'create' | 'edit'; deletable: boolean }) => (
  // On phones react-admin pins the toolbar to the bottom, under the navigation button: keep it in the flow.
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, '&.RaToolbar-mobileToolbar': { position: 'static' } }}>
    <SaveButton alwaysEnable={mode === 'create' ? true : undefined} />
    {deletable ? <DeleteRecordButton /> : null}
  </Toolbar>
);

/**
 * When the record is read again while the form is open (the edit page opens on the detail page's
 * copy and reads it anew), the fields the user changed keep what was typed; the others follow.
 * One object: the form resets whenever this option changes.
 */
const KEEP_TYPED = { keepDirtyValues: true } as const;

export function GeneratedForm({ declaration, mode }: { declaration: ResourceDeclaration; mode: 'create' | 'edit' }) {
  const resolver = useMemo(
    () => zodResolver((declaration.schema ?? schemaFor(declaration)) as never) as unknown as Resolver<FieldValues>,
    [declaration],
  );
  const defaults = useMemo(
    () => Object.fromEntries(declaration.fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.source, f.defaultValue])),
    [declaration],
  );
  return (
    <SimpleForm
      resolver={resolver}
      defaultValues={mode === 'create' ? defaults : undefined}
      resetOptions={KEEP_TYPED}
      toolbar={<FormToolbar mode={mode} deletable={mode === 'edit' && Boolean(declaration.rpc.delete)} />}
      sx={{ maxWidth: 720 }}
    >
      {declaration.fields.filter((f) => f.form !== false).map((field) => <FieldInput key={field.source} field={field} />)}
    </SimpleForm>
  );
}
