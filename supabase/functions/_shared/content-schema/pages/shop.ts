/** The 'pages/shop' document (content/pages/shop.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { CartButton, PageCtaBlock, PageHero, PageList, PageSeo } from '../shared.ts';

const ShopIntro = z.strictObject({
  heading: text,
  intro: text.nullish(),
});

/** A product's element id on /shop (#wildflower) when it is not the product's slug. */
const ShopProductAnchor = z.strictObject({
  slug: text,
  anchor: text.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lowercase letters, digits and dashes only'),
});

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  honey: ShopIntro,
  beeswax: ShopIntro,
  cart: CartButton,
  cartNote: text,
  shipping: PageList,
  policies: PageList,
  cta: PageCtaBlock,
  productAnchors: z.array(ShopProductAnchor).nullish(),
});
