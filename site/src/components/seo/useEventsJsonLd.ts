import { graphql, useStaticQuery } from 'gatsby';
import { localePath } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import { useCatalog } from '../../hooks/useCatalog';
import { useLocale } from '../../hooks/useLocale';
import { useSiteContent } from '../../hooks/useSiteContent';
import { useSiteMetadata } from '../../hooks/useSiteMetadata';
import { eventJsonLd } from './jsonLd';

/** Where each kind of event is listed and booked (a section of its page). */
const WORKSHOPS_AT = '/services/workshops#schedule';
const SHIFTS_AT = '/impact#volunteer';

/**
 * schema.org Event JSON-LD of the scheduled workshops (names from the catalogue in the page's
 * language, prices from the price table, availability from the spots left) and of the volunteer
 * shifts (free), as the last Publish site read them; for the Head of the pages that list them.
 */
export function useEventsJsonLd({ workshops = false, shifts = false }: { workshops?: boolean; shifts?: boolean }): object[] {
  const catalog = useCatalog();
  const locale = useLocale();
  const { siteUrl } = useSiteMetadata();
  const organizer = useSiteContent().brand.name;
  const data = useStaticQuery<Queries.VolunteerShiftEventsQuery>(graphql`
    query VolunteerShiftEvents {
      allVolunteerShift(sort: { start: ASC }) { nodes { shiftId title description start end location placesLeft } }
    }
  `);
  const url = (at: string) => `${siteUrl}${localePath(at, locale)}`;
  const events: object[] = [];
  if (workshops) {
    const offerings = new Map(catalog.workshops.offerings.map((offering) => [offering.id, offering]));
    for (const session of catalog.workshops.schedule) {
      const offering = offerings.get(session.workshop);
      if (!offering) continue;
      events.push(eventJsonLd({
        name: offering.title, description: offering.description, start: session.start, end: session.end,
        location: session.location, price: offering.price, placesLeft: session.spotsLeft, url: url(WORKSHOPS_AT), locale,
      }, organizer));
    }
  }
  if (shifts) {
    for (const shift of data.allVolunteerShift.nodes) {
      events.push(eventJsonLd({
        name: shift.title, description: shift.description, start: shift.start, end: shift.end,
        location: shift.location, price: 0, placesLeft: shift.placesLeft, url: url(SHIFTS_AT), locale,
      }, organizer));
    }
  }
  return events;
}
