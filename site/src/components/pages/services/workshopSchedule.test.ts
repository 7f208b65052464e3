import type { WorkshopOffering, WorkshopSession } from '../../../build/catalog';
import { availabilityText, durationText, nextSessions, scheduleRows } from './workshopSchedule';

const offering = (id: string, title: string): WorkshopOffering => ({
  id, title, durationHours: 2, price: 45, priceUnit: 'per person', audience: 'All', description: '',
});
const session = (date: string, workshop: string, spotsLeft = 5): WorkshopSession => ({
  date, dateLabel: date, workshop, time: '10:00 AM', spotsLeft, eventId: `${date}-${workshop}`,
  start: `${date}T17:00:00Z`, end: null, location: null,
});

describe('workshop schedule', () => {
  const offerings = [offering('basics', 'Beekeeping Basics'), offering('art', 'Artistic Hive Design')];
  const schedule = [session('2026-04-11', 'basics', 10), session('2026-03-21', 'art', 8), session('2026-03-14', 'basics', 6)];

  it("gives each workshop its earliest session, whatever the rows' order", () => {
    const next = nextSessions(schedule);
    expect(next.get('basics')?.date).toBe('2026-03-14');
    expect(next.get('art')?.date).toBe('2026-03-21');
    expect(next.has('children')).toBe(false);
  });

  it('lists rows in date order with the workshop title', () => {
    expect(scheduleRows(offerings, schedule).map((row) => [row.date, row.title, row.spotsLeft])).toEqual([
      ['2026-03-14', 'Beekeeping Basics', 6],
      ['2026-03-21', 'Artistic Hive Design', 8],
      ['2026-04-11', 'Beekeeping Basics', 10],
    ]);
  });

  it('fails loudly on a row naming an unknown workshop', () => {
    expect(() => scheduleRows(offerings, [session('2026-05-01', 'pottery')])).toThrow('unknown workshop "pottery"');
  });

  it('words availability and duration', () => {
    expect(availabilityText(6, 'spots left')).toBe('6 spots left');
    expect(durationText(1.5, 'hours')).toBe('1.5 hours');
  });
});
