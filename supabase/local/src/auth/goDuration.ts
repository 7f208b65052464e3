/** Go's time.ParseDuration, as GoTrue reads `ban_duration` (api/admin.ts). */
const DURATION_UNITS_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go's time.ParseDuration ("300ms", "-1.5h", "2h45m"), in milliseconds; null when malformed. */
export function parseGoDuration(text: string): number | null {
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') return null;
  let total = 0;
  while (rest) {
    const part = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/.exec(rest);
    if (!part) return null;
    total += Number(part[1]) * DURATION_UNITS_MS[part[2]!]!;
    rest = rest.slice(part[0].length);
  }
  return sign * total;
}
