/**
 * /honey/<code>: one published honey batch (gatsby-node.ts createPages, src/build/honeyBatches.ts):
 * the hives it came from with their neighbourhood (never an address) and their latest art wrap (title,
 * artist, photo), the season and harvest date,
 * the harvests' notes and the product it became, with a JSON-LD Product whose productID is the
 * batch code. The words are the 'pages/honey' content document.
 */
import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { SmartLink } from '../components/layout/SmartLink';
import { PageHero } from '../components/pages/shared/PageHero';
import { Section } from '../components/sections/Section';
import { Seo } from '../components/seo/Seo';
import { productElementId } from '../components/pages/shop/ProductCard';
import { useSiteMetadata } from '../hooks/useSiteMetadata';
import { useSiteContent } from '../hooks/useSiteContent';
import { useLocale } from '../hooks/useLocale';
import { longDay } from '../lib/siteWords';
import type { HoneyBatchContext } from '../build/honeyBatches';
import { fillBatchText, honeyBatchPath } from '../components/pages/honey/batchText';
import '../components/pages/honey/honey.css';
import '../components/pages/shared/pages.css';

type Props = PageProps<Queries.HoneyBatchPageQuery, HoneyBatchContext>;


const valuesOf = (batch: HoneyBatchContext['batch']) => ({
  code: batch.code, product: batch.product_name, neighbourhood: batch.harvested_in, season: batch.season,
});

export default function HoneyBatchPage({ data, pageContext }: Props) {
  const words = data.honeyPage!;
  const { batch } = pageContext;
  const locale = useLocale();
  // A calendar day, not an instant: 2024-10-02 -> October 2, 2024.
  const longDate = (day: string) => longDay(day, locale);
  const fill = (text: string, more: Record<string, string> = {}) => fillBatchText(text, { ...valuesOf(batch), ...more });
  const product = data.product;
  return (
    <Layout>
      <PageHero hero={{ eyebrow: words.eyebrow, title: fill(words.title), intro: fill(words.harvestedIn) }} />
      <Section id="batch" heading={words.facts.heading} intro={words.intro}>
        <dl className="pages-facts honey-facts">
          <dt>{words.facts.neighbourhood}</dt>
          <dd>{batch.harvested_in}</dd>
          <dt>{words.facts.season}</dt>
          <dd>{batch.season}</dd>
          <dt>{words.facts.harvestDate}</dt>
          <dd><time dateTime={batch.harvested_on}>{longDate(batch.harvested_on)}</time></dd>
          {batch.bottled_on && (
            <>
              <dt>{words.facts.bottledOn}</dt>
              <dd><time dateTime={batch.bottled_on}>{longDate(batch.bottled_on)}</time></dd>
            </>
          )}
          <dt>{words.facts.jars}</dt>
          <dd>{batch.jar_count}</dd>
          {batch.net_weight && (
            <>
              <dt>{words.facts.netWeight}</dt>
              <dd>{batch.net_weight}</dd>
            </>
          )}
        </dl>
        {batch.notes && (
          <div className="card honey-notes">
            <h3>{words.notesHeading}</h3>
            <p>{batch.notes}</p>
          </div>
        )}
      </Section>
      <Section id="hives" heading={words.hives.heading} intro={words.hives.intro} tone="alt">
        <ul className="grid grid-3 pages-plain" role="list">
          {batch.hives.map((hive) => (
            <li key={hive.id} className="card honey-hive">
              {hive.wrap?.photo_url && (
                <img className="honey-hive-wrap" src={hive.wrap.photo_url} width={240} height={160} loading="lazy" decoding="async"
                  alt={fill(words.hives.wrapAlt, { title: hive.wrap.title, artist: hive.wrap.artist, hive: hive.name })} />
              )}
              <h3>{hive.name}</h3>
              <p>{hive.neighbourhood}</p>
              <p className="honey-hive-wrap-title">
                {hive.wrap ? fill(words.hives.wrap, { title: hive.wrap.title, artist: hive.wrap.artist }) : words.hives.noWrap}
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="harvest" heading={words.harvests.heading}>
        <ul className="grid grid-2 pages-plain" role="list">
          {batch.harvests.map((harvest, index) => (
            <li key={index} className="card honey-harvest">
              <h3>{harvest.hive}: <time dateTime={harvest.harvested_on}>{longDate(harvest.harvested_on)}</time></h3>
              <p>{harvest.neighbourhood}, {harvest.season}</p>
              {harvest.weight_lb !== null && <p>{fill(words.harvests.weight, { value: String(harvest.weight_lb) })}</p>}
              {harvest.moisture_pct !== null && <p>{fill(words.harvests.moisture, { value: String(harvest.moisture_pct) })}</p>}
              {harvest.floral_notes && <p><strong>{words.harvests.floralNotes}:</strong> {harvest.floral_notes}</p>}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="product" heading={words.product.heading} tone="honey">
        <div className="card honey-product">
          <h3>{batch.product_name}</h3>
          {product?.description && <p>{product.description}</p>}
          {product && (
            <SmartLink to={`/shop#${productElementId(product)}`} className="btn btn-primary">
              {fill(words.product.link)}
            </SmartLink>
          )}
        </div>
      </Section>
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<Queries.HoneyBatchPageQuery, HoneyBatchContext>) {
  const { siteUrl } = useSiteMetadata();
  const { brand } = useSiteContent();
  const { batch } = pageContext;
  const words = data.honeyPage!;
  const values = valuesOf(batch);
  const path = honeyBatchPath(batch.code);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${batch.product_name} (batch ${batch.code})`,
    productID: batch.code,
    sku: data.product?.slug ?? undefined,
    description: fillBatchText(words.harvestedIn, values),
    brand: { '@type': 'Brand', name: brand.name },
    url: `${siteUrl}${path}`,
    ...(batch.net_weight ? { weight: batch.net_weight } : {}),
  };
  return (
    <Seo title={fillBatchText(words.seo.title, values)} description={fillBatchText(words.seo.description, values)} path={path} jsonLd={jsonLd} />
  );
}

export const query = graphql`
  query HoneyBatchPage($productSlug: String!, $locale: String!) {
    honeyPage(locale: { eq: $locale }) {
      seo { title description }
      eyebrow
      title
      harvestedIn
      intro
      facts { heading season harvestDate neighbourhood jars netWeight bottledOn }
      hives { heading intro wrap noWrap wrapAlt }
      harvests { heading weight moisture floralNotes }
      notesHeading
      product { heading link }
    }
    product(slug: { eq: $productSlug }, locale: { eq: $locale }) {
      slug
      anchor
      description
    }
  }
`;
