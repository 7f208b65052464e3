/**
 * Prices are whole cents end to end: the products and price tables count cents, the build puts
 * them on the nodes as they are (src/build/siteNodes.ts, priceRows.ts), the cart adds them up and
 * sends them. `formatCents` shows them in US dollars: whole amounts without cents ("$20"), others
 * with two decimals ("$5.95"), thousands grouped ("$1,250"); `centsDecimal` writes the plain
 * decimal that structured data (schema.org Offer.price) takes ("12.00").
 *
 * Written out rather than `toLocaleString('en-US', { style: 'currency' })`: the first Intl call
 * on a page loads ICU's locale data, main-thread time while the page hydrates
 * (measured with `node scripts/bench-site-profile.mjs /`), for a format that never changes.
 */
const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

const parts = (cents: number) => {
  const amount = Math.round(Math.abs(cents));
  return { sign: cents < 0 ? '-' : '', whole: String(Math.floor(amount / 100)), fraction: String(amount % 100).padStart(2, '0') };
};

/** Whole cents in US dollars (595 -> "$5.95", 2000 -> "$20", 125000 -> "$1,250"). */
export function formatCents(cents: number): string {
  const { sign, whole, fraction } = parts(cents);
  return `${sign}$${whole.replace(GROUPS, ',')}${fraction === '00' ? '' : `.${fraction}`}`;
}

/** Whole cents as a plain decimal with two places (1200 -> "12.00"), as schema.org prices are written. */
export function centsDecimal(cents: number): string {
  const { sign, whole, fraction } = parts(cents);
  return `${sign}${whole}.${fraction}`;
}
