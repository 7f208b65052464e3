/**
 * Which public events belong to a workshop offering (pure, unit-tested). The database's events
 * carry `offering` (the offering's id) once that column exists; before, the event's title is
 * matched against the offering's title ("Beekeeping Basics Workshop" is Beekeeping Basics), as it
 * still is for an event whose offering was left empty.
 */
export interface WorkshopEvent {
  id: string;
  title: string;
  start_time: string;
  end_time?: string | null;
  location?: string | null;
  price?: number | null;
  capacity: number | null;
  spots_left: number | null;
  waitlist_count?: number | null;
  offering?: string | null;
}

const normalise = (text: string) =>
  text.toLowerCase().replace(/[’']/g, '').replace(/[^a-z0-9]+/g, ' ').trim();

export function eventsOfOffering(events: WorkshopEvent[], offering: { id: string; title: string }): WorkshopEvent[] {
  return events.filter((event) => {
    if (event.offering) return event.offering === offering.id;
    return normalise(event.title).startsWith(normalise(offering.title));
  });
}

/** "7, 10" -> [7, 10]; anything that is not a whole number is kept as NaN for the server to refuse. */
export function parseAges(text: string): number[] {
  return text
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((part) => (/^\d{1,2}$/.test(part) ? Number(part) : Number.NaN));
}

/** Whether `places` fit on the event (null capacity: no limit). */
export const placesFit = (event: WorkshopEvent, places: number) => event.spots_left === null || places <= event.spots_left;
