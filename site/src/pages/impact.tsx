import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { CardGrid } from '../components/sections/CardGrid';
import { CtaBlock } from '../components/pages/shared/CtaBlock';
import { PageHead } from '../components/pages/shared/PageHead';
import { PageHero } from '../components/pages/shared/PageHero';
import { Section } from '../components/sections/Section';
import { StatGrid } from '../components/pages/shared/StatGrid';
import { pageContent } from '../components/pages/shared/pageContent';
import { useCatalog } from '../hooks/useCatalog';
import { useSiteContent } from '../hooks/useSiteContent';
import { VolunteerIsland } from '../components/pages/volunteer/VolunteerIsland';
import { useEventsJsonLd } from '../components/seo/useEventsJsonLd';

export default function ImpactPage({ data }: PageProps<Queries.ImpactPageQuery>) {
  const page = pageContent(data.impactPage, 'pages/impact.yaml');
  const { impact } = useCatalog();
  const { forms } = useSiteContent();
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <Section id="claims" heading={page.claimsHeading} tone="alt">
        <StatGrid figures={impact.claims} />
      </Section>
      <div className="section">
        <div className="container grid grid-2">
          {page.sections.map((section) => (
            <section key={section.id} id={section.id} className="card pages-impact-card" aria-labelledby={`${section.id}-heading`}>
              {section.icon && (
                <span className="card-icon" aria-hidden="true">
                  {section.icon}
                </span>
              )}
              <h2 id={`${section.id}-heading`}>{section.heading}</h2>
              <p>{section.text}</p>
            </section>
          ))}
        </div>
      </div>
      <Section id="join" heading={page.join.heading} intro={page.join.intro} tone="alt">
        <CardGrid items={page.join.items} />
        <div id="volunteer" className="pages-volunteer">
          <VolunteerIsland text={page.volunteer} honeypot={forms.honeypot} rateLimited={forms.rateLimited} />
        </div>
      </Section>
      <Section id="goals" heading={page.goalsHeading}>
        <StatGrid figures={impact.goals} />
      </Section>
      <CtaBlock block={page.support} id="support" />
    </Layout>
  );
}

export function Head({ data }: HeadProps<Queries.ImpactPageQuery>) {
  const events = useEventsJsonLd({ shifts: true });
  return <PageHead seo={data.impactPage?.seo} path="/impact" jsonLd={events} />;
}

export const query = graphql`
  query ImpactPage($locale: String!) {
    impactPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      claimsHeading
      sections { id heading text icon }
      join { ...PageCardsFields }
      volunteer { heading intro loading none placesLeft full shift requiredNote noScript name email phone submit sending success error }
      goalsHeading
      support { ...PageCtaFields }
    }
  }
`;
