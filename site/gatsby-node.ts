/**
 * Build-time hooks of the public site.
 * Content types are declared explicitly (schema/*.graphql, one file per content file, all
 * @dontInfer) so a missing or empty content file yields null instead of breaking queries.
 */
import type { GatsbyNode } from 'gatsby';
import fs from 'fs';
import path from 'path';
import { pascalCase } from './gatsby-config';
import { placeholderResolvers } from './src/components/pages/shared/placeholderResolvers';

// This file is compiled into .cache/; gatsby always runs with the site folder as cwd.
const siteDir = process.cwd();

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  const schemaDir = path.join(siteDir, 'schema');
  const files = fs.readdirSync(schemaDir).filter((f) => f.endsWith('.graphql')).sort();
  for (const file of files) {
    actions.createTypes(fs.readFileSync(path.join(schemaDir, file), 'utf8'));
  }
};

// Page copy quotes the catalogue with {{group.key}} placeholders; they are filled here, at build
// time, for every content/pages/*.yaml, so pages ship finished text.
export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers }) => {
  const pagesDir = path.join(siteDir, '../content/pages');
  const fields = fs
    .readdirSync(pagesDir)
    .filter((file) => /\.ya?ml$/.test(file))
    .map((file) => pascalCase(file.replace(/\.ya?ml$/, '')))
    .map((type) => `${type[0].toLowerCase()}${type.slice(1)}Yaml`); // host-hive.yaml -> hostHiveYaml
  createResolvers(placeholderResolvers(fields));
};

// robots.txt is written after the build so its Sitemap line follows SITE_URL.
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ graphql }) => {
  const result = await graphql<{ site: { siteMetadata: { siteUrl: string } } }>(
    '{ site { siteMetadata { siteUrl } } }',
  );
  const siteUrl = result.data?.site.siteMetadata.siteUrl ?? '';
  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /auth',
    `Sitemap: ${siteUrl}/sitemap-index.xml`,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(siteDir, 'public', 'robots.txt'), robots);
};
