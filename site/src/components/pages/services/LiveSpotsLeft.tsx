import * as React from 'react';
import { postRpc } from '../../forms/postRpc';
import { availabilityText } from './workshopSchedule';

export interface LiveSpotsLeftProps {
  eventId: string;
  /** The number when the site was built. */
  spotsLeft: number | null;
  /** "spots left" */
  suffix: string;
}

type Availability = { id: string; spots_left: number | null }[];

// One request for every session of the page.
let current: Promise<Map<string, number | null>> | null = null;
function currentSpots(): Promise<Map<string, number | null>> {
  current ??= postRpc<Availability>('get_buzz_haven_workshop_availability', {}).then(
    (rows) => new Map(rows.map((row) => [row.id, row.spots_left])),
  );
  return current;
}

/** The live number of places left; keeps the built one when the database cannot be reached. */
export default function LiveSpotsLeft({ eventId, spotsLeft, suffix }: LiveSpotsLeftProps) {
  const [spots, setSpots] = React.useState(spotsLeft);
  React.useEffect(() => {
    let live = true;
    currentSpots().then(
      (byId) => {
        if (live && byId.has(eventId)) setSpots(byId.get(eventId) ?? null);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [eventId]);
  return <>{availabilityText(spots, suffix)}</>;
}
