import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { LazyDecor } from '../components/animation/LazyDecor';
import { CardGrid } from '../components/home/CardGrid';
import { FeaturedProducts } from '../components/home/FeaturedProducts';
import { FounderWelcome } from '../components/home/FounderWelcome';
import { Hero } from '../components/home/Hero';
import { HomeNewsletter } from '../components/home/HomeNewsletter';
import { Management } from '../components/home/Management';
import { Phases } from '../components/home/Phases';
import { Testimonials } from '../components/home/Testimonials';
import { Values } from '../components/home/Values';
import type { FeaturedProduct, HomeContent } from '../components/home/types';
import { Layout } from '../components/layout/Layout';
import { useSiteContent } from '../components/layout/useSiteContent';
import { localBusinessJsonLd } from '../components/seo/jsonLd';
import { Seo } from '../components/seo/Seo';
import { useSiteMetadata } from '../components/seo/useSiteMetadata';

type ImageFile = { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;

interface Data {
  homeYaml: HomeContent;
  heroImage: ImageFile;
  founderImage: ImageFile;
  wrapsImage: ImageFile;
  featured: { nodes: FeaturedProduct[] };
}

/** The home page: its nine sections in order, plus the decoration. */
export default function HomePage({ data }: PageProps<Data>) {
  const home = data.homeYaml;
  const site = useSiteContent();
  return (
    <Layout>
      <Hero hero={home.hero} image={data.heroImage?.childImageSharp?.gatsbyImageData} />
      <FounderWelcome
        welcome={home.welcome}
        mission={home.mission}
        artCollective={home.artCollective}
        founderImage={data.founderImage?.childImageSharp?.gatsbyImageData}
        wrapsImage={data.wrapsImage?.childImageSharp?.gatsbyImageData}
      />
      <Values values={home.values} />
      <Phases block={home.phases} />
      <CardGrid id="services" block={home.services} />
      <CardGrid id="brands" block={home.brands} className="section section-alt" />
      <Management block={home.management} />
      <FeaturedProducts block={home.featured} products={data.featured.nodes} />
      <Testimonials block={home.testimonials} />
      <HomeNewsletter block={home.newsletter} text={site.newsletter} />
      <LazyDecor />
    </Layout>
  );
}

export function Head({ data }: HeadProps<Data>) {
  const meta = useSiteMetadata();
  const site = useSiteContent();
  const business = localBusinessJsonLd({
    name: site.brand.name,
    description: data.homeYaml.seo.description,
    siteUrl: meta.siteUrl,
    email: site.contact.email,
    phone: site.contact.phone,
    area: site.contact.area,
    sameAs: site.social.map((s) => s.url),
  });
  return <Seo title={data.homeYaml.seo.title ?? undefined} description={data.homeYaml.seo.description} path="/" jsonLd={business} />;
}

export const query = graphql`
  fragment HomeCta on Cta {
    label
    to
    variant
  }
  fragment HomeCards on HomeYamlCards {
    eyebrow
    heading
    text
    items { icon title text link { ...HomeCta } }
  }
  query HomePage {
    homeYaml {
      seo { title description }
      hero { eyebrow title text imageAlt ctas { ...HomeCta } }
      welcome {
        eyebrow heading paragraphs founderAlt cta { ...HomeCta }
        letter { label greeting paragraphs signOff signature role hint }
      }
      mission { heading items }
      artCollective { heading text imageAlt steps { title text } }
      values { heading text items { icon title text } ctas { ...HomeCta } }
      phases { eyebrow heading text items { icon title text } }
      services { ...HomeCards }
      brands { ...HomeCards }
      management { eyebrow heading text ctas { ...HomeCta } }
      featured { eyebrow heading text linkLabel allLink { ...HomeCta } cart { label added viewCart atMost } }
      testimonials { heading items { quote name role } }
      newsletter { eyebrow heading text }
    }
    heroImage: file(sourceInstanceName: { eq: "images" }, relativePath: { eq: "hero.png" }) {
      childImageSharp { gatsbyImageData(width: 560, placeholder: NONE, formats: [AUTO, WEBP, AVIF]) }
    }
    founderImage: file(sourceInstanceName: { eq: "images" }, relativePath: { eq: "founder.png" }) {
      childImageSharp { gatsbyImageData(width: 240, placeholder: NONE, formats: [AUTO, WEBP, AVIF]) }
    }
    wrapsImage: file(sourceInstanceName: { eq: "images" }, relativePath: { eq: "hive-wraps.png" }) {
      childImageSharp { gatsbyImageData(width: 520, placeholder: NONE, formats: [AUTO, WEBP, AVIF]) }
    }
    featured: allProductsYaml(filter: { featured: { eq: true } }, sort: { order: ASC }) {
      nodes {
        slug name price size description anchor imageAlt
        image { childImageSharp { gatsbyImageData(width: 400, placeholder: NONE, formats: [AUTO, WEBP, AVIF]) } }
      }
    }
  }
`;
