import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { CtaBlock } from '../components/pages/shared/CtaBlock';
import { PageHead } from '../components/pages/shared/PageHead';
import { PageHero } from '../components/pages/shared/PageHero';
import { pageContent } from '../components/pages/shared/pageContent';
import { Section } from '../components/sections/Section';
import { HiveList } from '../components/hives/HiveList';
import { HiveMap } from '../components/hives/HiveMap';
import '../components/hives/hives.css';

/**
 * /hives: the map of the city's hives. The hives and their approximate positions come
 * from the build (PublicHive nodes); the list is static HTML, the map is drawn after first paint.
 */
export default function HivesPage({ data }: PageProps<Queries.HivesPageQuery>) {
  const page = pageContent(data.hivesPage, 'pages/hives.yaml');
  const hives = data.allPublicHive.nodes;
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <Section id="map" heading={page.map.heading} intro={page.map.intro}>
        <HiveMap hives={hives} words={page.map} placeholder={page.map.placeholder} />
        <p className="hive-map-approximate">{page.map.approximate}</p>
      </Section>
      <Section id="list" heading={page.map.listHeading} intro={page.map.listIntro} tone="alt">
        <HiveList hives={hives} words={page.map} empty={page.map.empty} />
      </Section>
      <CtaBlock block={page.join} id="join" />
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Queries.HivesPageQuery>) => <PageHead seo={data.hivesPage?.seo} path="/hives" />;

export const query = graphql`
  query HivesPage($locale: String!) {
    hivesPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      map {
        heading intro placeholder label tilesFailed approximate listHeading listIntro empty
        wrap noWrap installed hostedBy adoptedBy imageAlt
      }
      join { ...PageCtaFields }
    }
    allPublicHive(filter: { locale: { eq: $locale } }, sort: { order: ASC }) {
      nodes {
        hiveId name neighbourhood lat lng hostName adopterNames
        wrapTitle wrapArtist wrapImageUrl wrapInstalledOn
      }
    }
  }
`;
