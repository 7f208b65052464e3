import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { LazyDecor } from '../components/animation/LazyDecor';
import { FeaturedProducts } from '../components/home/FeaturedProducts';
import { FounderWelcome } from '../components/home/FounderWelcome';
import { Hero } from '../components/home/Hero';
import { HomeNewsletter } from '../components/home/HomeNewsletter';
import { Management } from '../components/home/Management';
import { NewsletterNotice } from '../components/newsletter/NewsletterNotice';
import { Phases } from '../components/home/Phases';
import { Values } from '../components/home/Values';
import { Layout } from '../components/layout/Layout';
import { pageContent } from '../components/pages/shared/pageContent';
import { useSiteContent } from '../hooks/useSiteContent';
import { CardGrid } from '../components/sections/CardGrid';
import { Section } from '../components/sections/Section';
import { Testimonials } from '../components/sections/Testimonials';
import { localBusinessJsonLd } from '../components/seo/jsonLd';
import { useEventsJsonLd } from '../components/seo/useEventsJsonLd';
import { Seo } from '../components/seo/Seo';
import { useSiteMetadata } from '../hooks/useSiteMetadata';


/** The home page: its nine sections in order, plus the decoration. */
export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  const home = pageContent(data.homePage, 'home.yaml');
  const site = useSiteContent();
  return (
    <Layout>
      {/* One child, so one section of the layout (layoutInSlices.ts): the notice sits above the hero. */}
      <>
        <NewsletterNotice text={site.newsletter} />
        <Hero hero={home.hero} image={data.heroImage?.childImageSharp?.gatsbyImageData} />
      </>
      <FounderWelcome
        welcome={home.welcome}
        mission={home.mission}
        artCollective={home.artCollective}
        founderImage={data.founderImage?.childImageSharp?.gatsbyImageData}
        wrapsImage={data.wrapsImage?.childImageSharp?.gatsbyImageData}
      />
      <Values values={home.values} />
      <Phases block={home.phases} />
      <Section id="services" eyebrow={home.services.eyebrow} heading={home.services.heading} intro={home.services.text} data-home-section="services">
        <CardGrid items={home.services.items} columns={home.services.items.length === 4 ? 4 : 3} arrow />
      </Section>
      <Section id="brands" tone="alt" eyebrow={home.brands.eyebrow} heading={home.brands.heading} intro={home.brands.text} data-home-section="brands">
        <CardGrid items={home.brands.items} columns={home.brands.items.length === 4 ? 4 : 3} arrow />
      </Section>
      <Management block={home.management} />
      <FeaturedProducts block={home.featured} products={data.featured.nodes} />
      <Section id="testimonials" heading={home.testimonials.heading} data-home-section="testimonials">
        <Testimonials items={home.testimonials.items} byline="inline" />
      </Section>
      <HomeNewsletter block={home.newsletter} text={site.newsletter} rateLimited={site.forms.rateLimited} />
      <LazyDecor />
    </Layout>
  );
}

export function Head({ data }: HeadProps<Queries.HomePageQuery>) {
  const home = pageContent(data.homePage, 'home.yaml');
  const meta = useSiteMetadata();
  const site = useSiteContent();
  const business = localBusinessJsonLd({
    name: site.brand.name,
    description: home.seo.description,
    siteUrl: meta.siteUrl,
    email: site.contact.email,
    phone: site.contact.phone,
    area: site.contact.area,
    sameAs: site.social.map((s) => s.url),
  });
  const events = useEventsJsonLd({ workshops: true, shifts: true });
  return <Seo title={home.seo.title ?? undefined} description={home.seo.description} path="/" jsonLd={[business, ...events]} />;
}

export const query = graphql`
  fragment HomeCta on Cta {
    label
    to
    variant
  }
  fragment HomeCards on HomeCards {
    eyebrow
    heading
    text
    items { icon title text link { ...HomeCta } }
  }
  query HomePage($locale: String!) {
    homePage(locale: { eq: $locale }) {
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
    featured: allProduct(filter: { featured: { eq: true }, locale: { eq: $locale } }, sort: { order: ASC }) {
      nodes {
        productId slug name price size description anchor imageAlt
        image { childImageSharp { gatsbyImageData(width: 400, placeholder: NONE, formats: [AUTO, WEBP, AVIF]) } }
      }
    }
  }
`;
