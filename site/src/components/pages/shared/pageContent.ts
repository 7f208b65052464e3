/** Reading a page's content from its page query. */

/** The value, or a build failure naming the content file when it is missing or empty. */
export function required<T>(value: T | null, file: string): T {
  if (!value) throw new Error(`content/${file} is missing or empty`);
  return value;
}

/**
 * A page's content as its page query returned it. The {{group.key}} placeholders are already
 * filled at build time (src/build/placeholderResolvers.ts, wired in gatsby-node.ts), so there is nothing
 * left to compute in the browser: no hook, no catalogue, no work while the page hydrates.
 */
export function pageContent<T>(content: T | null | undefined, file: string): T {
  return required(content ?? null, file);
}
