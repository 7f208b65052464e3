/**
 * The bare Gatsby page of `npm run bench:site`: Gatsby's own floor (one page, one StaticImage,
 * the two image plugins a starter adds for it). Nothing else, so the bench compares the public
 * site against what Gatsby itself costs with the same version and the same node_modules.
 */
import type { GatsbyConfig } from 'gatsby';

const config: GatsbyConfig = {
  siteMetadata: { title: 'Bare Gatsby', siteUrl: 'http://localhost' },
  graphqlTypegen: false,
  plugins: ['gatsby-plugin-image', 'gatsby-plugin-sharp'],
};

export default config;
