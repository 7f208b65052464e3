/**
 * Lighthouse results of `npm run bench:site` -> numbers per run -> medians per page, with the
 * ratio to the bare Gatsby page measured in the same run and the site's targets (TARGETS) checked:
 * median TBT <= 1.2 x bare, median performance >= bare - 2, JS <= 78 KB gzipped,
 * accessibility / best practices / SEO 100, CLS 0.
 */

export const TARGETS = { tbtRatio: 1.2, perfBelowBare: 2, jsKb: 78 };

/** The trace events of the page's renderer main thread (the thread that parsed its HTML). */
export function mainThreadEvents(traceEvents) {
  const parse = traceEvents.find((e) => e.name === 'ParseHTML');
  return parse ? traceEvents.filter((e) => e.pid === parse.pid && e.tid === parse.tid) : [];
}

/**
 * The first render (ms, unthrottled, as traced): the longest renderer main-thread task that lays
 * out the page before its first contentful paint. Lighthouse's simulation counts it as blocking
 * time when, slowed down, it lasts over 50 ms and ends after the estimated FCP.
 */
export function firstRenderMs(traceEvents = []) {
  const fcpAt = Math.min(...traceEvents.filter((e) => e.name === 'firstContentfulPaint').map((e) => e.ts));
  if (!Number.isFinite(fcpAt)) return NaN;
  const main = mainThreadEvents(traceEvents).filter((e) => e.ph === 'X');
  const layouts = main.filter((e) => e.name === 'Layout' && e.ts < fcpAt);
  const tasks = main.filter((e) => e.name === 'RunTask' && layouts.some((l) => l.ts >= e.ts && l.ts < e.ts + e.dur));
  return tasks.length ? Math.max(...tasks.map((t) => t.dur / 1000)) : NaN;
}

/** The numbers of one Lighthouse run (lhr, and its trace). JS = gzipped bytes of every script transferred. */
export function runMetrics(lhr, traceEvents) {
  const { categories, audits } = lhr;
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  const scripts = (audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  const failing = Object.values(categories).flatMap((c) =>
    c.id === 'performance'
      ? []
      : c.auditRefs.filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1).map((ref) => `${c.id}:${ref.id}`),
  );
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    jsKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    renderMs: firstRenderMs(traceEvents),
    failing,
  };
}

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Medians of every page's runs; `runs` maps page -> runMetrics[]. */
export function summarize(runs) {
  const out = new Map();
  for (const [page, list] of runs) {
    const pick = (key) => median(list.map((m) => m[key]));
    out.set(page, {
      perf: pick('perf'), tbt: pick('tbt'), lcp: pick('lcp'), renderMs: pick('renderMs'), cls: Math.max(...list.map((m) => m.cls)),
      jsKb: pick('jsKb'), a11y: Math.min(...list.map((m) => m.a11y)), bp: Math.min(...list.map((m) => m.bp)),
      seo: Math.min(...list.map((m) => m.seo)), rounds: list.length,
      tbtRuns: list.map((m) => Math.round(m.tbt)), failing: [...new Set(list.flatMap((m) => m.failing))],
    });
  }
  return out;
}

/** One printable row per page (the bare page first) and whether each page meets the targets. */
export function tableRows(summary, barePage) {
  const bare = summary.get(barePage);
  return [...summary].map(([page, s]) => {
    const ratio = bare && bare.tbt > 0 ? s.tbt / bare.tbt : NaN;
    const meets = page === barePage ? '' : meetsTargets(s, bare) ? 'yes' : 'NO';
    return {
      page,
      perf: s.perf,
      'TBT ms': Math.round(s.tbt),
      'LCP ms': Math.round(s.lcp),
      'TBT/bare': Number.isFinite(ratio) ? ratio.toFixed(2) : '-',
      // The ratio is undefined when the bare page's median TBT is 0 ms (it often is): the gap in ms says more.
      'TBT-bare ms': bare ? Math.round(s.tbt - bare.tbt) : '-',
      'render ms': Number.isFinite(s.renderMs) ? Math.round(s.renderMs) : '-',
      'perf-bare': bare ? s.perf - bare.perf : '-',
      'JS KB gz': s.jsKb.toFixed(1),
      a11y: s.a11y,
      bp: s.bp,
      seo: s.seo,
      CLS: s.cls.toFixed(3),
      'TBT runs': s.tbtRuns.join(' '),
      meets,
    };
  });
}

/**
 * Whether a page's medians meet the site's targets against the bare page's. TBT is compared as
 * page <= 1.2 x bare rather than through the ratio, which is undefined when the bare page's
 * median is 0 ms: then only a page at 0 ms meets it.
 */
export function meetsTargets(s, bare) {
  return (
    s.tbt <= TARGETS.tbtRatio * bare.tbt &&
    s.perf >= bare.perf - TARGETS.perfBelowBare &&
    s.jsKb <= TARGETS.jsKb &&
    s.a11y === 100 && s.bp === 100 && s.seo === 100 &&
    s.cls < 0.0005
  );
}

/** A Spanish page may differ from its English twin by this much JavaScript at most (gzipped KB). */
export const LANGUAGE_GAP_KB = 5;

const spanishOf = (page) => (page === '/' ? '/es' : `/es${page}`);

/**
 * Every English page measured with its Spanish twin in the same run, side by side: their medians
 * and whether the Spanish page scores the same and carries JS within LANGUAGE_GAP_KB of the English.
 */
export function languageRows(summary) {
  return [...summary]
    .filter(([page]) => page.startsWith('/') && !/^\/es(\/|$)/.test(page) && summary.has(spanishOf(page)))
    .map(([page, en]) => {
      const es = summary.get(spanishOf(page));
      const gap = es.jsKb - en.jsKb;
      return {
        page,
        'perf en': en.perf,
        'perf es': es.perf,
        'TBT en ms': Math.round(en.tbt),
        'TBT es ms': Math.round(es.tbt),
        'JS KB en': en.jsKb.toFixed(1),
        'JS KB es': es.jsKb.toFixed(1),
        'JS es-en KB': gap.toFixed(1),
        same: es.perf >= en.perf && Math.abs(gap) <= LANGUAGE_GAP_KB ? 'yes' : 'NO',
      };
    });
}
