import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { Accordion } from '../components/pages/faq/Accordion';
import { CtaBlock } from '../components/pages/shared/CtaBlock';
import { PageHead } from '../components/pages/shared/PageHead';
import { PageHero } from '../components/pages/shared/PageHero';
import { pageContent } from '../components/pages/shared/pageContent';

export default function FaqPage({ data }: PageProps<Queries.FaqPageQuery>) {
  const page = pageContent(data.faqPage, 'pages/faq.yaml');
  return (
    <Layout>
      <PageHero hero={{ title: page.heading, intro: page.intro }} />
      <div className="section">
        <div className="container">
          <Accordion items={page.items} group="faq" />
        </div>
      </div>
      <CtaBlock block={page.closing} id="still-have-questions" />
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Queries.FaqPageQuery>) => <PageHead seo={data.faqPage?.seo} path="/faq" />;

export const query = graphql`
  query FaqPage($locale: String!) {
    faqPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      heading
      intro
      items { id question answer }
      closing { ...PageCtaFields }
    }
  }
`;
