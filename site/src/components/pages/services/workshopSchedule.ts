import type { WorkshopOffering, WorkshopSession } from '../../../build/catalog';

// ISO dates order as plain text; localeCompare would load ICU's collator while the page hydrates.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** "6 spots left"; nothing for an event without a capacity. */
export function availabilityText(spotsLeft: number | null, suffix: string): string {
  return spotsLeft === null ? '' : `${spotsLeft} ${suffix}`;
}

/** "1.5 hours", "3 hours" */
export function durationText(hours: number, unit: string): string {
  return `${hours} ${unit}`;
}

/**
 * Each offering's next session: its earliest row of the schedule (ISO dates sort as text).
 * The schedule is the only place dates are written, so a card never disagrees with the table.
 */
export function nextSessions(schedule: readonly WorkshopSession[]): Map<string, WorkshopSession> {
  const next = new Map<string, WorkshopSession>();
  const sorted = [...schedule].sort((a, b) => compareText(a.date, b.date));
  for (const session of sorted) {
    if (!next.has(session.workshop)) next.set(session.workshop, session);
  }
  return next;
}

/** The schedule's rows with the workshop's title instead of its id, in date order. */
export function scheduleRows(offerings: readonly WorkshopOffering[], schedule: readonly WorkshopSession[]) {
  const titles = new Map(offerings.map((offering) => [offering.id, offering.title]));
  return [...schedule]
    .sort((a, b) => compareText(a.date, b.date))
    .map((session) => {
      const title = titles.get(session.workshop);
      if (!title) throw new Error(`Schedule row ${session.date} names unknown workshop "${session.workshop}"`);
      return { ...session, title };
    });
}
