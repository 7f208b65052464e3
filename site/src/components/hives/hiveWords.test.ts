import { fill, formatDay, hiveLines, joinNames } from './hiveWords';

const words = {
  label: 'Map', tilesFailed: 'No tiles', wrap: '"{title}" by {artist}', noWrap: 'Wrap coming soon',
  installed: 'Installed {date}', hostedBy: 'Hosted by {names}', adoptedBy: 'Adopted by {names}', imageAlt: 'Hive wrap "{title}" by {artist}',
};
const hive = { hiveId: 'h', name: 'Rooftop Hive', neighbourhood: 'Downtown', lat: 1, lng: 2, adopterNames: [] as string[] };

describe('the hive map words', () => {
  it('fills placeholders, leaves unknown ones', () => {
    expect(fill('{a} and {b}', { a: 'x' })).toBe('x and {b}');
  });
  it('formats the day the same everywhere and joins names', () => {
    expect(formatDay('2026-11-20')).toBe('November 20, 2026');
    expect([[], ['Ada'], ['Ada', 'Grace'], ['Ada', 'Grace', 'Lin']].map((names) => joinNames(names))).toEqual(['', 'Ada', 'Ada and Grace', 'Ada, Grace and Lin']);
  });
  it('writes the day and joins names in Spanish on a Spanish page', () => {
    expect(formatDay('2026-11-20', 'es')).toBe('20 de noviembre de 2026');
    expect(joinNames(['Ada', 'Grace', 'Lin'], 'es')).toBe('Ada, Grace y Lin');
  });
  it('a hive without a wrap or names says so and shows no name lines', () => {
    expect(hiveLines(hive, words)).toEqual({ wrap: 'Wrap coming soon', installed: null, imageAlt: '', host: null, adopters: null });
  });
  it('a wrapped hive whose host opted in', () => {
    expect(hiveLines({ ...hive, wrapTitle: 'Poppies', wrapArtist: 'Lena', wrapInstalledOn: '2026-11-20', hostName: 'The Okafors', adopterNames: ['Ada', 'Grace'] }, words))
      .toEqual({
        wrap: '"Poppies" by Lena', installed: 'Installed November 20, 2026', imageAlt: 'Hive wrap "Poppies" by Lena',
        host: 'Hosted by The Okafors', adopters: 'Adopted by Ada and Grace',
      });
  });
});
