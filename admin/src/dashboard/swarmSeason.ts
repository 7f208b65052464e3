/**
 * The swarm hotline's season: in season the dashboard shows the open swarm reports first. Its one
 * home is the published content document catalog/swarm (`hotlineSeason`, 'April-September'),
 * which staff edit in Content and the site and the e-mails quote; the dashboard reads it from the
 * database (useSwarmSeason.ts), not from a copy.
 */
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** 'April-September' -> [3, 8] (0-based months, inclusive; a range may wrap the year end). */
export function seasonRange(season: string): [number, number] {
  const [from, to] = season.toLowerCase().split('-').map((m) => MONTHS.indexOf(m.trim()));
  if (from < 0 || to < 0 || from === undefined || to === undefined) throw new Error(`Unknown season "${season}"`);
  return [from, to];
}

/** Whether `date` falls in `season`; an unknown or unreadable season is never in season. */
export function inSwarmSeason(date: Date, season: string | null | undefined): boolean {
  if (!season) return false;
  let range: [number, number];
  try {
    range = seasonRange(season);
  } catch {
    return false;
  }
  const [from, to] = range;
  const month = date.getMonth();
  return from <= to ? month >= from && month <= to : month >= from || month <= to;
}
