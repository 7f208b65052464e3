/**
 * Formats a catalogue price in US dollars: whole amounts without cents ("$20"), others with
 * two decimals ("$5.95"). Catalogue prices are dollars; database prices are cents (use cents/100).
 */
export function formatPrice(dollars: number): string {
  const whole = Number.isInteger(dollars);
  return dollars.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}
