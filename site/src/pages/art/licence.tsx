import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { LegalPage } from '../../components/pages/legal/LegalPage';
import { PageHead } from '../../components/pages/shared/PageHead';

/** /art/licence: the art collective's licence terms (content/pages/art-licence.yaml). */
export default function ArtLicencePage({ data }: PageProps<Queries.ArtLicencePageQuery>) {
  return <LegalPage content={data.artLicencePage} file="pages/art-licence.yaml" />;
}

export const Head = ({ data }: HeadProps<Queries.ArtLicencePageQuery>) => <PageHead seo={data.artLicencePage?.seo} path="/art/licence" />;

export const query = graphql`
  query ArtLicencePage($locale: String!) {
    artLicencePage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      heading
      updated
      intro
      sections { heading paragraphs items outro }
    }
  }
`;
