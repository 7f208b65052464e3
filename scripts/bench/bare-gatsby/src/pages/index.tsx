import * as React from 'react';
import type { HeadFC } from 'gatsby';
import { StaticImage } from 'gatsby-plugin-image';

/** Gatsby's starter page reduced to a heading, a paragraph and one image. */
export default function IndexPage() {
  return (
    <main style={{ maxWidth: 640, margin: '0 auto', padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>A bare Gatsby page</h1>
      <p>One page, one image: the floor the public site is measured against.</p>
      <StaticImage src="../images/bee.png" alt="A honeybee on a flower" width={560} placeholder="none" loading="eager" />
    </main>
  );
}

export const Head: HeadFC = () => (
  <>
    <title>Bare Gatsby</title>
    <meta name="description" content="A bare one-page Gatsby 5 site used as a performance baseline." />
  </>
);
