import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { CartApp } from '../components/cart/CartApp';
import type { ShippingRates } from '../components/cart/cartLogic';
import type { CartText } from '../components/cart/cartText';
import { Layout } from '../components/layout/Layout';
import { useSiteContent } from '../hooks/useSiteContent';
import { PageHead } from '../components/pages/shared/PageHead';
import { PageHero } from '../components/pages/shared/PageHero';
import type * as T from '../components/pages/shared/types';
import { pageContent } from '../components/pages/shared/pageContent';
import '../components/cart/cart.css';

interface CartContent extends CartText {
  seo: T.PageSeo;
  hero: T.PageHero;
}
type Data = {
  cartPage: CartContent | null;
  shippingRatesCatalog: ShippingRates | null;
  allProduct: { nodes: readonly { productId: string; slug: string; name: string }[] };
};

/** /cart: the one part of the site that needs JavaScript (the cart lives in the browser). */
export default function CartPage({ data }: PageProps<Data>) {
  const page = pageContent(data.cartPage, 'pages/cart.yaml');
  const rates = pageContent(data.shippingRatesCatalog, 'catalog/shipping-rates.yaml');
  const { forms } = useSiteContent();
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <section className="section">
        <div className="container">
          <noscript>
            <style>{'.cart-loading{display:none}'}</style>
            <p className="notice cart-noscript">{page.noScript}</p>
          </noscript>
          <div className="cart-area">
            <CartApp text={page} rates={rates} forms={forms} products={data.allProduct.nodes} />
          </div>
        </div>
      </section>
    </Layout>
  );
}

export const Head = ({ data }: HeadProps<Data>) => <PageHead seo={data.cartPage?.seo} path="/cart" />;

export const query = graphql`
  query CartPage($locale: String!) {
    cartPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      noScript
      loading
      empty { text link { label to } }
      lines { caption product price quantity lineTotal remove quantityOf removeOf quantityHint unavailable }
      summary { heading subtotal shipping total free }
      delivery { legend standard express pickup region }
      details { heading requiredNote name email phone optional }
      address { heading line1 line2 city state stateHint zip }
      noPayment
      submit
      sending
      error
      pricesUpdated
      unavailable
      success { heading number text again { label to } }
      payment { legend card later cardNote cardOnly submit starting startError cancelled order retry }
    }
    shippingRatesCatalog(locale: { eq: $locale }) { standard freeOver express pickup }
    allProduct(filter: { locale: { eq: $locale } }, sort: { slug: ASC }) { nodes { productId slug name } }
  }
`;
