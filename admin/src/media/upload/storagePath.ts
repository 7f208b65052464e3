/**
 * Where an uploaded file goes in the bucket, and the title it starts with. Paths are
 * `yyyy/mm/<uuid>-<safe-name>`: unique (uploads never overwrite: upsert is false), and made only
 * of characters every Storage backend accepts in a key (storage-js keys are URL path segments).
 */

const MAX_NAME_CHARS = 80;
const MAX_TITLE_CHARS = 200;

/** 'Café Menu (1).PDF' -> 'cafe-menu-1.pdf': ASCII letters, digits, '-', one '.' before the extension. */
export function safeFileName(name: string): string {
  const lastSegment = name.split(/[\\/]/).pop() ?? '';
  const ascii = lastSegment.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const dot = ascii.lastIndexOf('.');
  const slug = (s: string) => s.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  const ext = dot > 0 ? slug(ascii.slice(dot + 1)).slice(0, 10) : '';
  const base = (slug(dot > 0 ? ascii.slice(0, dot) : ascii) || 'file').slice(0, MAX_NAME_CHARS).replace(/-+$/, '');
  return ext ? `${base}.${ext}` : base;
}

/** A random UUID v4 (crypto.randomUUID where the page is a secure context, else getRandomValues). */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `2026/03/<uuid>-honey-jar.png` for a file uploaded in March 2026 (UTC). */
export function makeStoragePath(fileName: string, now = new Date(), id = randomId()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${yyyy}/${mm}/${id}-${safeFileName(fileName)}`;
}

/** 'honey_jar-large.png' -> 'honey jar large': the file name without extension, at most 200 chars. */
export function titleFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  const title = base.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return (title || fileName.trim() || 'Untitled').slice(0, MAX_TITLE_CHARS);
}
