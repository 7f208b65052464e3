import { localizedPages } from './localizedPages';
import { localizeDocuments, rebasePictures } from './siteData';
import { documentKeys } from '../../../supabase/functions/_shared/content-schema/index.ts';
import { readStartingDocuments } from '../../../supabase/functions/_shared/content-schema/starting.ts';
import { join } from 'node:path';

const englishRows = () => readStartingDocuments(join(__dirname, '../../../content')).map(({ key, body }) => ({ key, body }));

describe('pages in every language', () => {
  it('makes the Spanish twin of a page under /es with its locale, the home at /es', () => {
    expect(localizedPages({ path: '/services/workshops', component: 'w.tsx', context: { a: 1 } })).toEqual([
      { path: '/services/workshops', component: 'w.tsx', context: { a: 1, locale: 'en' } },
      { path: '/es/services/workshops', component: 'w.tsx', context: { a: 1, locale: 'es' } },
    ]);
    expect(localizedPages({ path: '/', component: 'i.tsx' }).map((p) => p.path)).toEqual(['/', '/es']);
  });

  it('gives the Spanish 404 page every unknown /es/ path', () => {
    const [en, es] = localizedPages({ path: '/404', component: '404.tsx' });
    expect(en).not.toHaveProperty('matchPath');
    expect(es).toMatchObject({ path: '/es/404', matchPath: '/es/*', context: { locale: 'es' } });
  });
});

describe('documents in every language', () => {
  it('completes a missing or partial Spanish document from the English one and keeps its words', () => {
    const english = englishRows();
    const site = english.find((row) => row.key === 'site')!.body as { skipLink: string; brand: { name: string } };
    const rows = [...english, { key: 'site', locale: 'es', body: { skipLink: 'Saltar al contenido' } }];
    const localized = localizeDocuments(rows);
    expect(Object.keys(localized.es)).toEqual([...documentKeys]);
    expect(localized.es.site).toMatchObject({ skipLink: 'Saltar al contenido', brand: { name: site.brand.name } });
    expect(localized.en.site).toMatchObject({ skipLink: site.skipLink });
    // No Spanish row at all (before the content has languages): the English words.
    expect(localized.es['pages/about']).toEqual(localized.en['pages/about']);
  });

  it('fails naming the document and language when a Spanish row does not fit its schema', () => {
    const english = englishRows();
    const rows = [...english, { key: 'site', locale: 'es', body: { skipLink: 42 } }];
    expect(() => localizeDocuments(rows)).toThrow(/"site" \(es\) is invalid: skipLink/);
  });

  it('reads a translation\'s pictures from the English YAML file', () => {
    expect(rebasePictures({ a: { imagePath: '../../catalog/images/x.png' }, b: 'https://x.org/y.png', c: '/y.png' }, 'pages/about', 'es'))
      .toEqual({ a: { imagePath: '../catalog/images/x.png' }, b: 'https://x.org/y.png', c: '/y.png' });
    expect(rebasePictures({ hero: '../images/hero.png' }, 'home', 'es')).toEqual({ hero: 'images/hero.png' });
  });
});
