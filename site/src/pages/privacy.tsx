import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { LegalPage } from '../components/pages/legal/LegalPage';
import { PageHead } from '../components/pages/shared/PageHead';

export default function PrivacyPage({ data }: PageProps<Queries.PrivacyPageQuery>) {
  return <LegalPage content={data.privacyPage} file="pages/privacy.yaml" />;
}

export const Head = ({ data }: HeadProps<Queries.PrivacyPageQuery>) => <PageHead seo={data.privacyPage?.seo} path="/privacy" />;

export const query = graphql`
  query PrivacyPage($locale: String!) {
    privacyPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      heading
      updated
      intro
      sections { heading paragraphs items outro }
    }
  }
`;
