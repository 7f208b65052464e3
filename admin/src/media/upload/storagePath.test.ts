import { makeStoragePath, randomId, safeFileName, titleFromFileName } from './storagePath';

describe('storage paths and titles of uploads', () => {
  it('put a file under yyyy/mm/<uuid>-<safe name>', () => {
    const at = new Date('2026-03-05T12:00:00Z');
    expect(makeStoragePath('Honey Jar.PNG', at, 'abc')).toBe('2026/03/abc-honey-jar.png');
    expect(makeStoragePath('x.pdf', new Date('2025-12-31T23:00:00Z'), 'id')).toBe('2025/12/id-x.pdf');
  });

  it('keep only characters every Storage key accepts', () => {
    expect(safeFileName('Café Menu (1).PDF')).toBe('cafe-menu-1.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('蜂蜜.jpg')).toBe('file.jpg');
    expect(safeFileName('.hidden')).toBe('hidden');
    expect(safeFileName('no extension')).toBe('no-extension');
    expect(safeFileName(`${'a'.repeat(300)}.png`)).toBe(`${'a'.repeat(80)}.png`);
    const path = makeStoragePath('weird name?#%&.png');
    expect(path).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}-weird-name\.png$/);
  });

  it('never repeat a path', () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomId()));
    expect(ids.size).toBe(200);
    expect([...ids][0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('title an upload after its file name', () => {
    expect(titleFromFileName('honey_jar-large.png')).toBe('honey jar large');
    expect(titleFromFileName('Spring Open Day.pdf')).toBe('Spring Open Day');
    expect(titleFromFileName('.png')).toBe('.png');
    expect(titleFromFileName(`${'t'.repeat(250)}.jpg`)).toHaveLength(200);
  });
});
