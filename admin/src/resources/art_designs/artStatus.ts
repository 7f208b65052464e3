import type { Choice } from '../../crud/declaration';

/** The states of a design (buzz_haven.art_designs.status) as staff read them. */
export const ART_STATUSES: Choice[] = [
  { id: 'pending', name: 'Pending', colour: 'amber' },
  { id: 'approved', name: 'On the ballot', colour: 'blue' },
  { id: 'declined', name: 'Declined', colour: 'red' },
  { id: 'to_print', name: 'To print', colour: 'green' },
  { id: 'printed', name: 'Printed', colour: 'green' },
  { id: 'installed', name: 'Installed', colour: 'grey' },
];

export const statusName = (status: string): string => ART_STATUSES.find((s) => s.id === status)?.name ?? status;

/** This month and the next five as 'YYYY-MM-01' with their names: the months a design may be approved for. */
export function ballotMonths(now = new Date()): { id: string; name: string }[] {
  return Array.from({ length: 6 }, (_, i) => {
    const d = new Date(Date.UTC(now.getFullYear(), now.getMonth() + i, 1));
    return {
      id: d.toISOString().slice(0, 10),
      name: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d),
    };
  });
}
