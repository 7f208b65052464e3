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
import { useSiteContent } from '../../hooks/useSiteContent';
import { HostApplicationIsland } from '../../components/pages/host/HostApplicationIsland';

export default function HostHivePage({ data }: PageProps<Queries.HostHivePageQuery>) {
  const page = pageContent(data.hostHivePage, 'pages/host-hive.yaml');
  const { hosting } = useCatalog();
  const { forms } = useSiteContent();
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
      <section id="apply" className="section section-alt" aria-label={page.apply.heading}>
        <div className="container">
          <HostApplicationIsland text={page.apply} honeypot={forms.honeypot} rateLimited={forms.rateLimited} />
        </div>
      </section>
      <CtaBlock block={page.cta} />
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Queries.HostHivePageQuery>) => <PageHead seo={data.hostHivePage?.seo} path="/services/host-hive" />;

export const query = graphql`
  query HostHivePage($locale: String!) {
    hostHivePage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      inclusions { ...PageCardsFields }
      locations { heading intro items figure { ...PageFigureFields } }
      benefits { ...PageCardsFields }
      pricing { heading intro perYear notes button { label to variant } }
      testimonialsHeading
      testimonials { ...PageTestimonialFields }
      cta { ...PageCtaFields }
      apply {
        heading intro requiredNote noScript name email phone address zip zipHint yardLength yardWidth yardHint
        sun { legend full partial shade }
        water { legend onSite nearby none }
        access { legend level steps difficult }
        pets children answerYes answerNo
        hiveStyle { legend standard artistic }
        photo photoHint message optional submit sending success waitlist error
      }
    }
  }
`;
