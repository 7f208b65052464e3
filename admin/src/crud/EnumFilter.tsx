import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useListContext } from 'react-admin';
import type { Choice, FieldDeclaration } from './declaration';
import { useKeyedChoices } from './useKeyedChoices';

/**
 * A declared enum as a list filter (`listOptions.filters`): 'All' or one value, sent to the
 * server as `<field>=eq.<value>`; paging starts again at page 1. A reference by key (a tier's
 * slug) filters the same way over the referenced rows (ReferenceFilter).
 */
export function EnumFilter({ field, choices = field.choices }: { field: FieldDeclaration; choices?: Choice[] }) {
  const { filterValues, setFilters } = useListContext();
  const value = String(filterValues?.[field.source] ?? '');
  return (
    <TextField
      select
      size="small"
      label={field.label}
      value={value}
      // The focused label in the theme's amber fails contrast on the toolbar's tint (axe): keep it dark.
      sx={{ minWidth: 180, '& .MuiInputLabel-root.Mui-focused': { color: 'text.primary' } }}
      onChange={(e) => setFilters({ ...filterValues, [field.source]: e.target.value || undefined }, {})}
    >
      <MenuItem value="">All</MenuItem>
      {(choices ?? []).map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
    </TextField>
  );
}

/** A reference by key as a list filter: 'All' or one of the referenced rows, by name. */
export function ReferenceFilter({ field }: { field: FieldDeclaration }) {
  return <EnumFilter field={field} choices={useKeyedChoices(field) ?? []} />;
}
