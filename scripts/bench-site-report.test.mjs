import { firstRenderMs, languageRows, meetsTargets, median, summarize, tableRows } from './bench-site-report.mjs';

// One page's medians as summarize() returns them; each test changes what it is about.
const page = (over = {}) => ({
  perf: 100, tbt: 0, lcp: 700, renderMs: 20, cls: 0, jsKb: 74, a11y: 100, bp: 100, seo: 100,
  rounds: 5, tbtRuns: [0, 0, 0, 0, 0], failing: [], ...over,
});

describe('meetsTargets', () => {
  it('compares TBT as page <= 1.2 x bare', () => {
    expect(meetsTargets(page({ tbt: 6 }), page({ tbt: 5 }))).toBe(true);
    expect(meetsTargets(page({ tbt: 7 }), page({ tbt: 5 }))).toBe(false);
  });

  it('lets a page at 0 ms meet a bare page at 0 ms, and nothing above it', () => {
    expect(meetsTargets(page({ tbt: 0 }), page({ tbt: 0 }))).toBe(true);
    expect(meetsTargets(page({ tbt: 1 }), page({ tbt: 0 }))).toBe(false);
  });

  it('holds performance to the bare page minus 2, JS to 78 KB, the other scores to 100 and CLS to 0', () => {
    const bare = page({ perf: 100 });
    expect(meetsTargets(page({ perf: 98 }), bare)).toBe(true);
    expect(meetsTargets(page({ perf: 97 }), bare)).toBe(false);
    expect(meetsTargets(page({ jsKb: 78 }), bare)).toBe(true);
    expect(meetsTargets(page({ jsKb: 78.1 }), bare)).toBe(false);
    expect(meetsTargets(page({ a11y: 99 }), bare)).toBe(false);
    expect(meetsTargets(page({ bp: 96 }), bare)).toBe(false);
    expect(meetsTargets(page({ seo: 92 }), bare)).toBe(false);
    expect(meetsTargets(page({ cls: 0.001 }), bare)).toBe(false);
  });
});

describe('tableRows', () => {
  it('prints the ratio only when the bare median is above 0, and the gap in ms always', () => {
    const rows = tableRows(new Map([['bare', page({ tbt: 0 })], ['/', page({ tbt: 10 })], ['/faq', page({ tbt: 0 })]]), 'bare');
    expect(rows.map((r) => [r.page, r['TBT/bare'], r['TBT-bare ms'], r.meets])).toEqual([
      ['bare', '-', 0, ''],
      ['/', '-', 10, 'NO'],
      ['/faq', '-', 0, 'yes'],
    ]);
    const [, home] = tableRows(new Map([['bare', page({ tbt: 5 })], ['/', page({ tbt: 10 })]]), 'bare');
    expect(home['TBT/bare']).toBe('2.00');
  });
});

describe('median and summarize', () => {
  it('takes the middle value, the mean of the middle two, and skips missing numbers', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([NaN, 3])).toBe(3);
    expect(median([])).toBeNaN();
  });

  it('keeps the worst category score and CLS of all runs, the medians of the rest', () => {
    const run = (tbt, a11y, cls) => ({ perf: 100, a11y, bp: 100, seo: 100, lcp: 700, tbt, cls, jsKb: 74, renderMs: 20, failing: [] });
    const s = summarize(new Map([['/', [run(3, 100, 0), run(20, 96, 0.01), run(1, 100, 0)]]])).get('/');
    expect(s).toMatchObject({ tbt: 3, a11y: 96, cls: 0.01, tbtRuns: [3, 20, 1], rounds: 3 });
  });
});

describe('firstRenderMs', () => {
  const at = (ms) => ms * 1000;
  const thread = { pid: 1, tid: 7 };
  const task = (start, dur) => ({ ...thread, name: 'RunTask', ph: 'X', ts: at(start), dur: at(dur) });
  const layout = (start) => ({ ...thread, name: 'Layout', ph: 'X', ts: at(start), dur: at(1) });

  it('is the longest main-thread task that lays out the page before its first contentful paint', () => {
    const events = [
      { ...thread, name: 'ParseHTML', ph: 'X', ts: at(5), dur: at(2) },
      task(10, 30), layout(20),
      task(50, 12), layout(55),
      task(120, 80), layout(130), // after FCP: not the first render
      { ...thread, name: 'RunTask', ph: 'X', ts: at(60), dur: at(40) }, // no layout inside
      { pid: 2, tid: 3, name: 'RunTask', ph: 'X', ts: at(10), dur: at(90) }, { pid: 2, tid: 3, name: 'Layout', ph: 'X', ts: at(11), dur: at(1) },
      { name: 'firstContentfulPaint', ph: 'I', ts: at(100) },
    ];
    expect(firstRenderMs(events)).toBe(30);
  });

  it('is NaN without a first contentful paint', () => {
    expect(firstRenderMs([task(10, 30), layout(20)])).toBeNaN();
  });
});

describe('languageRows', () => {
  it('puts each English page beside its Spanish twin and says whether they match', () => {
    const summary = new Map([
      ['bare Gatsby', page()], ['/', page({ jsKb: 77.5 })], ['/es', page({ jsKb: 78.1 })],
      ['/shop', page({ jsKb: 73.7 })], ['/es/shop', page({ jsKb: 79.9 })], ['/about', page()],
    ]);
    const rows = languageRows(summary);
    expect(rows.map((r) => [r.page, r['JS es-en KB'], r.same])).toEqual([['/', '0.6', 'yes'], ['/shop', '6.2', 'NO']]);
    expect(languageRows(new Map([['/es/shop', page()]]))).toEqual([]);
  });
});
