/**
 * One home for a price: staff change the express rate through the RPC the
 * admin's Shipping Rates page calls; the site build's own code then reads the rows
 * (src/build/siteData.ts fetchSiteData, priceRows.ts) and the cart's rules (cartLogic.ts totals)
 * show the total the order RPC stores. Against the real backend over HTTP, seeded data.
 */
import { fetchSiteData } from '../../site/src/build/siteData';
import { withShippingRates } from '../../site/src/build/priceRows';
import { totals } from '../../site/src/components/cart/cartLogic';
import { formatCents } from '../../site/src/lib/price';
import { ANON_KEY, OWNER, client, signedIn } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

const WILDFLOWER = 'b0220000-0000-4000-8000-000000000201'; // $20.00
const ADDRESS = { line1: '1 Comb St', city: 'Berkeley', state: 'CA', zip: '94704' };

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
}, 200_000);
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

test('staff change the express rate: the cart built from the rows and the stored order agree at the new rate', async () => {
  const staff = await signedIn(backend.url, OWNER.email, OWNER.password);
  const express = (await staff.rpc('get_buzz_haven_shipping_rates').eq('delivery', 'express')).data![0];
  const changed = await staff.rpc('update_buzz_haven_shipping_rate', { p_id: express.id, p_price: 1495 });
  expect(changed.error).toBeNull();

  const site = await fetchSiteData(backend.url, ANON_KEY);
  const rates = withShippingRates(site.documents['catalog/shipping-rates']!, site.shippingRates);
  expect(formatCents(rates.express)).toBe('$14.95');
  const cart = totals([{ key: 'wildflower', id: WILDFLOWER, name: 'Wildflower Honey', price: 2000, quantity: 1 }], 'express', rates);
  expect(cart).toEqual({ subtotal: 2000, shipping: 1495, total: 3495 });

  const receipt = await client(backend.url).rpc('submit_buzz_haven_order_request', {
    p_customer_name: 'Ada', p_customer_email: 'ada@example.com', p_customer_phone: null, p_delivery: 'express',
    p_address: ADDRESS, p_items: [{ product_id: WILDFLOWER, quantity: 1, unit_price: 2000 }], p_website: '',
  });
  expect(receipt.error).toBeNull();
  expect(receipt.data).toMatchObject({ subtotal: cart.subtotal, shipping: cart.shipping, total: cart.total });
  const stored = (await staff.rpc('get_buzz_haven_orders').eq('number', receipt.data.number)).data![0];
  expect(stored).toMatchObject({ shipping: 1495, total: 3495 });
});
