import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { PageHead } from '../components/pages/shared/PageHead';
import { PageHero } from '../components/pages/shared/PageHero';
import { pageContent } from '../components/pages/shared/pageContent';
import type { MyHiveText } from '../components/pages/my-hive/myHiveText';
import '../components/pages/my-hive/my-hive.css';

type AppComponent = React.ComponentType<{ text: MyHiveText }>;

/**
 * /my-hive: adopters and hosts sign in by e-mail link and follow their hive. Everything after the
 * hero happens in the browser (the session is in the link's URL fragment), so the app's chunk is
 * fetched after the page has loaded, on this route only.
 */
export default function MyHivePage({ data }: PageProps<Queries.MyHivePageQuery>) {
  const page = pageContent(data.myHivePage, 'pages/my-hive.yaml');
  const [App, setApp] = React.useState<AppComponent | null>(null);
  React.useEffect(() => {
    void import(/* webpackChunkName: "my-hive" */ '../components/pages/my-hive/MyHiveApp').then((m) => setApp(() => m.default));
  }, []);
  const { hero } = page;
  const text: MyHiveText = page;
  return (
    <Layout>
      <PageHero hero={hero} />
      <section className="section">
        <div className="container pages-narrow my-hive-area">
          <noscript>
            <p className="notice">{page.noScript}</p>
          </noscript>
          {App ? <App text={text} /> : <p className="pages-muted">{page.loading}</p>}
        </div>
      </section>
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Queries.MyHivePageQuery>) => <PageHead seo={data.myHivePage?.seo} path="/my-hive" />;

export const query = graphql`
  query MyHivePage($locale: String!) {
    myHivePage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      noScript
      loading
      signIn { heading text email submit sending sent error rateLimited }
      linkError
      sessionEnded
      signedInAs
      signOut
      noHives { heading text }
      hive {
        adopter host wrapHeading wrapBy highlightsHeading noHighlights photoAlt batchesHeading batch noBatches adoptionHeading adoption
        statuses { new active paused ended }
        plans { monthly gift }
      }
      workshopsHeading
      workshopsLink { label to }
      noWorkshops
      error
      visitReports { heading text label saved error }
    }
  }
`;
