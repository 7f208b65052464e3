/**
 * What a cancellation did to the waitlist: the registrations that were waitlisted before and are
 * confirmed after (buzz_haven.promote_waitlist confirms, in order, those whose places fit).
 */
export interface RegistrationRow {
  id: string;
  name: string;
  places: number;
  status: string;
  position?: number | null;
}

export function promotedBetween(before: RegistrationRow[], after: RegistrationRow[]): RegistrationRow[] {
  const waiting = new Set(before.filter((r) => r.status === 'waitlisted').map((r) => r.id));
  return after.filter((r) => waiting.has(r.id) && r.status === 'confirmed');
}

const placesText = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;

/** The panel's message after a cancellation. */
export function cancellationMessage(cancelled: RegistrationRow, promoted: RegistrationRow[], stillWaiting: number): string {
  const head = `Registration of ${cancelled.name} cancelled.`;
  if (promoted.length) {
    return `${head} Moved up from the waitlist: ${promoted.map((r) => `${r.name} (${placesText(r.places)})`).join(', ')}.`;
  }
  return stillWaiting ? `${head} Nobody on the waitlist fits the places freed.` : `${head} The waitlist is empty.`;
}

/** Places taken (confirmed or attended) and the waitlist's length. */
export function placesSummary(rows: RegistrationRow[]) {
  const taken = rows.filter((r) => r.status === 'confirmed' || r.status === 'attended').reduce((n, r) => n + r.places, 0);
  return { taken, waitlisted: rows.filter((r) => r.status === 'waitlisted').length };
}
