import * as React from 'react';
import { Layout } from '../components/layout/Layout';
import { Seo } from '../components/seo/Seo';

export default function HomePage() {
  return (
    <Layout>
      <section className="section">
        <div className="container">
          <h1>Buzz Haven</h1>
        </div>
      </section>
    </Layout>
  );
}

export const Head = () => <Seo path="/" />;
