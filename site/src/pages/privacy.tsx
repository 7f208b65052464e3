import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { LegalPage } from '../components/pages/legal/LegalPage';
import { PageHead } from '../components/pages/shared/PageHead';

export default function PrivacyPage({ data }: PageProps<Queries.PrivacyPageQuery>) {
  return <LegalPage content={data.privacyYaml} file="pages/privacy.yaml" />;
}

export const Head = ({ data }: HeadProps<Queries.PrivacyPageQuery>) => <PageHead seo={data.privacyYaml?.seo} path="/privacy" />;

export const query = graphql`
  query PrivacyPage {
    privacyYaml {
      seo { ...PageSeoFields }
      heading
      updated
      intro
      sections { heading paragraphs items outro }
    }
  }
`;
