import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../../components/layout/Layout';
import { Seo } from '../../components/seo/Seo';
import { ArtUploadIsland } from '../../components/art/ArtIslands';
import { pageContent } from '../../components/pages/shared/pageContent';
import { useSiteContent } from '../../hooks/useSiteContent';
import '../../components/pages/shared/pages.css';

/** /art/upload?token=...: the artist's confirmation link; confirms the address, then takes the image. */
export default function ArtUploadPage({ data }: PageProps<Queries.ArtUploadPageQuery>) {
  const text = pageContent(data.artPage, 'pages/art.yaml').upload;
  const { forms } = useSiteContent();
  return (
    <Layout>
      <section className="section">
        <div className="container pages-narrow">
          <h1>{text.heading}</h1>
          <noscript><p className="notice">{text.noScript}</p></noscript>
          <ArtUploadIsland text={text} rateLimited={forms.rateLimited} />
        </div>
      </section>
    </Layout>
  );
}

export const Head = ({ data, location }: HeadProps<Queries.ArtUploadPageQuery>) => (
  <Seo title={data.artPage?.upload.seoTitle} description={data.artPage?.upload.intro} path={location.pathname} noindex />
);

export const query = graphql`
  query ArtUploadPage($locale: String!) {
    artPage(locale: { eq: $locale }) {
      upload { seoTitle heading confirming unknown missing intro image imageHint button uploading done alreadyDone error noScript }
    }
  }
`;
