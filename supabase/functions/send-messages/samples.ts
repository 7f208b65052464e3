/**
 * Sample data for previews of the 'messages' document (admin/src/resources/content/MessagesPreview.tsx):
 * one made-up outbox `data` in the shape the SQL triggers freeze (every placeholder group of
 * supabase/functions/_shared/content-schema/messages.ts, so every placeholder of every kind has a value), and a sample
 * business. Formatted by the sender's own placeholderValues (values.ts), so dates, money and
 * labels read as in a real message. Not wording: none of it is ever sent.
 */
import type { Business, Data } from './values.ts';

const ORDER_ID = '00000000-0000-4000-8000-00000000a001';

export const SAMPLE_DATA: Data = {
  customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
  staff: { name: 'Sam Keeper' },
  order: {
    id: ORDER_ID, number: 'BH-1042', delivery: 'standard', subtotal: 4000, shipping: 800, total: 4800,
    address: '1 Comb Street, Berkeley, CA 94704',
    lines: [{ name: 'Wildflower Honey, 12 oz', quantity: 2, unit_price: 2000, line_total: 4000 }],
  },
  report: {
    id: '00000000-0000-4000-8000-00000000a002', location: 'The oak tree at 12 Elm Street', formed_when: 'under_24h',
    size: 'football', height: 'reachable', in_structure: false, qualifies: true, name: 'Rey Reporter',
    phone: '(510) 555-0100', email: 'rey@example.com', notes: 'On a low branch', photo_url: 'https://example.com/swarm.jpg',
  },
  event: {
    id: '00000000-0000-4000-8000-00000000a003', title: 'Beekeeping Basics', location: 'The Apiary',
    start_time: '2026-05-02T17:00:00Z', end_time: '2026-05-02T19:00:00Z',
  },
  registration: { id: '00000000-0000-4000-8000-00000000a004', places: 2, position: 3, status: 'confirmed' },
  adoption: { id: '00000000-0000-4000-8000-00000000a005', tier: 'hive-guardian', plan: 'gift-6', monthly_price: 3500,
    recipient_name: 'Grace Hopper', hive: 'Hive 7, the Orchard', paid_until: '2026-11-02T17:00:00Z',
    manage_token: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef' },
  newsletter: { token: '00000000-0000-4000-8000-00000000a006' },
  art: { id: '00000000-0000-4000-8000-00000000a007', title: 'Clover Dance', artist: 'Ana Artist', month: '2026-05-01',
    reason: 'The bees are hard to see at hive size', upload_token: '00000000-0000-4000-8000-00000000a008',
    vote_token: '00000000-0000-4000-8000-00000000a009' },
  visit: { id: '00000000-0000-4000-8000-00000000a00a', hive: 'Hive 7, the Orchard', date: '2026-05-02',
    note: 'Eight frames of bees, a laying queen and the first capped honey of the year.',
    // no photo: the preview runs under the back office's CSP, which loads no other site's picture
    photo_url: null, stop_token: '00000000-0000-4000-8000-00000000a00b' },
  digest: {
    since: '2026-05-01T15:00:00Z', until: '2026-05-02T15:00:00Z', order_count: 1, registration_count: 1,
    orders: [{ id: ORDER_ID, number: 'BH-1042', customer_name: 'Ada Lovelace', total: 4800, delivery: 'standard' }],
    registrations: [{ id: '00000000-0000-4000-8000-00000000a004', name: 'Ada Lovelace', places: 2, status: 'confirmed',
      event_title: 'Beekeeping Basics', event_start: '2026-05-02T17:00:00Z' }],
  },
};

/**
 * A sample business for a preview: `site` and `swarm` are the draft documents when the caller has
 * them (their contact and swarm rules), otherwise these.
 */
export function sampleBusiness(over: Partial<Business> = {}): Business {
  return {
    site: { brand: { name: 'Buzz Haven' }, contact: { area: 'East Hills, California', phone: '(510) 555-0147', email: 'hello@buzzhaven.org', hours: 'Monday-Friday 9am-5pm' } },
    swarm: { hotline: '(510) 555-0192', responseHours: 3, hotlineSeason: 'April-September', hotlineDays: 'every day' },
    tiers: [{ id: 'hive-guardian', name: 'Hive Guardian' }],
    siteUrl: 'https://buzzhaven.example',
    functionsUrl: 'https://buzzhaven.example/functions/v1',
    ...over,
  };
}
