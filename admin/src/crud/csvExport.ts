/**
 * The generated lists' CSV export (`listOptions.csv`): one column per declared field, headed by
 * its label; money as dollars with two decimals (2495 -> 24.95), enums by their stored value,
 * references by id; every cell escaped by common/csv.ts (no formula runs when opened).
 */
import { downloadCSV, type RaRecord } from 'react-admin';
import type { FieldDeclaration } from './declaration';
import { csvLines } from '../common/csv';

const cellOf = (field: FieldDeclaration, value: unknown): unknown => {
  if (value == null || value === '') return '';
  if (field.kind === 'money') return (Number(value) / 100).toFixed(2);
  return value;
};

export const recordsToCsv = (fields: FieldDeclaration[], records: RaRecord[]): string =>
  csvLines([fields.map((f) => f.label), ...records.map((r) => fields.map((f) => cellOf(f, r[f.source])))]);

/** A react-admin exporter downloading `<name>.csv`. */
export const csvExporter = (fields: FieldDeclaration[], name: string) => (records: RaRecord[]) =>
  downloadCSV(recordsToCsv(fields, records), name);
