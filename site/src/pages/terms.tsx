import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { LegalPage } from '../components/pages/legal/LegalPage';
import { PageHead } from '../components/pages/shared/PageHead';

export default function TermsPage({ data }: PageProps<Queries.TermsPageQuery>) {
  return <LegalPage content={data.termsYaml} file="pages/terms.yaml" />;
}

export const Head = ({ data }: HeadProps<Queries.TermsPageQuery>) => <PageHead seo={data.termsYaml?.seo} path="/terms" />;

export const query = graphql`
  query TermsPage {
    termsYaml {
      seo { ...PageSeoFields }
      heading
      updated
      intro
      sections { heading paragraphs items outro }
    }
  }
`;
