/**
 * Which relationship an embed names, as PostgREST's `Plan.hs` `findRel` chooses it: the target
 * may be a table, a foreign key's name, or a single foreign-key column; a `!hint` narrows it to a
 * foreign key (by name or column) or a join table. None: 400 PGRST200; several: 300 PGRST201,
 * with the `details` and `hint` of PostgREST's `Error.hs` (`compressedRel`, `relHint`).
 */
import { RestError } from '../errors.js';
import type { ComputedFn, ForeignKey, SchemaCache } from './catalog.js';

export type Relationship =
  /** The source holds `fk` (many-to-one, or one-to-one when the fk is the source's key). */
  | { card: 'm2o' | 'o2o'; source: string; target: string; fk: ForeignKey; forward: true }
  /** The target holds `fk` pointing at the source. */
  | { card: 'o2m' | 'o2o'; source: string; target: string; fk: ForeignKey; forward: false }
  | { card: 'm2m'; source: string; target: string; junction: string; fkSource: ForeignKey; fkTarget: ForeignKey }
  | { card: 'computed'; source: string; target: string; fn: ComputedFn };

export const toOne = (r: Relationship): boolean =>
  r.card === 'm2o' || r.card === 'o2o' || (r.card === 'computed' && !r.fn.returnsSet);

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const within = (a: string[], b: string[]) => a.every((x) => b.includes(x));

/** Every relationship leaving `source`, PostgREST's relationship list for that table. */
export function relationshipsOf(cache: SchemaCache, source: string): Relationship[] {
  const out: Relationship[] = [];
  const local = cache.fks.filter((fk) => fk.refSchema === cache.schema);
  const pk = (t: string) => cache.tables.get(t)?.pk ?? [];
  for (const fk of local) {
    if (fk.table === source) {
      out.push({ card: sameSet(fk.columns, pk(source)) ? 'o2o' : 'm2o', source, target: fk.refTable, fk, forward: true });
    }
    if (fk.refTable === source) {
      out.push({ card: sameSet(fk.columns, pk(fk.table)) ? 'o2o' : 'o2m', source, target: fk.table, fk, forward: false });
    }
  }
  for (const fkSource of local.filter((fk) => fk.refTable === source)) {
    const junctionPk = pk(fkSource.table);
    if (!within(fkSource.columns, junctionPk)) continue;
    for (const fkTarget of local) {
      if (fkTarget === fkSource || fkTarget.table !== fkSource.table || !within(fkTarget.columns, junctionPk)) continue;
      out.push({ card: 'm2m', source, target: fkTarget.refTable, junction: fkSource.table, fkSource, fkTarget });
    }
  }
  for (const fn of cache.computed) {
    if (fn.table === source && fn.returnsTable) out.push({ card: 'computed', source, target: fn.returnsTable, fn });
  }
  return out;
}

function matches(r: Relationship, name: string, hint: string | null): boolean {
  if (r.card === 'computed') return r.fn.name === name && hint === null;
  if (r.card === 'm2m') return r.target === name && (hint === null || hint === r.junction || hint === r.fkSource.name || hint === r.fkTarget.name);
  const fk = r.fk;
  const single = (cols: string[], x: string | null) => cols.length === 1 && cols[0] === x;
  const ownCols = r.forward ? fk.columns : fk.refColumns;
  const otherCols = r.forward ? fk.refColumns : fk.columns;
  // A foreign key's name or column names the tables' own relationship, not its copies on views.
  const named = r.target === name || (!fk.viaView && (fk.name === name || (r.forward && single(fk.columns, name))));
  return named && (hint === null || fk.name === hint || single(ownCols, hint) || single(otherCols, hint));
}

const cardinality = { m2o: 'many-to-one', o2o: 'one-to-one', o2m: 'one-to-many', m2m: 'many-to-many', computed: '' };
const cols = (c: string[]) => `(${c.join(', ')})`;

function describe(r: Relationship) {
  const base = { embedding: `${r.source} with ${r.target}`, cardinality: cardinality[r.card] };
  if (r.card === 'computed') return {};
  if (r.card === 'm2m') {
    return { ...base, relationship: `${r.junction} using ${r.fkSource.name}${cols(r.fkSource.columns)} and ${r.fkTarget.name}${cols(r.fkTarget.columns)}` };
  }
  const [own, other] = r.forward ? [r.fk.columns, r.fk.refColumns] : [r.fk.refColumns, r.fk.columns];
  return { ...base, relationship: `${r.fk.name} using ${r.source}${cols(own)} and ${r.target}${cols(other)}` };
}

export function findRelationship(cache: SchemaCache, source: string, name: string, hint: string | null): Relationship {
  const found = relationshipsOf(cache, source).filter((r) => matches(r, name, hint));
  if (found.length === 1) return found[0]!;
  // A table embedding itself by name means its children (the one-to-many side), as PostgREST resolves
  // `collections(*)` on `collections` with a self-referencing foreign key.
  const children = name === source && hint === null ? found.filter((r) => r.card === 'o2m') : [];
  if (children.length === 1) return children[0]!;
  if (found.length === 0) {
    throw new RestError(400, 'PGRST200', `Could not find a relationship between '${source}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${source}' and '${name}'${hint === null ? '' : ` using the hint '${hint}'`} in the schema '${cache.schema}', but no matches were found.`);
  }
  const hints = found.map((r) => `'${r.target}!${r.card === 'm2m' ? r.junction : r.card === 'computed' ? r.fn.name : r.fk.name}'`);
  throw new RestError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${source}' and '${name}'`,
    found.map(describe) as unknown as string,
    `Try changing '${name}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`);
}
