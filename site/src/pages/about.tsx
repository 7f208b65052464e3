import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { CardGrid } from '../components/sections/CardGrid';
import { CheckList } from '../components/pages/shared/CheckList';
import { CtaBlock } from '../components/pages/shared/CtaBlock';
import { PageHead } from '../components/pages/shared/PageHead';
import { PageHero } from '../components/pages/shared/PageHero';
import { Section } from '../components/sections/Section';
import { SplitFigure } from '../components/pages/shared/SplitFigure';
import { StatGrid } from '../components/pages/shared/StatGrid';
import { pageContent } from '../components/pages/shared/pageContent';
import { useCatalog } from '../hooks/useCatalog';

export default function AboutPage({ data }: PageProps<Queries.AboutPageQuery>) {
  const page = pageContent(data.aboutPage, 'pages/about.yaml');
  const { impact } = useCatalog();
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <Section id="story" heading={page.story.heading}>
        <SplitFigure figure={page.story.figure}>
          {page.story.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </SplitFigure>
      </Section>
      <Section id="buzz-haven" heading={page.buzzHaven.heading} intro={page.buzzHaven.intro} tone="alt">
        <CardGrid items={page.buzzHaven.items} />
      </Section>
      <Section id="mission" heading={page.mission.heading} intro={page.mission.intro} tone="leaf">
        <CheckList items={page.mission.items} className="pages-narrow" />
      </Section>
      <Section id="values" heading={page.values.heading} intro={page.values.intro}>
        <CardGrid items={page.values.items} />
      </Section>
      <Section id="impact" heading={page.statsHeading} tone="alt">
        <StatGrid figures={impact.claims} />
      </Section>
      <CtaBlock block={page.cta} />
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Queries.AboutPageQuery>) => <PageHead seo={data.aboutPage?.seo} path="/about" />;

export const query = graphql`
  query AboutPage($locale: String!) {
    aboutPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      story { heading paragraphs figure { ...PageFigureFields } }
      buzzHaven { ...PageCardsFields }
      mission { ...PageListFields }
      values { ...PageCardsFields }
      statsHeading
      cta { ...PageCtaFields }
    }
  }
`;
