/**
 * Gatsby configuration of the public site.
 * The words, products and workshop dates come from the database (gatsby-node.ts sourceNodes);
 * ../content is sourced as files only for the pictures its documents name (and the products'
 * pictures, content/catalog/images/<slug>.png).
 */
import type { GatsbyConfig } from 'gatsby';
import path from 'path';
import { localePath, locales, splitLocalePath } from '../supabase/functions/_shared/content-schema/locales.ts';

// Gatsby compiles this file into .cache/, so __dirname is not the site folder; builds run in site/.
const siteDir = process.cwd();
const siteUrl = (process.env.SITE_URL || 'http://localhost:8000').replace(/\/+$/, '');

/** Pages left out of the sitemap, in every language. */
const NOT_IN_SITEMAP = ['/404', '/404.html', '/dev-404-page', '/my-hive', '/art/upload', '/art/vote/confirm'];

const config: GatsbyConfig = {
  siteMetadata: {
    title: 'Buzz Haven',
    description:
      'Urban beekeeping and community bee sanctuary in East Hills, California: hive hosting, Adopt-a-Hive, swarm rescue, workshops and local honey.',
    siteUrl,
  },
  // URLs without a trailing slash (/about); the static server maps them to about/index.html.
  trailingSlash: 'never',
  // Types of every page/static query, written to src/gatsby-types.d.ts (committed) by `gatsby
  // develop` and, with generateOnBuild, by `gatsby build` too (`graphqlTypegen: true` alone only
  // writes them during develop). Pages type their data as `PageProps<Queries.AboutPageQuery>`.
  graphqlTypegen: { typesOutputPath: 'src/gatsby-types.d.ts', generateOnBuild: true },
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'content', path: path.resolve(siteDir, '../content') },
    },
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'images', path: path.resolve(siteDir, 'src/images') },
    },
    'gatsby-plugin-image',
    'gatsby-plugin-sharp',
    'gatsby-transformer-sharp',
    {
      resolve: 'gatsby-plugin-sitemap',
      options: {
        excludes: NOT_IN_SITEMAP.flatMap((page) => locales.map((locale) => localePath(page, locale))),
        // Each page lists itself in every language (and x-default, the English), as its <head> does.
        serialize: ({ path: pagePath }: { path: string }) => {
          const english = splitLocalePath(pagePath).path;
          return {
            url: pagePath,
            links: [
              ...locales.map((locale) => ({ lang: locale, url: `${siteUrl}${localePath(english, locale)}` })),
              { lang: 'x-default', url: `${siteUrl}${english}` },
            ],
          };
        },
      },
    },
  ],
};

export default config;
