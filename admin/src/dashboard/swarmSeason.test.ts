import { inSwarmSeason, seasonRange } from './swarmSeason';

test('a season reads as 0-based months, inclusive', () => {
  expect(seasonRange('April-September')).toEqual([3, 8]);
  expect(() => seasonRange('Spring')).toThrow('Unknown season "Spring"');
});

test.each([
  [new Date(2026, 2, 31), false], [new Date(2026, 3, 1), true], [new Date(2026, 8, 30), true], [new Date(2026, 9, 1), false],
])('%s in season April-September: %s', (date, expected) => {
  expect(inSwarmSeason(date, 'April-September')).toBe(expected);
});

test('a season may wrap the year end', () => {
  expect(inSwarmSeason(new Date(2026, 0, 10), 'November-February')).toBe(true);
  expect(inSwarmSeason(new Date(2026, 5, 10), 'November-February')).toBe(false);
});

test('no season (not published, not loaded) or an unreadable one is never in season', () => {
  expect(inSwarmSeason(new Date(2026, 5, 10), null)).toBe(false);
  expect(inSwarmSeason(new Date(2026, 5, 10), 'whenever')).toBe(false);
});
