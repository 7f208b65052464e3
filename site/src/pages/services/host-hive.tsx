import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../../components/layout/Layout';
import { PricingCards } from '../../components/pages/services/PricingCards';
import { CardGrid } from '../../components/sections/CardGrid';
import { CheckList } from '../../components/pages/shared/CheckList';
import { CtaBlock } from '../../components/pages/shared/CtaBlock';
import { PageHead } from '../../components/pages/shared/PageHead';
import { PageHero } from '../../components/pages/shared/PageHero';
import { Section } from '../../components/sections/Section';
import { SplitFigure } from '../../components/pages/shared/SplitFigure';
import { Testimonials } from '../../components/sections/Testimonials';
import { pageContent } from '../../components/pages/shared/pageContent';
import { useCatalog } from '../../hooks/useCatalog';

export default function HostHivePage({ data }: PageProps<Queries.HostHivePageQuery>) {
  const page = pageContent(data.hostHiveYaml, 'pages/host-hive.yaml');
  const { hosting } = useCatalog();
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <Section id="included" heading={page.inclusions.heading} intro={page.inclusions.intro}>
        <CardGrid items={page.inclusions.items} columns={4} />
      </Section>
      <Section id="locations" heading={page.locations.heading} intro={page.locations.intro} tone="leaf">
        <SplitFigure figure={page.locations.figure}>
          <CheckList items={page.locations.items} />
        </SplitFigure>
      </Section>
      <Section id="benefits" heading={page.benefits.heading} intro={page.benefits.intro}>
        <CardGrid items={page.benefits.items} columns={4} />
      </Section>
      <Section id="pricing" heading={page.pricing.heading} intro={page.pricing.intro} tone="alt">
        <PricingCards offers={hosting.plans} unit={page.pricing.perYear} cta={page.pricing.button} />
        <ul className="pages-notes pages-plain">
          {page.pricing.notes.map((note) => (
            <li key={note}>
              <strong>{note}</strong>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="testimonials" heading={page.testimonialsHeading}>
        <Testimonials items={page.testimonials} />
      </Section>
      <CtaBlock block={page.cta} />
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Queries.HostHivePageQuery>) => <PageHead seo={data.hostHiveYaml?.seo} path="/services/host-hive" />;

export const query = graphql`
  query HostHivePage {
    hostHiveYaml {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      inclusions { ...PageCardsFields }
      locations { heading intro items figure { ...PageFigureFields } }
      benefits { ...PageCardsFields }
      pricing { heading intro perYear notes button { label to variant } }
      testimonialsHeading
      testimonials { ...PageTestimonialFields }
      cta { ...PageCtaFields }
    }
  }
`;
