#!/usr/bin/env node
/**
 * `npm run bench:publish [-- --product] [--document] [--spanish-document] [--runs 5]`: how long a published change
 * takes from Publish to the new page being served (target: p50 <= TARGET_S). With `npm start` running
 * (backend, static server, publisher), signed in as the demo owner:
 * - product: raises the price of one product by $1 (update_buzz_haven_product), presses 'Publish
 *   site' (the publish-content Edge Function with { site: true }) and polls /shop until the
 *   product's card shows the new price;
 * - document: saves the About page's document with a new hero title and publishes it (the
 *   publish-content Edge Function with { key, revision }), then polls /about until it shows it;
 * - spanish-document: the same with the About page's Spanish version (saved with p_locale 'es',
 *   published with its English, which is unchanged), polling /es/about.
 * All three modes by default. First one untimed 'Publish site' (a publisher that just started does a
 * full build first; later builds of data changes are the fast ones). Each run is timed from the Publish call to the new page served; prints
 * every run (with the build's own duration), then p50 and max per mode. Afterwards it puts the old
 * price and title back and publishes them (waited for, so the next run starts from a quiet
 * publisher); --keep leaves the last change.
 * Environment: SUPABASE_URL (default http://127.0.0.1:54321), BENCH_SITE (default
 * http://localhost:8000), BENCH_PRODUCT (slug, default wildflower-honey).
 */
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const api = (process.env.SUPABASE_URL || 'http://127.0.0.1:54321').replace(/\/+$/, '');
const site = (process.env.BENCH_SITE || 'http://localhost:8000').replace(/\/+$/, '');
const slug = process.env.BENCH_PRODUCT || 'wildflower-honey';
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 5);
const modes = ['--product', '--document', '--spanish-document'].filter((flag) => args.includes(flag)).map((flag) => flag.slice(2));
if (modes.length === 0) modes.push('product', 'document', 'spanish-document');
const TIMEOUT_MS = 600_000;
const TARGET_S = 5;

async function call(path, body, token = ANON_KEY) {
  const res = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

const page = async (path) => (await fetch(`${site}${path}`, { cache: 'no-store' })).text();
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const { access_token: token } = await call('/auth/v1/token?grant_type=password', { email: 'owner@example.com', password: 'buzzhaven-owner' });

/** Waits for the build to be recorded as finished; returns its row. */
async function finished(id) {
  for (let i = 0; i < TIMEOUT_MS / 250; i++) {
    const record = (await call('/rest/v1/rpc/get_buzz_haven_site_builds', {}, token)).find((b) => b.id === id);
    if (record?.finished_at) return record;
    await sleep(250);
  }
  throw new Error(`Build ${id} did not finish within ${TIMEOUT_MS / 1000} s`);
}

/** Publishes with publish(), then polls until shown() is true: { seconds, record } */
async function timed(publish, shown) {
  const started = Date.now();
  const build = await publish();
  while (Date.now() - started < TIMEOUT_MS) {
    if (await shown().catch(() => false)) break;
    await sleep(100);
  }
  const seconds = (Date.now() - started) / 1000;
  const record = await finished(build.id);
  if (!(await shown().catch(() => false))) {
    throw new Error(`The change was not served within ${TIMEOUT_MS / 1000} s (build ${record.state}: ${record.error ?? ''})`);
  }
  return { seconds, record };
}

const formatPrice = (cents) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** One product's price: +$1 per run, then back. */
async function productMode() {
  const product = (await call('/rest/v1/rpc/get_buzz_haven_shop_products', {})).find((p) => p.slug === slug);
  if (!product) throw new Error(`No public product with slug ${slug}`);
  const shop = await call('/rest/v1/rpc/get_buzz_haven_published_content', {});
  const anchor = shop.find((d) => d.key === 'pages/shop')?.body.productAnchors?.find((a) => a.slug === slug)?.anchor;
  const ids = [anchor, slug].filter(Boolean);
  const shownPrice = async () => {
    const html = await page('/shop');
    for (const id of ids) {
      const match = html.match(new RegExp(`<li id="${id}"[\\s\\S]*?class="price">([^<]+)<`));
      if (match) return match[1];
    }
    return null;
  };
  console.log(`product: ${product.name}, ${(await shownPrice()) ?? '(not on /shop)'} served`);
  const publishPrice = async (price) => {
    await call('/rest/v1/rpc/update_buzz_haven_product', { p_id: product.id, p_price: price }, token);
    return (await call('/functions/v1/publish-content', { site: true }, token)).build;
  };
  const times = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const price = product.price + 100 * run;
      const { seconds, record } = await timed(() => publishPrice(price), async () => (await shownPrice()) === formatPrice(price));
      console.log(`  run ${run}: ${formatPrice(price)} served after ${seconds.toFixed(1)} s (build ${(record.duration_ms / 1000).toFixed(1)} s)`);
      times.push(seconds);
    }
  } finally {
    if (!keep) {
      const build = await publishPrice(product.price);
      await finished(build.id);
      console.log(`  put ${formatPrice(product.price)} back and published it`);
    }
  }
  return times;
}

/**
 * The About page's hero title in one language: a new one per run, then back. A translation is
 * published with its English document (publish-content takes the English revision and publishes
 * every translation with changes).
 */
async function documentMode(locale = 'en') {
  const key = 'pages/about';
  const path = locale === 'en' ? '/about' : `/${locale}/about`;
  const documentOf = async (language) =>
    (await call('/rest/v1/rpc/get_buzz_haven_content_documents', { p_locale: language }, token)).find((d) => d.key === key);
  const publishTitle = async (title) => {
    const doc = await documentOf(locale);
    const revision = await call('/rest/v1/rpc/save_buzz_haven_content_draft', {
      p_key: key, p_body: { ...doc.draft, hero: { ...doc.draft.hero, title } }, p_revision: doc.revision, p_locale: locale,
    }, token);
    const english = locale === 'en' ? revision : (await documentOf('en')).revision;
    return (await call('/functions/v1/publish-content', { key, revision: english }, token)).build;
  };
  const published = (await call('/rest/v1/rpc/get_buzz_haven_published_content', { p_locale: locale })).find((d) => d.key === key);
  const original = published.body.hero.title;
  console.log(`document: ${key} (${locale}), hero title "${original}"`);
  const times = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const title = `${original} (bench ${Date.now().toString(36)})`;
      const { seconds, record } = await timed(() => publishTitle(title), async () => (await page(path)).includes(escapeHtml(title)));
      console.log(`  run ${run}: new title served after ${seconds.toFixed(1)} s (build ${(record.duration_ms / 1000).toFixed(1)} s)`);
      times.push(seconds);
    }
  } finally {
    if (!keep) {
      await finished((await publishTitle(original)).id);
      console.log('  put the title back and published it');
    }
  }
  return times;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const warmUp = await finished((await call('/functions/v1/publish-content', { site: true }, token)).build.id);
console.log(`warm-up build: ${warmUp.state} in ${(warmUp.duration_ms / 1000).toFixed(1)} s (not timed)`);
const results = [];
for (const mode of modes) {
  const times = mode === 'product' ? await productMode() : await documentMode(mode === 'spanish-document' ? 'es' : 'en');
  results.push({ mode, p50: median(times), max: Math.max(...times) });
}
console.log('\nPublish to served:');
for (const { mode, p50, max } of results) {
  console.log(`  ${mode.padEnd(16)} p50 ${p50.toFixed(1)} s, max ${max.toFixed(1)} s over ${runs} runs (target p50 <= ${TARGET_S} s)`);
  if (p50 > TARGET_S) process.exitCode = 1;
}
