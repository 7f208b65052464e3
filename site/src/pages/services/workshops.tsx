import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../../components/layout/Layout';
import { ScheduleTable } from '../../components/pages/services/ScheduleTable';
import { WorkshopCards } from '../../components/pages/services/WorkshopCards';
import { CtaBlock } from '../../components/pages/shared/CtaBlock';
import { PageHead } from '../../components/pages/shared/PageHead';
import { PageHero } from '../../components/pages/shared/PageHero';
import { Section } from '../../components/sections/Section';
import { pageContent } from '../../components/pages/shared/pageContent';
import { useCatalog } from '../../hooks/useCatalog';
import { useEventsJsonLd } from '../../components/seo/useEventsJsonLd';

export default function WorkshopsPage({ data }: PageProps<Queries.WorkshopsPageQuery>) {
  const page = pageContent(data.workshopsPage, 'pages/workshops.yaml');
  const { workshops } = useCatalog();
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <Section id="offerings" heading={page.offeringsHeading}>
        <WorkshopCards offerings={workshops.offerings} schedule={workshops.schedule} labels={page.labels} />
      </Section>
      <Section id="schedule" heading={page.schedule.heading} tone="alt">
        <ScheduleTable offerings={workshops.offerings} schedule={workshops.schedule} text={page.schedule} />
      </Section>
      <section id="private-and-group" className="section section-leaf" aria-label={`${page.private.heading}, ${page.group.heading}`}>
        <div className="container grid grid-2">
          {[page.private, page.group].map((notice, index) => (
            <div key={notice.heading} id={index ? 'group' : 'private'} className="card">
              <h2>{notice.heading}</h2>
              <p>{notice.text}</p>
            </div>
          ))}
        </div>
      </section>
      <CtaBlock block={page.cta} />
    </Layout>
  );
}

export function Head({ data }: HeadProps<Queries.WorkshopsPageQuery>) {
  const events = useEventsJsonLd({ workshops: true });
  return <PageHead seo={data.workshopsPage?.seo} path="/services/workshops" jsonLd={events} />;
}

export const query = graphql`
  query WorkshopsPage($locale: String!) {
    workshopsPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      offeringsHeading
      labels { duration price ages nextSession hours register registerTo }
      schedule { heading caption columns { date workshop time availability } spotsLeft }
      private { heading text }
      group { heading text }
      cta { ...PageCtaFields }
    }
  }
`;
