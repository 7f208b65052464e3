const counts = new Intl.NumberFormat('en-US');

/** A count as the dashboard shows it: en-US digit groups (20,000), like the prices of money.ts. */
export const formatCount = (n: number): string => counts.format(n);
