import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../../components/layout/Layout';
import { SwarmFeeBox } from '../../components/pages/services/SwarmFeeBox';
import { SwarmReportIsland } from '../../components/pages/swarm/SwarmReportIsland';
import { useSiteContent } from '../../hooks/useSiteContent';
import { CardGrid } from '../../components/sections/CardGrid';
import { CheckList } from '../../components/pages/shared/CheckList';
import { CtaBlock } from '../../components/pages/shared/CtaBlock';
import { PageHead } from '../../components/pages/shared/PageHead';
import { PageHero } from '../../components/pages/shared/PageHero';
import { Section } from '../../components/sections/Section';
import { pageContent } from '../../components/pages/shared/pageContent';
import { useCatalog } from '../../hooks/useCatalog';

export default function SwarmManagementPage({ data }: PageProps<Queries.SwarmManagementPageQuery>) {
  const page = pageContent(data.swarmManagementPage, 'pages/swarm-management.yaml');
  const { swarm } = useCatalog();
  const { forms } = useSiteContent();
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <section className="section section-honey" aria-labelledby="hotline-heading">
        <div className="container">
          <div className="notice pages-hotline" id="hotline">
            <h2 id="hotline-heading">{page.hotline.heading}</h2>
            <p>{page.hotline.text}</p>
            <a className="btn btn-primary" href={`tel:${swarm.hotline.replace(/[^\d+]/g, '')}`}>
              {page.hotline.callLabel}: {swarm.hotline}
            </a>
          </div>
        </div>
      </section>
      <Section id="approach" heading={page.approach.heading} intro={page.approach.intro}>
        <CardGrid items={page.approach.items} />
      </Section>
      <Section id="when-to-call" heading={page.whenToCall.heading} intro={page.whenToCall.intro} tone="alt">
        <CheckList items={swarm.criteria} className="pages-narrow" />
        {page.whenToCall.outro && <p className="pages-narrow pages-muted">{page.whenToCall.outro}</p>}
        <SwarmFeeBox {...page.fee} />
      </Section>
      <section id="report" className="section" aria-label={page.report.heading}>
        <div className="container">
          <SwarmReportIsland text={page.report} honeypot={forms.honeypot} rateLimited={forms.rateLimited} />
        </div>
      </section>
      <Section id="identification" heading={page.identification.heading} intro={page.identification.intro}>
        <CardGrid items={page.identification.items} columns={4} />
      </Section>
      <Section id="stories" heading={page.stories.heading} intro={page.stories.intro} tone="leaf">
        <CardGrid items={page.stories.items} />
      </Section>
      <CtaBlock block={page.cta} />
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Queries.SwarmManagementPageQuery>) => (
  <PageHead seo={data.swarmManagementPage?.seo} path="/services/swarm-management" />
);

export const query = graphql`
  query SwarmManagementPage($locale: String!) {
    swarmManagementPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      hotline { heading text callLabel }
      approach { ...PageCardsFields }
      whenToCall { heading intro outro }
      report {
        heading intro noScript requiredNote optional location locationHint
        formedWhen { legend under24h from24to48h over48h unknown }
        size { legend smaller football larger }
        height { legend ground reachable high }
        structure { legend outside inside }
        photo photoHint name phone email notes qualifies notQualifies stillSend
        reasons { size formedWhen structure }
        submit sending success error
      }
      fee { heading text response }
      identification { ...PageCardsFields }
      stories { ...PageCardsFields }
      cta { ...PageCtaFields }
    }
  }
`;
