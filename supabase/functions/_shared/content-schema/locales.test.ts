import { localePath, splitLocalePath, withFallback } from './locales.ts';

test('a path in each language, and back', () => {
  expect(localePath('/shop', 'es')).toBe('/es/shop');
  expect(localePath('/', 'es')).toBe('/es');
  expect(localePath('/shop', 'en')).toBe('/shop');
  expect(splitLocalePath('/es/shop')).toEqual({ locale: 'es', path: '/shop' });
  expect(splitLocalePath('/es')).toEqual({ locale: 'es', path: '/' });
  expect(splitLocalePath('/estate')).toEqual({ locale: 'en', path: '/estate' });
  expect(splitLocalePath('/shop')).toEqual({ locale: 'en', path: '/shop' });
});

test('a translation takes the default language for each empty field and lists it', () => {
  const en = { seo: { title: 'About' }, hero: { title: 'Hello', body: 'Bees' }, items: [{ a: 'one', b: 'two' }, { a: 'x', b: 'y' }] };
  const es = { seo: { title: 'Acerca' }, hero: { title: 'Hola', body: '  ' }, items: [{ a: 'uno' }] };
  const { body, missing } = withFallback(es, en);
  expect(body).toEqual({ seo: { title: 'Acerca' }, hero: { title: 'Hola', body: 'Bees' }, items: [{ a: 'uno', b: 'two' }] });
  expect(missing).toEqual(['hero.body', 'items[0].b']);
});

test('a missing translation is the whole default document', () => {
  expect(withFallback(undefined, { a: 'x' })).toEqual({ body: { a: 'x' }, missing: ['(whole document)'] });
  expect(withFallback({ list: [] }, { list: ['a'] })).toEqual({ body: { list: ['a'] }, missing: ['list'] });
});
