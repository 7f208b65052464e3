import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { LegalPage } from '../components/pages/legal/LegalPage';
import { PageHead } from '../components/pages/shared/PageHead';

export default function TermsPage({ data }: PageProps<Queries.TermsPageQuery>) {
  return <LegalPage content={data.termsPage} file="pages/terms.yaml" />;
}

export const Head = ({ data }: HeadProps<Queries.TermsPageQuery>) => <PageHead seo={data.termsPage?.seo} path="/terms" />;

export const query = graphql`
  query TermsPage($locale: String!) {
    termsPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      heading
      updated
      intro
      sections { heading paragraphs items outro }
    }
  }
`;
