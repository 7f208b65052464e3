#!/usr/bin/env node
/**
 * `npm run bench:publish`: how long a one-price change takes from Publish to the new page being
 * served. With `npm start` running (backend, static server, publisher): signs in as the demo
 * owner, raises the price of one product by $1 through update_buzz_haven_product, presses
 * 'Publish site' (the publish-content Edge Function), then polls /shop until the product's card
 * shows the new price. Prints the seconds (and the build's own duration). Afterwards it puts the
 * old price back and requests another build (not waited for); --keep leaves the new price.
 * Environment: SUPABASE_URL (default http://127.0.0.1:54321), BENCH_SITE (default
 * http://localhost:8000), BENCH_PRODUCT (slug, default wildflower-honey).
 */
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const api = (process.env.SUPABASE_URL || 'http://127.0.0.1:54321').replace(/\/+$/, '');
const site = (process.env.BENCH_SITE || 'http://localhost:8000').replace(/\/+$/, '');
const slug = process.env.BENCH_PRODUCT || 'wildflower-honey';
const keep = process.argv.includes('--keep');
const TIMEOUT_MS = 600_000;

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

const formatPrice = (cents) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;
/** The price on the product's card of /shop (element id: its anchor or slug), or null. */
async function shownPrice(elementIds) {
  const html = await (await fetch(`${site}/shop`, { cache: 'no-store' })).text();
  for (const id of elementIds) {
    const match = html.match(new RegExp(`<li id="${id}"[\\s\\S]*?class="price">([^<]+)<`));
    if (match) return match[1];
  }
  return null;
}

const { access_token: token } = await call('/auth/v1/token?grant_type=password', { email: 'owner@example.com', password: 'buzzhaven-owner' });
const product = (await call('/rest/v1/rpc/get_buzz_haven_shop_products', {})).find((p) => p.slug === slug);
if (!product) throw new Error(`No public product with slug ${slug}`);
const shop = await call('/rest/v1/rpc/get_buzz_haven_published_content', {});
const anchor = shop.find((d) => d.key === 'pages/shop')?.body.productAnchors?.find((a) => a.slug === slug)?.anchor;
const ids = [anchor, slug].filter(Boolean);
const before = await shownPrice(ids);
const newPrice = product.price + 100;
console.log(`${product.name}: ${before ?? '(not on /shop)'} served; setting ${formatPrice(newPrice)} and publishing...`);

await call('/rest/v1/rpc/update_buzz_haven_product', { p_id: product.id, p_price: newPrice }, token);
const started = Date.now();
const { build } = await call('/functions/v1/publish-content', { site: true }, token);
let shown = null;
while (Date.now() - started < TIMEOUT_MS) {
  shown = await shownPrice(ids).catch(() => null);
  if (shown === formatPrice(newPrice)) break;
  await new Promise((done) => setTimeout(done, 250));
}
const seconds = (Date.now() - started) / 1000;
// The publisher records the outcome just after it swaps dist.
let record;
for (let i = 0; i < 20; i++) {
  record = (await call('/rest/v1/rpc/get_buzz_haven_site_builds', {}, token)).find((b) => b.id === build.id);
  if (record?.finished_at) break;
  await new Promise((done) => setTimeout(done, 250));
}
if (shown !== formatPrice(newPrice)) {
  console.error(`The new price was not served within ${TIMEOUT_MS / 1000} s (build ${record?.state}: ${record?.error ?? ''})`);
  process.exitCode = 1;
} else {
  console.log(`Publish to new price served: ${seconds.toFixed(1)} s (build ${record?.duration_ms ? `${(record.duration_ms / 1000).toFixed(1)} s` : record?.state}; target <= 60 s)`);
}
if (!keep) {
  await call('/rest/v1/rpc/update_buzz_haven_product', { p_id: product.id, p_price: product.price }, token);
  await call('/functions/v1/publish-content', { site: true }, token);
  console.log(`Put ${formatPrice(product.price)} back; a build to serve it again is queued.`);
}
