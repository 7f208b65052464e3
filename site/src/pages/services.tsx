import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { ServiceCards } from '../components/pages/services/ServiceCards';
import { CardGrid } from '../components/sections/CardGrid';
import { CtaBlock } from '../components/pages/shared/CtaBlock';
import { PageHead } from '../components/pages/shared/PageHead';
import { PageHero } from '../components/pages/shared/PageHero';
import { Section } from '../components/sections/Section';
import { Testimonials } from '../components/sections/Testimonials';
import { pageContent } from '../components/pages/shared/pageContent';

export default function ServicesPage({ data }: PageProps<Queries.ServicesPageQuery>) {
  const page = pageContent(data.servicesPage, 'pages/services.yaml');
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <Section id="our-services" heading={page.servicesHeading}>
        <ServiceCards services={page.services} />
      </Section>
      <Section id="custom-solutions" heading={page.custom.heading} intro={page.custom.intro} tone="alt">
        <CardGrid items={page.custom.items} />
      </Section>
      <Section id="testimonials" heading={page.testimonialsHeading}>
        <Testimonials items={page.testimonials} />
      </Section>
      <CtaBlock block={page.cta} />
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Queries.ServicesPageQuery>) => <PageHead seo={data.servicesPage?.seo} path="/services" />;

export const query = graphql`
  query ServicesPage($locale: String!) {
    servicesPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      servicesHeading
      services { id title text price icon link { label to variant } }
      custom { ...PageCardsFields }
      testimonialsHeading
      testimonials { ...PageTestimonialFields }
      cta { ...PageCtaFields }
    }
  }
`;
