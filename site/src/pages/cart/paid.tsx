import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { PaidStatus } from '../../components/cart/PaidStatus';
import { Layout } from '../../components/layout/Layout';
import { Seo } from '../../components/seo/Seo';
import type { CartPaidText } from '../../components/cart/cartText';
import '../../components/cart/cart.css';
import '../../components/pages/shared/pages.css';

/**
 * /cart/paid: where Stripe's checkout returns after a card payment (stripe-checkout's success URL).
 * Words: content/pages/cart.yaml `paid`; a document without them (older than card payments) makes
 * an empty page, which no checkout links to.
 */
type Data = { cartPage: { paid: CartPaidText | null } | null };

export default function CartPaidPage({ data }: PageProps<Data>) {
  const text = data.cartPage?.paid;
  return (
    <Layout>
      <section className="section">
        <div className="container">
          {text && (
            <>
              <h1>{text.heading}</h1>
              <PaidStatus text={text} />
            </>
          )}
        </div>
      </section>
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Data>) => (
  <Seo title={data.cartPage?.paid?.seoTitle ?? ''} description={data.cartPage?.paid?.heading ?? ''} path="/cart/paid" noindex />
);

export const query = graphql`
  query CartPaidPage($locale: String!) {
    cartPage(locale: { eq: $locale }) {
      paid { seoTitle heading number total checking paid awaiting unpaid refunded notFound again { label to } }
    }
  }
`;
