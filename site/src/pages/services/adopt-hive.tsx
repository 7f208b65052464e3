import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../../components/layout/Layout';
import { Accordion } from '../../components/pages/faq/Accordion';
import { PricingCards } from '../../components/pages/services/PricingCards';
import { CardGrid } from '../../components/sections/CardGrid';
import { CtaBlock } from '../../components/pages/shared/CtaBlock';
import { PageHead } from '../../components/pages/shared/PageHead';
import { PageHero } from '../../components/pages/shared/PageHero';
import { Section } from '../../components/sections/Section';
import { pageContent } from '../../components/pages/shared/pageContent';
import { useCatalog } from '../../hooks/useCatalog';

export default function AdoptHivePage({ data }: PageProps<Queries.AdoptHivePageQuery>) {
  const page = pageContent(data.adoptHivePage, 'pages/adopt-hive.yaml');
  const { adopt } = useCatalog();
  const offers = adopt.tiers.map((tier) => ({
    id: tier.id,
    name: tier.name,
    price: tier.price,
    features: tier.perks,
    badge: tier.popular ? adopt.popularLabel : null,
  }));
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <Section id="tiers" heading={page.tiersHeading} tone="alt">
        <PricingCards offers={offers} unit={page.perMonth} cta={page.subscribe} choiceParam="adopt" />
      </Section>
      <Section id="impact" heading={page.impact.heading} intro={page.impact.intro}>
        <CardGrid items={page.impact.items} columns={4} />
      </Section>
      <Section id="adoption-faq" heading={page.faq.heading} tone="leaf">
        <Accordion items={page.faq.items} group="adopt-faq" />
      </Section>
      <CtaBlock block={page.cta} />
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Queries.AdoptHivePageQuery>) => <PageHead seo={data.adoptHivePage?.seo} path="/services/adopt-hive" />;

export const query = graphql`
  query AdoptHivePage($locale: String!) {
    adoptHivePage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      tiersHeading
      perMonth
      subscribe { label to variant }
      impact { ...PageCardsFields }
      faq { ...PageFaqFields }
      cta { ...PageCtaFields }
    }
  }
`;
