import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { LegalPage, type LegalContent } from '../components/pages/legal/LegalPage';
import { PageHead } from '../components/pages/shared/PageHead';

type Data = { shippingYaml: LegalContent | null };

export default function ShippingPage({ data }: PageProps<Data>) {
  return <LegalPage content={data.shippingYaml} file="pages/shipping.yaml" />;
}

export const Head = ({ data }: HeadProps<Data>) => <PageHead seo={data.shippingYaml?.seo} path="/shipping" />;

export const query = graphql`
  query ShippingPage {
    shippingYaml {
      seo { ...PageSeoFields }
      heading
      updated
      intro
      sections { heading paragraphs items outro }
    }
  }
`;
