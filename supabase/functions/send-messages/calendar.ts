/**
 * The .ics attached to a workshop registration's e-mail (the `ics` package writes RFC 5545): the
 * event in UTC, two hours when the event has no end, its UID stable per registration so a calendar
 * that imports the file twice keeps one entry; TENTATIVE while the registration is waitlisted. Its
 * title is the workshop's in the message's language (the e-mail's {{event.title}}).
 */
import { createEvent } from 'ics';
import { eventTitle, type Business, type Data } from './values.ts';

const TWO_HOURS = 2 * 60 * 60 * 1000;

export function calendarFile(data: Data, business: Business, confirmed: boolean): string {
  const event = data.event ?? {};
  const start = Date.parse(event.start_time);
  if (!Number.isFinite(start)) throw new Error('The registration has no event start time');
  const end = typeof event.end_time === 'string' ? Date.parse(event.end_time) : start + TWO_HOURS;
  const contact = business.site.contact ?? {};
  const name = String(business.site.brand?.name ?? 'Buzz Haven');
  const { error, value } = createEvent({
    productId: 'buzz-haven/outbox',
    uid: `registration-${data.registration?.id ?? event.id}@buzz-haven.outbox`,
    title: eventTitle(event, business),
    location: event.location ? String(event.location) : undefined,
    description: `${name}, ${contact.phone ?? ''} ${contact.email ?? ''}`.trim(),
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    status: confirmed ? 'CONFIRMED' : 'TENTATIVE',
    organizer: contact.email ? { name, email: String(contact.email) } : undefined,
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be written');
  return value;
}
