import { localeLink, switchLink } from './localeLinks';

describe('links in the page\'s language', () => {
  it('leads an English site path to the same page in Spanish, keeping the query and anchor', () => {
    expect(localeLink('/shop#gift-set', 'es')).toBe('/es/shop#gift-set');
    expect(localeLink('/', 'es')).toBe('/es');
    expect(localeLink('/#newsletter', 'es')).toBe('/es#newsletter');
    expect(localeLink('/contact?request=workshop', 'es')).toBe('/es/contact?request=workshop');
    expect(localeLink('/shop', 'en')).toBe('/shop');
    expect(localeLink('/es/shop', 'es')).toBe('/es/shop');
  });

  it('switches the page being read to the other language, keeping the query and anchor', () => {
    expect(switchLink('/services/workshops', '?x=1#schedule', 'es')).toBe('/es/services/workshops?x=1#schedule');
    expect(switchLink('/es/services/workshops', '#schedule', 'en')).toBe('/services/workshops#schedule');
    expect(switchLink('/es', '', 'en')).toBe('/');
    expect(switchLink('/es/', '', 'en')).toBe('/');
    expect(switchLink('/', '', 'es')).toBe('/es');
    expect(switchLink('/shop/', '', 'es')).toBe('/es/shop');
  });
});
