import type { ChoiceName } from '../../crud/declaration';
import { choicesOf } from '../../crud/tableRules';

/** The names of a design's states (buzz_haven.art_designs.status) as staff read them ('unconfirmed' is not offered). */
export const ART_STATUS_NAMES: Record<string, ChoiceName> = {
  pending: { name: 'Pending', colour: 'amber' },
  approved: { name: 'On the ballot', colour: 'blue' },
  declined: { name: 'Declined', colour: 'red' },
  to_print: { name: 'To print', colour: 'green' },
  printed: { name: 'Printed', colour: 'green' },
  installed: { name: 'Installed', colour: 'grey' },
};

/** The states in the table's order. */
export const ART_STATUSES = choicesOf('art_designs.status', ART_STATUS_NAMES);

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
