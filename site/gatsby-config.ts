/**
 * Gatsby configuration of the public site.
 * Content lives in ../content (YAML/Markdown) so the owner edits words without touching code;
 * every YAML file becomes nodes named after the file (faq.yaml -> FaqYaml) whose types are
 * declared in schema/*.graphql (see gatsby-node.ts).
 */
import type { GatsbyConfig } from 'gatsby';
import path from 'path';

// Gatsby compiles this file into .cache/, so __dirname is not the site folder; builds run in site/.
const siteDir = process.cwd();
const siteUrl = (process.env.SITE_URL || 'http://localhost:8000').replace(/\/+$/, '');

/** "products" -> "Products", "host-hive" -> "HostHive", "pages_faq" -> "PagesFaq". */
export function pascalCase(base: string): string {
  return base
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

const config: GatsbyConfig = {
  siteMetadata: {
    title: 'Buzz Haven',
    description:
      'Urban beekeeping and community bee sanctuary in East Hills, California: hive hosting, Adopt-a-Hive, swarm rescue, workshops and local honey.',
    siteUrl,
  },
  // URLs without a trailing slash (/about); the static server maps them to about/index.html.
  trailingSlash: 'never',
  graphqlTypegen: false,
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'content', path: path.resolve(siteDir, '../content') },
    },
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'images', path: path.resolve(siteDir, 'src/images') },
    },
    {
      resolve: 'gatsby-transformer-yaml',
      options: {
        typeName: ({ node }: { node: { name: string } }) => `${pascalCase(node.name)}Yaml`,
      },
    },
    'gatsby-transformer-remark',
    'gatsby-plugin-image',
    'gatsby-plugin-sharp',
    'gatsby-transformer-sharp',
    {
      resolve: 'gatsby-plugin-sitemap',
      options: { excludes: ['/404', '/404.html', '/dev-404-page'] },
    },
  ],
};

export default config;
