import * as React from 'react';
import type { HeadProps } from 'gatsby';
import { Layout } from '../../components/layout/Layout';
import { UnsubscribePanel } from '../../components/newsletter/UnsubscribePanel';
import { Seo } from '../../components/seo/Seo';
import { useSiteContent } from '../../hooks/useSiteContent';
import * as styles from '../../components/newsletter/UnsubscribePage.module.css';

/**
 * /newsletter/unsubscribe?token=<uuid>: the page a campaign's footer link opens
 * (supabase/functions/send-messages/render.ts). Words: content/site.yaml `newsletter.unsubscribe`.
 */
export default function UnsubscribePage() {
  const { newsletter } = useSiteContent();
  const text = newsletter.unsubscribe;
  return (
    <Layout>
      <section className="section">
        <div className={`container ${styles.inner}`}>
          <h1>{text.heading}</h1>
          <p className="lead">{text.text}</p>
          <UnsubscribePanel text={text} />
        </div>
      </section>
    </Layout>
  );
}

export function Head({ location }: HeadProps) {
  const { newsletter } = useSiteContent();
  return <Seo title={newsletter.unsubscribe.seoTitle} description={newsletter.unsubscribe.text} path={location.pathname} noindex />;
}
