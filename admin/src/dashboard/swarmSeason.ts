/**
 * The swarm hotline's season, as content/catalog/swarm.yaml states it (`hotlineSeason`; a unit
 * test holds the two together): in season the dashboard shows the open swarm reports first.
 */
export const SWARM_SEASON = 'April-September';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** 'April-September' -> [3, 8] (0-based months, inclusive; a range may wrap the year end). */
export function seasonRange(season: string): [number, number] {
  const [from, to] = season.toLowerCase().split('-').map((m) => MONTHS.indexOf(m.trim()));
  if (from < 0 || to < 0) throw new Error(`Unknown season "${season}"`);
  return [from, to];
}

export function inSwarmSeason(date: Date = new Date(), season = SWARM_SEASON): boolean {
  const [from, to] = seasonRange(season);
  const month = date.getMonth();
  return from <= to ? month >= from && month <= to : month >= from || month <= to;
}
