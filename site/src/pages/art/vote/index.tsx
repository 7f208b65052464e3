import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../../../components/layout/Layout';
import { CtaLink } from '../../../components/layout/SmartLink';
import { PageHead } from '../../../components/pages/shared/PageHead';
import { PageHero } from '../../../components/pages/shared/PageHero';
import { pageContent } from '../../../components/pages/shared/pageContent';
import { ArtDesignFigure } from '../../../components/art/ArtDesignFigure';
import { ArtLateBallotIsland, ArtVoteIsland } from '../../../components/art/ArtIslands';
import { useSiteContent } from '../../../hooks/useSiteContent';
import '../../../components/pages/shared/pages.css';
import '../../../components/art/art.css';

/**
 * /art/vote: this month's ballot, from the build (get_buzz_haven_art_ballot: no tallies). Closing the
 * vote requests a rebuild, after which the ballot is empty and /art shows the result; a vote sent
 * in between is refused by the server ("This month's vote is closed"). Until a rebuild is served, an
 * idle-time island (ArtLateBallot) adds the designs approved since the build and says when the
 * built ballot has closed.
 */
export default function ArtVotePage({ data }: PageProps<Queries.ArtVotePageQuery>) {
  const page = pageContent(data.artPage, 'pages/art.yaml').vote;
  const { forms } = useSiteContent();
  const designs = data.allArtDesign.nodes;
  return (
    <Layout>
      <PageHero hero={{ title: page.heading, intro: page.intro }} />
      <section className="section" aria-label={page.heading}>
        <div className="container">
          <noscript><p className="notice">{page.noScript}</p></noscript>
          <ArtLateBallotIsland builtIds={designs.map((d) => d.designId)} text={page} honeypot={forms.honeypot} rateLimited={forms.rateLimited} />
          <div className="art-designs">
            {designs.map((design, index) => (
              <ArtDesignFigure key={design.designId} design={design} by={page.by} eager={index === 0} level={2}>
                <ArtVoteIsland designId={design.designId} title={design.title} text={page} honeypot={forms.honeypot} rateLimited={forms.rateLimited} />
              </ArtDesignFigure>
            ))}
          </div>
          <div className="btn-row">
            <CtaLink cta={{ ...page.results, variant: 'secondary' }} />
          </div>
        </div>
      </section>
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Queries.ArtVotePageQuery>) => <PageHead seo={data.artPage?.vote.seo} path="/art/vote" />;

export const query = graphql`
  query ArtVotePage($locale: String!) {
    artPage(locale: { eq: $locale }) {
      vote { seo { ...PageSeoFields } heading intro by email button sending sent error empty closed noScript results { label to } }
    }
    allArtDesign(filter: { ballot: { eq: true } }, sort: [{ title: ASC }]) {
      nodes {
        designId title artistName statement link
        image { childImageSharp { gatsbyImageData(width: 960, layout: CONSTRAINED, placeholder: NONE, sizes: "(min-width: 64rem) 50vw, 100vw") } }
      }
    }
  }
`;
