import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { useSiteContent } from '../hooks/useSiteContent';
import { SmartLink } from '../components/layout/SmartLink';
import { CheckList } from '../components/pages/shared/CheckList';
import { CtaBlock } from '../components/pages/shared/CtaBlock';
import { PageHead } from '../components/pages/shared/PageHead';
import { PageHero } from '../components/pages/shared/PageHero';
import { Section } from '../components/sections/Section';
import { pageContent } from '../components/pages/shared/pageContent';
import type { PageList } from '../components/pages/shared/types';
import { ProductGrid, productElementId } from '../components/pages/shop/ProductCard';
import { productJsonLd } from '../components/seo/jsonLd';
import { useLocale } from '../hooks/useLocale';
import { localePath } from '../../../supabase/functions/_shared/content-schema/locales.ts';
import { useSiteMetadata } from '../hooks/useSiteMetadata';

const NOTE_ID = 'cart-note';

function PolicyList({ list, id }: { list: PageList; id: string }) {
  return (
    <div className="card" id={id}>
      <h2>{list.heading}</h2>
      <CheckList items={list.items} />
      {list.link && <SmartLink to={list.link.to}>{list.link.label}</SmartLink>}
    </div>
  );
}

export default function ShopPage({ data }: PageProps<Queries.ShopPageQuery>) {
  const page = pageContent(data.shopPage, 'pages/shop.yaml');
  const products = data.allProduct.nodes;
  const inCategory = (category: string) => products.filter((product) => product.category === category);
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <div className="container">
        <p id={NOTE_ID} className="notice pages-cart-note" role="note">
          {page.cartNote}
        </p>
      </div>
      <Section id="honey" heading={page.honey.heading} intro={page.honey.intro}>
        <ProductGrid products={inCategory('honey')} cartText={page.cart} batchText={data.honeyPage?.shopCurrentBatch} />
      </Section>
      <Section id="beeswax" heading={page.beeswax.heading} intro={page.beeswax.intro} tone="alt">
        <ProductGrid products={inCategory('beeswax')} cartText={page.cart} />
      </Section>
      <section className="section" aria-label={`${page.shipping.heading}, ${page.policies.heading}`}>
        <div className="container grid grid-2">
          <PolicyList list={page.shipping} id="shipping" />
          <PolicyList list={page.policies} id="policies" />
        </div>
      </section>
      <CtaBlock block={page.cta} />
    </Layout>
  );
}

export function Head({ data }: HeadProps<Queries.ShopPageQuery>) {
  const { siteUrl } = useSiteMetadata();
  const { brand } = useSiteContent();
  const shopUrl = `${siteUrl}${localePath('/shop', useLocale())}`;
  const jsonLd = data.allProduct.nodes.map((product) =>
    productJsonLd(
      {
        name: product.name,
        description: product.description,
        price: product.price,
        sku: product.slug,
        url: `${shopUrl}#${productElementId(product)}`,
        image: product.image?.childImageSharp?.gatsbyImageData.images.fallback?.src
          ? `${siteUrl}${product.image.childImageSharp.gatsbyImageData.images.fallback.src}`
          : undefined,
      },
      brand.name,
    ),
  );
  return <PageHead seo={data.shopPage?.seo} path="/shop" jsonLd={jsonLd} />;
}

export const query = graphql`
  query ShopPage($locale: String!) {
    shopPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      honey { heading intro }
      beeswax { heading intro }
      cart { label added viewCart atMost }
      cartNote
      shipping { ...PageListFields }
      policies { ...PageListFields }
      cta { ...PageCtaFields }
    }
    honeyPage(locale: { eq: $locale }) { shopCurrentBatch }
    allProduct(filter: { locale: { eq: $locale } }, sort: { order: ASC }) {
      nodes {
        productId slug name price size description category anchor imageAlt currentBatch
        image { childImageSharp { gatsbyImageData(width: 480, placeholder: BLURRED, layout: CONSTRAINED) } }
      }
    }
  }
`;
