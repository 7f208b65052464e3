import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../../../components/layout/Layout';
import { CtaLink } from '../../../components/layout/SmartLink';
import { Seo } from '../../../components/seo/Seo';
import { ArtVoteConfirmIsland } from '../../../components/art/ArtIslands';
import { pageContent } from '../../../components/pages/shared/pageContent';
import '../../../components/pages/shared/pages.css';

/** /art/vote/confirm?token=...: the vote e-mail's link; counts the vote. */
export default function ArtVoteConfirmPage({ data }: PageProps<Queries.ArtVoteConfirmPageQuery>) {
  const text = pageContent(data.artPage, 'pages/art.yaml').voteConfirm;
  return (
    <Layout>
      <section className="section">
        <div className="container pages-narrow">
          <h1>{text.heading}</h1>
          <noscript><p className="notice">{text.noScript}</p></noscript>
          <ArtVoteConfirmIsland text={text} />
          <div className="btn-row">
            <CtaLink cta={{ ...text.back, variant: 'secondary' }} />
          </div>
        </div>
      </section>
    </Layout>
  );
}

export const Head = ({ data, location }: HeadProps<Queries.ArtVoteConfirmPageQuery>) => (
  <Seo title={data.artPage?.voteConfirm.seoTitle} description={data.artPage?.voteConfirm.heading} path={location.pathname} noindex />
);

export const query = graphql`
  query ArtVoteConfirmPage($locale: String!) {
    artPage(locale: { eq: $locale }) {
      voteConfirm { seoTitle heading confirming voted replaced closed unknown missing error noScript back { label to } }
    }
  }
`;
