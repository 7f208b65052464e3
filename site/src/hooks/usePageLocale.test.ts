/**
 * A visitor form sends the language of its page (p_locale), so that the server refuses and answers
 * in it: the page's language is read from its path, and the cart's order request carries it.
 */
import { sendOrderRequest } from '../components/cart/orderRequest';
import { usePageLocale } from './usePageLocale';

const atPath = (pathname: string) => Object.assign(globalThis, { window: { location: { pathname } } });

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
  jest.restoreAllMocks();
});

test("a page's language is its path's; English at the root and while rendering on the server", () => {
  expect(usePageLocale()).toBe('en');
  atPath('/es/contact');
  expect(usePageLocale()).toBe('es');
  atPath('/es');
  expect(usePageLocale()).toBe('es');
  atPath('/contact');
  expect(usePageLocale()).toBe('en');
  atPath('/estate');
  expect(usePageLocale()).toBe('en');
});

test("the order request sends the page's language, English when none is given", async () => {
  const bodies: Record<string, unknown>[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ number: 'BH-1001', subtotal: 1200, shipping: 0, total: 1200 }), { status: 200 });
  });
  const lines = [{ key: 'honey', id: '00000000-0000-4000-8000-000000000001', name: 'Honey', price: 1200, quantity: 1 }];
  const values = { name: 'Ana', email: 'ana@example.com', phone: '', delivery: 'pickup' as const, line1: '', line2: '', city: '',
    state: '', zip: '' };
  await sendOrderRequest(lines, values, null, () => undefined, undefined, 'es');
  await sendOrderRequest(lines, values, null, () => undefined);
  expect(bodies.map((b) => b.p_locale)).toEqual(['es', 'en']);
});
