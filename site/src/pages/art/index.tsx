import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../../components/layout/Layout';
import { PageHead } from '../../components/pages/shared/PageHead';
import { PageHero } from '../../components/pages/shared/PageHero';
import { Section } from '../../components/sections/Section';
import { pageContent } from '../../components/pages/shared/pageContent';
import { ArtDesignFigure } from '../../components/art/ArtDesignFigure';
import { ArtLateResultsIsland, ArtSubmitIsland } from '../../components/art/ArtIslands';
import { monthName } from '../../components/art/monthName';
import { useLocale } from '../../hooks/useLocale';
import { useSiteContent } from '../../hooks/useSiteContent';
import '../../components/pages/shared/pages.css';
import '../../components/art/art.css';

/**
 * /art: the hive-wrap art collective (words: content/pages/art.yaml). The winners and tallies of
 * the closed votes come from the build (ArtDesign nodes, src/build/artNodes.ts): a close requests
 * a rebuild, so the page stays static; until the rebuild is served, an idle-time island shows the
 * tallies of votes closed since (ArtLateResults).
 */
export default function ArtPage({ data }: PageProps<Queries.ArtPageQuery>) {
  const page = pageContent(data.artPage, 'pages/art.yaml');
  const { forms } = useSiteContent();
  const locale = useLocale();
  const months = [...new Set(data.allArtDesign.nodes.map((d) => d.month))];
  const { results } = page;
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <Section id="story" heading={page.story.heading}>
        <div className="pages-narrow">
          {page.story.paragraphs.map((p) => <p key={p}>{p}</p>)}
        </div>
      </Section>
      <Section id="how" heading={page.steps.heading} tone="alt">
        <ol className="art-steps">
          {page.steps.items.map((step) => (
            <li key={step.heading} className="card">
              <h3>{step.heading}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="winners" heading={results.heading} intro={results.intro}>
        <ArtLateResultsIsland builtMonths={months} text={results} />
        {months.map((month) => {
          const designs = data.allArtDesign.nodes.filter((d) => d.month === month);
          return (
            <section key={month} aria-label={monthName(month, locale)} data-month={month}>
              <h3>{monthName(month, locale)} <span className="art-tally">· {designs[0]?.totalVotes ?? 0} {results.total}</span></h3>
              <div className="art-designs">
                {designs.map((design) => (
                  <ArtDesignFigure key={design.designId} design={design} by={results.by}>
                    <p className="art-tally" data-votes={design.votes ?? 0}>
                      {design.winner && <span className="art-winner">{results.winner}</span>}{' '}
                      {design.votes ?? 0} {design.votes === 1 ? results.vote : results.votes}
                    </p>
                  </ArtDesignFigure>
                ))}
              </div>
            </section>
          );
        })}
      </Section>
      <Section id="submit" heading={page.submit.heading} intro={page.submit.intro} tone="alt">
        <div className="pages-narrow">
          <ArtSubmitIsland text={page.submit} honeypot={forms.honeypot} rateLimited={forms.rateLimited} />
        </div>
      </Section>
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Queries.ArtPageQuery>) => <PageHead seo={data.artPage?.seo} path="/art" />;

export const query = graphql`
  query ArtPage($locale: String!) {
    artPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      story { heading paragraphs }
      steps { heading items { heading text } }
      results { heading intro votes vote winner total none by }
      submit {
        heading intro title statement artistName email link linkHint consent imageNote requiredNote
        button sending success error noScript licenceLink { label to }
      }
    }
    allArtDesign(filter: { ballot: { eq: false } }, sort: [{ month: DESC }, { votes: DESC }, { title: ASC }]) {
      nodes {
        designId month title artistName statement link votes totalVotes winner
        image { childImageSharp { gatsbyImageData(width: 720, layout: CONSTRAINED, placeholder: NONE) } }
      }
    }
  }
`;
