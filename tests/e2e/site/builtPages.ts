/** The pages of the assembled build (dist/), read from its files, and their languages. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const DIST = join(__dirname, '../../../dist');

/** Every built page's path (English first), from the served folder: /about for about/index.html. */
export function builtPages(): string[] {
  const paths: string[] = [];
  for (const entry of readdirSync(DIST, { recursive: true, encoding: 'utf8' })) {
    // Not pages: the admin, Gatsby's own files; the 404 pages are checked on their own.
    if (!entry.endsWith('.html') || /^(admin|static|page-data|_gatsby)\//.test(entry) || /(^|\/)404(\.html|\/)/.test(entry)) continue;
    const path = `/${entry.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
    paths.push(path === '/' ? '/' : path.replace(/\/$/, ''));
  }
  return paths.sort();
}

export const isSpanish = (path: string) => path === '/es' || path.startsWith('/es/');
export const spanishOf = (path: string) => (path === '/' ? '/es' : `/es${path}`);
