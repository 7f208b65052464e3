/**
 * 'Changes since last publish': the draft against the published document, one row per changed
 * value (a text, a number, a list item) with its path and both values. Lists are compared item
 * by item (a removed first item shows as every later item changed, as the page would read).
 * Empty values (null, undefined) are equal; a document never published is all new.
 */
export type Path = (string | number)[];
export interface DiffRow {
  path: Path;
  old: unknown;
  new: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Leaf values by path; an empty list or object is a leaf of its own. */
function leaves(value: unknown, path: Path, out: Map<string, { path: Path; value: unknown }>) {
  if (Array.isArray(value) && value.length > 0) value.forEach((item, i) => leaves(item, [...path, i], out));
  else if (isObject(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) leaves(child, [...path, key], out);
  } else if (value !== null && value !== undefined) out.set(JSON.stringify(path), { path, value });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function contentDiff(published: unknown, draft: unknown): DiffRow[] {
  const before = new Map<string, { path: Path; value: unknown }>();
  const after = new Map<string, { path: Path; value: unknown }>();
  leaves(published, [], before);
  leaves(draft, [], after);
  const rows: DiffRow[] = [];
  // Draft order first (the order of the form), then what only the published document had.
  for (const [id, { path, value }] of after) {
    const old = before.get(id)?.value;
    if (!same(old, value)) rows.push({ path, old, new: value });
  }
  for (const [id, { path, value }] of before) {
    if (!after.has(id)) rows.push({ path, old: value, new: undefined });
  }
  return rows;
}

/** 'welcome.paragraphs[2]', 'hero.ctas[0].label'. */
export function formatPath(path: Path): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}

/** A value as the diff shows it; missing values as an em dash. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '(empty text)' : value;
  if (Array.isArray(value) && value.length === 0) return '(empty list)';
  if (isObject(value) && Object.keys(value).length === 0) return '(empty)';
  return JSON.stringify(value);
}
