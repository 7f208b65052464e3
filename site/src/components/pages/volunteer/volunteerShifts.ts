/** Volunteer shifts (get_buzz_haven_volunteer_shifts) and the sign-up request. */
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

/** "Sat, Dec 12, 9:00 AM" in the business's time zone (Los Angeles). */
export function shiftWhen(shift: Pick<VolunteerShift, 'start_time'>): string {
  return new Date(shift.start_time).toLocaleString('en-US', {
    weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles',
  });
}
