/**
 * The swarm report's answers and the collection criteria (content/catalog/swarm.yaml, the same
 * rule as the database's `qualifies`): football-sized or larger, formed within 48 hours, not
 * inside an enclosed structure. Pure, unit-tested.
 */
export const SWARM_RPC = 'submit_buzz_haven_swarm_report';

/** Content key -> database value of "when did it form". */
export const FORMED_WHEN = { under24h: 'under_24h', from24to48h: '24_48h', over48h: 'over_48h', unknown: 'unknown' } as const;
export const SIZES = ['smaller', 'football', 'larger'] as const;
export const HEIGHTS = ['ground', 'reachable', 'high'] as const;

export interface SwarmAnswers {
  formedWhen: string;
  size: string;
  structure: string; // 'outside' | 'inside'
}

export type Reason = 'size' | 'formedWhen' | 'structure';

/** The criteria an answered report fails; null while a question is unanswered. */
export function failedCriteria(answers: SwarmAnswers): Reason[] | null {
  if (!answers.formedWhen || !answers.size || !answers.structure) return null;
  const reasons: Reason[] = [];
  if (answers.size === 'smaller') reasons.push('size');
  if (answers.formedWhen !== 'under_24h' && answers.formedWhen !== '24_48h') reasons.push('formedWhen');
  if (answers.structure === 'inside') reasons.push('structure');
  return reasons;
}

const text = (data: FormData, key: string) => String(data.get(key) ?? '').trim();
const orNull = (value: string) => value || null;

export function swarmPayload(data: FormData) {
  return {
    p_location: text(data, 'location'),
    p_formed_when: orNull(text(data, 'formed_when')),
    p_size: orNull(text(data, 'size')),
    p_height: orNull(text(data, 'height')),
    p_in_structure: text(data, 'structure') ? text(data, 'structure') === 'inside' : null,
    p_phone: text(data, 'phone'),
    p_name: text(data, 'name'),
    p_email: orNull(text(data, 'email')),
    p_photo_url: orNull(text(data, 'photo_url')),
    p_notes: orNull(text(data, 'notes')),
    p_website: orNull(text(data, 'website')),
  };
}
