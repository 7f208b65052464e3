/**
 * Formats a catalogue price in US dollars: whole amounts without cents ("$20"), others with
 * two decimals ("$5.95"), thousands grouped ("$1,250"). `formatCents` takes the cents the
 * database and the price tables count (shipping rates, adoption tiers: 20251125003000_…);
 * `formatPrice` the dollars the shop's product nodes still hold (src/build/siteNodes.ts).
 *
 * Written out rather than `toLocaleString('en-US', { style: 'currency' })`: the first Intl call
 * on a page loads ICU's locale data, about 15 ms of main-thread time while the page hydrates
 * (measured with `node scripts/bench-site-profile.mjs /`), for a format that never changes.
 */
const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

export function formatPrice(dollars: number): string {
  // Rounded from the decimal digits as written (9.995 -> 10.00), as Intl does, not from the binary value.
  const cents = Math.round(Number(`${Math.abs(dollars)}e2`));
  const whole = String(Math.floor(cents / 100)).replace(GROUPS, ',');
  const fraction = Number.isInteger(dollars) ? '' : `.${String(cents % 100).padStart(2, '0')}`;
  return `${dollars < 0 ? '-' : ''}$${whole}${fraction}`;
}

/** The same format from whole cents (595 -> "$5.95", 2000 -> "$20"). */
export function formatCents(cents: number): string {
  const amount = Math.round(Math.abs(cents));
  const whole = String(Math.floor(amount / 100)).replace(GROUPS, ',');
  const fraction = amount % 100 === 0 ? '' : `.${String(amount % 100).padStart(2, '0')}`;
  return `${cents < 0 ? '-' : ''}$${whole}${fraction}`;
}
