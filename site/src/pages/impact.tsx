import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { CardGrid } from '../components/pages/shared/CardGrid';
import { CtaBlock } from '../components/pages/shared/CtaBlock';
import { PageHead } from '../components/pages/shared/PageHead';
import { PageHero } from '../components/pages/shared/PageHero';
import { Section, type SectionTone } from '../components/pages/shared/Section';
import { StatGrid } from '../components/pages/shared/StatGrid';
import type * as T from '../components/pages/shared/types';
import { useCatalog, useFilledContent } from '../components/pages/shared/useCatalog';

interface ImpactContent {
  seo: T.PageSeo;
  hero: T.PageHero;
  claimsHeading: string;
  sections: { id: string; heading: string; text: string }[];
  join: T.PageCards;
  goalsHeading: string;
  support: T.PageCtaBlock;
}
type Data = { impactYaml: ImpactContent | null };

const tones: SectionTone[] = ['plain', 'leaf'];

export default function ImpactPage({ data }: PageProps<Data>) {
  const page = useFilledContent(data.impactYaml, 'pages/impact.yaml');
  const { impact } = useCatalog();
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <Section id="claims" heading={page.claimsHeading} tone="alt">
        <StatGrid figures={impact.claims} />
      </Section>
      {page.sections.map((section, index) => (
        <Section key={section.id} id={section.id} heading={section.heading} tone={tones[index % tones.length]}>
          <p className="pages-narrow pages-center lead">{section.text}</p>
        </Section>
      ))}
      <Section id="join" heading={page.join.heading} intro={page.join.intro} tone="alt">
        <CardGrid items={page.join.items} />
      </Section>
      <Section id="goals" heading={page.goalsHeading}>
        <StatGrid figures={impact.goals} />
      </Section>
      <CtaBlock block={page.support} id="support" />
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Data>) => <PageHead seo={data.impactYaml?.seo} path="/impact" />;

export const query = graphql`
  query ImpactPage {
    impactYaml {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      claimsHeading
      sections { id heading text }
      join { ...PageCardsFields }
      goalsHeading
      support { ...PageCtaFields }
    }
  }
`;
