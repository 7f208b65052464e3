/** A honey batch's path on the site and its words with the batch's values ({code}, {season}...). */

/** A batch's page: /honey/<code>. Codes are [A-Z0-9-] only (checked in the database). */
export const honeyBatchPath = (code: string) => `/honey/${code}`;

/** "Batch {code}" with the batch's values; an unknown {name} is left as written. */
export function fillBatchText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
