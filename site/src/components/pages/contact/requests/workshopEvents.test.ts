import { eventsOfOffering, parseAges, placesFit, type WorkshopEvent } from './workshopEvents';

const event = (title: string, extra: Partial<WorkshopEvent> = {}): WorkshopEvent => ({
  id: title, title, start_time: '2030-01-01T18:00:00Z', capacity: 6, spots_left: 6, ...extra,
});
const basics = { id: 'beekeeping-basics', title: 'Beekeeping Basics' };
const children = { id: 'childrens-bee-discovery', title: "Children's Bee Discovery" };

describe('eventsOfOffering', () => {
  it('matches by title while events have no offering column', () => {
    const events = [event('Beekeeping Basics Workshop'), event("Children’s Bee Discovery"), event('Artistic Hive Design')];
    expect(eventsOfOffering(events, basics).map((e) => e.title)).toEqual(['Beekeeping Basics Workshop']);
    expect(eventsOfOffering(events, children).map((e) => e.title)).toEqual(['Children’s Bee Discovery']);
  });

  it('matches by offering id once the column exists, whatever the title; by title when it is empty', () => {
    const events = [
      event('Basics, spring session', { offering: 'beekeeping-basics' }),
      event('Beekeeping Basics Workshop', { offering: null }),
      event('Beekeeping Basics for teachers', { offering: 'artistic-hive-design' }),
    ];
    expect(eventsOfOffering(events, basics).map((e) => e.title)).toEqual(['Basics, spring session', 'Beekeeping Basics Workshop']);
  });
});

describe('ages and places', () => {
  it('reads ages separated by commas or spaces', () => {
    expect(parseAges('7, 10')).toEqual([7, 10]);
    expect(parseAges('5 12')).toEqual([5, 12]);
    expect(parseAges('seven')).toEqual([Number.NaN]);
  });

  it('knows whether places fit', () => {
    expect(placesFit(event('x', { spots_left: 2 }), 2)).toBe(true);
    expect(placesFit(event('x', { spots_left: 2 }), 3)).toBe(false);
    expect(placesFit(event('x', { spots_left: null, capacity: null }), 9)).toBe(true);
  });
});
