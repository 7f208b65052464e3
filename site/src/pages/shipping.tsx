import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { LegalPage } from '../components/pages/legal/LegalPage';
import { PageHead } from '../components/pages/shared/PageHead';

export default function ShippingPage({ data }: PageProps<Queries.ShippingPageQuery>) {
  return <LegalPage content={data.shippingPage} file="pages/shipping.yaml" />;
}

export const Head = ({ data }: HeadProps<Queries.ShippingPageQuery>) => <PageHead seo={data.shippingPage?.seo} path="/shipping" />;

export const query = graphql`
  query ShippingPage($locale: String!) {
    shippingPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      heading
      updated
      intro
      sections { heading paragraphs items outro }
    }
  }
`;
