/** Words whose usual spelling is not a capitalised word. */
const SPECIAL: Record<string, string> = { cta: 'CTA', ctas: 'CTAs', seo: 'SEO', url: 'URL', faq: 'FAQ', id: 'ID', ids: 'IDs' };

/**
 * A field's label from its key: camelCase, snake_case and kebab-case become words, the first one
 * capitalised ('imageAlt' -> 'Image alt', 'giftMonths' -> 'Gift months', 'ctas' -> 'CTAs').
 */
export function labelFromKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => SPECIAL[w.toLowerCase()] ?? w.toLowerCase());
  if (words.length === 0) return '';
  const [first, ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}
