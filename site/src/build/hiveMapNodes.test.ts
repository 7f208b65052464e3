import { publicHives, type HiveMapRow } from './hiveMapNodes';

const row = (over: Partial<HiveMapRow> = {}): HiveMapRow => ({
  id: 'h1', name: 'Rooftop Hive', neighbourhood: 'Downtown', latitude: '37.804050', longitude: '-122.270112',
  host_name: null, adopter_names: [], wrap_title: 'Poppy Parade', wrap_artist: 'Lena Ortiz',
  wrap_image_url: 'https://example.supabase.co/storage/v1/object/public/media/wrap.png', wrap_installed_on: '2026-11-20', ...over,
});

describe('publicHives', () => {
  it("keeps the database's order and numbers the positions", () => {
    const nodes = publicHives([row(), row({ id: 'h2', name: 'B', adopter_names: null })]);
    expect(nodes.map((n) => [n.hiveId, n.order])).toEqual([['h1', 0], ['h2', 1]]);
    expect(nodes[0]).toMatchObject({ lat: 37.80405, lng: -122.270112, wrapTitle: 'Poppy Parade', adopterNames: [] });
    expect(nodes[1].adopterNames).toEqual([]);
  });

  it('keeps https and image data URLs as the wrap picture, drops anything else', () => {
    expect(publicHives([row({ wrap_image_url: 'data:image/svg+xml,%3Csvg%3E' })])[0].wrapImageUrl).toBe('data:image/svg+xml,%3Csvg%3E');
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>', '//evil.example/x.png', '']) {
      expect(publicHives([row({ wrap_image_url: bad })])[0].wrapImageUrl).toBeNull();
    }
  });
});
