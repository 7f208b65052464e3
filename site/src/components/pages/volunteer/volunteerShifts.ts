/** Volunteer shifts (get_buzz_haven_volunteer_shifts) and the sign-up request. */
import type { Locale } from '../../../../../supabase/functions/_shared/content-schema/locales.ts';
import { SITE_WORDS } from '../../../lib/siteWords';

export const VOLUNTEER_SHIFTS_RPC = 'get_buzz_haven_volunteer_shifts';
export const VOLUNTEER_SIGNUP_RPC = 'submit_buzz_haven_volunteer_signup';

export interface VolunteerShift {
  id: string;
  title: string;
  start_time: string;
  end_time: string | null;
  location: string | null;
  description: string | null;
  capacity: number;
  places_left: number;
}

/** "Sat, Dec 12, 9:00 AM" ("sáb, 12 dic, 9:00 a.m.") in the business's time zone (Los Angeles). */
export function shiftWhen(shift: Pick<VolunteerShift, 'start_time'>, locale: Locale = 'en'): string {
  return new Date(shift.start_time).toLocaleString(SITE_WORDS[locale].dateLocale, {
    weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles',
  });
}
