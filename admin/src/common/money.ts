const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents -> en-US dollars: 2000 -> "$20.00". Missing values show as "$0.00". */
export function formatCents(cents: number | string | null | undefined): string {
  const value = Number(cents ?? 0);
  return usd.format(Number.isFinite(value) ? value / 100 : 0);
}
