import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALLOWED_MIME_TYPES, MAX_FILE_BYTES, fileMimeType, formatBytes, refusalFor } from './mediaLimits';

const file = (name: string, type: string, size = 100) => ({ name, type, size });

describe('the media bucket limits, checked before uploading', () => {
  it('mirror the bucket migration (size limit and every allowed type)', () => {
    const dir = join(__dirname, '../../../../supabase/migrations');
    // the migration that inserts the 'media' bucket (the baseline's content file today)
    const sql = readdirSync(dir).filter((f) => /^\d+_.*\.sql$/.test(f)).sort()
      .map((f) => readFileSync(join(dir, f), 'utf8')).find((text) => /'media', 'media', true,/.test(text));
    expect(sql).toBeDefined();
    const start = sql!.lastIndexOf('insert into storage.buckets', sql!.indexOf("'media', 'media', true,"));
    const insert = sql!.slice(start, sql!.indexOf('on conflict', start));
    expect(insert).toContain(`'media', 'media', true, ${MAX_FILE_BYTES},`);
    const types = [...insert.matchAll(/'([a-z]+\/[^']+)'/g)].map((m) => m[1]);
    expect([...types].sort()).toEqual([...ALLOWED_MIME_TYPES].sort());
  });

  it('refuse a file over 50 MB with its size and the limit', () => {
    expect(refusalFor(file('big.png', 'image/png', 60 * 1024 * 1024)))
      .toBe('big.png is too large (60 MB): the limit is 50 MB.');
    expect(refusalFor(file('edge.png', 'image/png', MAX_FILE_BYTES))).toBeNull();
  });

  it('refuse a type the bucket does not take, naming it and what is accepted', () => {
    expect(refusalFor(file('setup.exe', 'application/x-msdownload'))).toBe(
      'setup.exe was refused: files of type application/x-msdownload are not accepted. ' +
        'Accepted: images (JPEG, PNG, GIF, WebP, AVIF), PDF, text, CSV and office documents.',
    );
    expect(refusalFor(file('drawing.svg', 'image/svg+xml'))).toMatch(/image\/svg\+xml are not accepted/);
    expect(refusalFor(file('mystery', ''))).toMatch(/^mystery was refused: files of this type are not accepted/);
    expect(refusalFor(file('empty.png', 'image/png', 0))).toBe('empty.png is empty.');
  });

  it('accept photos and documents; the extension stands in for a missing browser type', () => {
    expect(refusalFor(file('jar.JPG', 'image/jpeg'))).toBeNull();
    expect(refusalFor(file('guide.pdf', 'application/pdf'))).toBeNull();
    expect(fileMimeType(file('list.CSV', ''))).toBe('text/csv');
    expect(fileMimeType(file('a.docx', ''))).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(fileMimeType(file('x.exe', ''))).toBe('');
    expect(fileMimeType(file('p.png', 'IMAGE/PNG'))).toBe('image/png');
  });

  it('format sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(52428800)).toBe('50 MB');
  });
});
