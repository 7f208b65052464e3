import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SWARM_SEASON, inSwarmSeason, seasonRange } from './swarmSeason';

test('the season is the one content/catalog/swarm.yaml states', () => {
  const yaml = readFileSync(join(__dirname, '../../../content/catalog/swarm.yaml'), 'utf8');
  expect(yaml).toMatch(new RegExp(`^hotlineSeason: ${SWARM_SEASON}$`, 'm'));
  expect(seasonRange(SWARM_SEASON)).toEqual([3, 8]);
});

test.each([
  [new Date(2026, 2, 31), false], [new Date(2026, 3, 1), true], [new Date(2026, 8, 30), true], [new Date(2026, 9, 1), false],
])('%s in season: %s', (date, expected) => {
  expect(inSwarmSeason(date)).toBe(expected);
});

test('a season may wrap the year end', () => {
  expect(inSwarmSeason(new Date(2026, 0, 10), 'November-February')).toBe(true);
  expect(inSwarmSeason(new Date(2026, 5, 10), 'November-February')).toBe(false);
});
