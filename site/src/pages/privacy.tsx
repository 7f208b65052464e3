import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { LegalPage, type LegalContent } from '../components/pages/legal/LegalPage';
import { PageHead } from '../components/pages/shared/PageHead';

type Data = { privacyYaml: LegalContent | null };

export default function PrivacyPage({ data }: PageProps<Data>) {
  return <LegalPage content={data.privacyYaml} file="pages/privacy.yaml" />;
}

export const Head = ({ data }: HeadProps<Data>) => <PageHead seo={data.privacyYaml?.seo} path="/privacy" />;

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
