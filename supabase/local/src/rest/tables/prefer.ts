/**
 * The `Prefer` header of a table request (PostgREST `ApiRequest/Preferences.hs`; docs
 * references/api/preferences.rst): return=minimal|headers-only|representation,
 * count=exact|planned|estimated, resolution=merge-duplicates|ignore-duplicates, missing=default,
 * handling=strict|lenient, max-affected=n. Unknown values are ignored (lenient handling).
 */
export interface Preferences {
  return: 'minimal' | 'headers-only' | 'representation' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  strict: boolean;
  maxAffected: number | null;
}

export function parsePrefer(header: string | undefined): Preferences {
  const out: Preferences = { return: null, count: null, resolution: null, missingDefault: false, strict: false, maxAffected: null };
  for (const token of (header ?? '').split(',').map((t) => t.trim())) {
    const [key, value = ''] = token.split('=').map((s) => s.trim());
    if (key === 'return' && (value === 'minimal' || value === 'headers-only' || value === 'representation')) out.return = value;
    else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) out.count = value;
    else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) out.resolution = value;
    else if (key === 'missing' && value === 'default') out.missingDefault = true;
    else if (key === 'handling') out.strict = value === 'strict';
    else if (key === 'max-affected' && /^\d+$/.test(value)) out.maxAffected = Number(value);
  }
  return out;
}

/** The `Preference-Applied` header: the preferences this request honoured. */
export function applied(p: Preferences, mutation: boolean): string {
  const parts: string[] = [];
  if (mutation && p.return) parts.push(`return=${p.return}`);
  if (p.count) parts.push(`count=${p.count}`);
  if (mutation && p.resolution) parts.push(`resolution=${p.resolution}`);
  if (mutation && p.missingDefault) parts.push('missing=default');
  if (p.strict) parts.push('handling=strict');
  if (p.strict && p.maxAffected !== null) parts.push(`max-affected=${p.maxAffected}`);
  return parts.join(', ');
}
