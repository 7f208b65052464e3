/**
 * The inputs of a form tree (schemaFields.ts): a group per object (a fieldset named by its
 * label), each field by the back office's one input renderer (crud/FieldInput.tsx, as a content
 * document's field), and react-admin's ArrayInput + SimpleFormIterator for lists (add, remove,
 * move up/down). Sources are relative to the nearest list item, as SimpleFormIterator expects; a
 * list of plain values uses an input with source "".
 */
import { memo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ArrayInput, SimpleFormIterator } from 'react-admin';
import { FieldInput } from '../../../crud/FieldInput';
import type { FormNode } from './schemaFields';

const itemLabel = (index: number) => `${index + 1}.`;

/**
 * react-admin shows an item's Remove / Move buttons only while the pointer hovers it
 * (visibility: hidden otherwise), which also hides them from the keyboard: always shown here.
 */
const ALWAYS_SHOWN_ACTIONS = { '& .RaSimpleFormIterator-action': { visibility: 'visible' } };

const join = (prefix: string, key: string) => (prefix && key ? `${prefix}.${key}` : prefix || key);

/**
 * Memoized: the editor around the form re-renders whenever the form's state changes (dirty, saving,
 * errors), and each input follows its own field already, so the tree need not render again then.
 */
export const SchemaInputs = memo(function SchemaInputs({ nodes, prefix = '' }: { nodes: FormNode[]; prefix?: string }) {
  return <>{nodes.map((node) => <SchemaInput key={node.key} node={node} source={join(prefix, node.key)} />)}</>;
});

/**
 * One node's input at `source`. Given as a prop (not derived inside) because SimpleFormIterator
 * reads its children's `source` props to make a new item: {} with those keys, or '' for one
 * child without a source (a list of plain values).
 */
function SchemaInput({ node, source }: { node: FormNode; source: string }) {
  switch (node.kind) {
    case 'object':
      return (
        <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 1, pb: 1, mb: 2, minWidth: 0, width: '100%' }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5, fontWeight: 600 }}>{node.label}</Typography>
          <SchemaInputs nodes={node.children} prefix={source} />
        </Box>
      );
    case 'array': {
      const { item } = node;
      return (
        <ArrayInput source={source} label={node.label} helperText={false} fullWidth>
          <SimpleFormIterator fullWidth disableClear getItemLabel={itemLabel} inline={item.kind !== 'object' && item.kind !== 'array'}
            sx={ALWAYS_SHOWN_ACTIONS}>
            {item.kind === 'object'
              ? item.children.map((child) => <SchemaInput key={child.key} node={child} source={child.key} />)
              : <SchemaInput node={item} source="" />}
          </SimpleFormIterator>
        </ArrayInput>
      );
    }
    case 'unsupported':
      return (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {node.label}: this field ({node.type}) cannot be edited in this form.
        </Typography>
      );
    default:
      return <FieldInput field={node} source={source} inDocument />;
  }
}
