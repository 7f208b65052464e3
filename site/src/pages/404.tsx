import * as React from 'react';
import type { HeadProps, PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { SmartLink } from '../components/layout/SmartLink';
import { useSiteContent } from '../hooks/useSiteContent';
import { Seo } from '../components/seo/Seo';

/** Not-found screen. The unknown path is logged so broken links show up in the console. */
export default function NotFoundPage({ location }: PageProps) {
  const { notFound } = useSiteContent();
  React.useEffect(() => {
    console.error(`404: no page at "${location.pathname}"`);
  }, [location.pathname]);
  return (
    <Layout>
      <section className="section not-found">
        <div className="container">
          <p className="not-found-code" aria-hidden="false">
            {notFound.code}
          </p>
          <h1>{notFound.heading}</h1>
          {notFound.text && <p className="lead">{notFound.text}</p>}
          <SmartLink to={notFound.link.to} className="btn btn-primary">
            {notFound.link.label}
          </SmartLink>
        </div>
      </section>
    </Layout>
  );
}

export function Head({ location }: HeadProps) {
  const { notFound } = useSiteContent();
  return <Seo title={notFound.seoTitle} description={notFound.seoDescription} path={location.pathname} noindex />;
}
