/**
 * One field's value as the lists and detail pages show it, by kind: money as en-US dollars from
 * cents, dates as the local day, instants as local date plus hour and minute, enums (and booleans
 * with choices) as coloured badges, references as the referenced record's name (by id, or by
 * `referenceKey` through useKeyedChoices), '-' when empty.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { ReferenceField } from 'react-admin';
import type { FieldDeclaration } from './declaration';
import { StatusBadge } from '../common/StatusBadge';
import { formatCents } from '../common/money';
import { formatDate, formatDateTime } from '../common/dates';
import { useKeyedChoices } from './useKeyedChoices';

const EMPTY = '-';

/**
 * A text in a table cell keeps to two lines (the whole text in its tooltip and on the detail
 * page): an order's items or a long name must not make a row eight lines tall.
 */
const twoLines = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;

/** A long text cut for a table cell; the detail page shows it whole. */
const shorten = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

export function FieldValue({ field, record, inTable }: { field: FieldDeclaration; record: Record<string, unknown>; inTable?: boolean }) {
  const value = record[field.source];
  switch (field.kind) {
    case 'money':
      return <>{value == null ? EMPTY : formatCents(value as number)}</>;
    case 'date':
      return <>{formatDate(value as string)}</>;
    case 'dateTime':
      return <>{formatDateTime(value as string)}</>;
    case 'enum':
    case 'boolean': {
      if (value == null) return <>{EMPTY}</>;
      const choice = field.choices?.find((c) => c.id === String(value));
      if (field.kind === 'boolean' && !field.choices) return <>{value ? 'Yes' : 'No'}</>;
      return <StatusBadge status={String(value)} label={choice?.name} colour={choice?.colour} />;
    }
    case 'reference':
      if (value == null) return <>{EMPTY}</>;
      return field.referenceKey
        ? <KeyedReference field={field} value={String(value)} />
        : <ReferenceField source={field.source} reference={field.reference!} link="show" />;
    case 'url':
      return value ? <Link href={String(value)} target="_blank" rel="noreferrer" sx={{ overflowWrap: 'anywhere' }}>{String(value)}</Link> : <>{EMPTY}</>;
    case 'image':
      return value ? <Box component="img" src={String(value)} alt={field.label} sx={{ maxWidth: inTable ? 64 : 240, borderRadius: 1 }} /> : <>{EMPTY}</>;
    case 'longText':
      if (value == null || value === '') return <>{EMPTY}</>;
      return inTable ? <>{shorten(String(value))}</> : <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>{String(value)}</Box>;
    default: {
      if (value == null || value === '') return <>{EMPTY}</>;
      const text = field.format ? field.format(String(value)) : String(value);
      return inTable ? <Box component="span" title={text} sx={twoLines}>{text}</Box> : <>{text}</>;
    }
  }
}

/** A value that is a referenced row's key (a tier's slug): that row's name, the key until the names load. */
function KeyedReference({ field, value }: { field: FieldDeclaration; value: string }) {
  const choice = useKeyedChoices(field)?.find((c) => c.id === value);
  return <>{choice?.name ?? value}</>;
}
