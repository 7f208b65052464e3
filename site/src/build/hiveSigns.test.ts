import fs from 'fs';
import path from 'path';
import { parse } from 'yaml';
import { hiveSignPages, type HiveSignRow } from './hiveSigns';
import { hasStaffSession, logInspectionPath, seasonOf } from '../components/pages/hive-sign/signText';
import type { HiveSignWords } from '../../../supabase/functions/_shared/content-schema/pages/hives.ts';

const words = (parse(fs.readFileSync(path.join(__dirname, '../../../content/pages/hives.yaml'), 'utf8')) as { sign: HiveSignWords }).sign;
const row = (over: Partial<HiveSignRow> = {}): HiveSignRow => ({
  id: 'h1', sign_code: 'AB12CD34', name: 'Rose Hive', neighbourhood: 'Echo Park', status: 'active',
  wrap: { title: 'Clover Dance', artist: 'Ana', photo_url: 'javascript:alert(1)' }, ...over,
});

describe('hive sign pages', () => {
  it('one page per well-formed code, at /hive/<code>, with an unsafe wrap photo dropped and the build day\'s season', () => {
    const pages = hiveSignPages([row(), row({ id: 'h2', sign_code: '../x' })], words, 'hive-sign.tsx', new Date(2026, 6, 1));
    expect(pages.map((p) => p.path)).toEqual(['/hive/AB12CD34']);
    expect(pages[0]!.context.sign.wrap).toEqual({ title: 'Clover Dance', artist: 'Ana', photo_url: null });
    expect(pages[0]!.context.season).toBe('summer');
  });

  it('the seasons by month', () => {
    expect([0, 2, 5, 8, 11].map((m) => seasonOf(new Date(2026, m, 15)))).toEqual(['winter', 'spring', 'summer', 'fall', 'winter']);
  });

  it("staff's link opens the inspection form with the hive and the day", () => {
    const link = logInspectionPath('h1', '2026-10-01');
    expect(link.startsWith('/admin/inspections/create?source=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(link.split('source=')[1]!))).toEqual({ hive_id: 'h1', inspected_on: '2026-10-01' });
  });

  it('offers the link only when the browser holds a back-office session', () => {
    const storage = (entries: Record<string, string>) => ({
      length: Object.keys(entries).length, key: (i: number) => Object.keys(entries)[i] ?? null, getItem: (k: string) => entries[k] ?? null,
    });
    expect(hasStaffSession(storage({}))).toBe(false);
    expect(hasStaffSession(storage({ 'sb-127-auth-token': 'not json' }))).toBe(false);
    expect(hasStaffSession(storage({ other: '{"access_token":"x"}' }))).toBe(false);
    expect(hasStaffSession(storage({ 'sb-127-auth-token': '{"access_token":"x"}' }))).toBe(true);
  });
});
