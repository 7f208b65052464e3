/**
 * Build-time hooks of the public site.
 * The content comes from the database (src/build/siteData.ts): each published document becomes
 * one node named for what it is (pages/host-hive -> HostHivePage, catalog/hosting ->
 * HostingCatalog, site -> SiteContent), the shop's products Product nodes and the public workshop
 * events the schedule of WorkshopOfferingsCatalog. The GraphQL types are generated from the zod
 * schemas of the documents and nodes (src/build/contentNodes.ts, all @dontInfer).
 */
import type { GatsbyNode, Node, SourceNodesArgs } from 'gatsby';
import { createRemoteFileNode } from 'gatsby-source-filesystem';
import fs from 'fs';
import path from 'path';
import { documentKeys } from '../supabase/functions/_shared/content-schema/index.ts';
import { placeholderResolvers } from './src/build/placeholderResolvers';
import { documentNodeType, queryField, siteTypeDefs } from './src/build/contentNodes';
import { fetchSiteData } from './src/build/siteData';
import { scheduleSessions, shopProducts, volunteerShiftFields } from './src/build/siteNodes';
import { withAdoptTiers, withHostingPlans, withShippingRates, withSwarmFee, withWorkshopOfferings } from './src/build/priceRows';
import { rewriteBuiltPages } from './src/build/rewriteBuiltPages';
import { localizedPages } from './src/build/localizedPages';
import { type Locale, defaultLocale, localePath, locales } from '../supabase/functions/_shared/content-schema/locales.ts';
import { artDesignFields, artImageSource, fetchArtData } from './src/build/artNodes';
import { SITE_DATA_URL } from './src/build/siteData';
import { SUPABASE_ANON_KEY } from './src/components/forms/config';
import { batchInLanguage, currentBatches, honeyBatchPages } from './src/build/honeyBatches';
import type { HoneyBatchRow } from './src/build/siteData';
import { fetchHiveMap, publicHives } from './src/build/hiveMapNodes';
import { hiveSignPages, type HiveSignRow } from './src/build/hiveSigns';
import type { HiveSignWords } from '../supabase/functions/_shared/content-schema/pages/hives.ts';

// This file is compiled into .cache/; gatsby always runs with the site folder as cwd.
const siteDir = process.cwd();

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes(siteTypeDefs());
};

/** The published honey batches read by sourceNodes, made into pages by createPages. */
let honeyBatches: HoneyBatchRow[] = [];
/** The hive signs and their words, read by sourceNodes, made into pages by createPages. */
let hiveSigns: { rows: HiveSignRow[]; words: Record<Locale, HiveSignWords> } | null = null;

/** A node's id key in a language: the default language's node keeps the key it had before languages. */
const languageKey = (key: string, locale: Locale) => (locale === defaultLocale ? key : `${key} ${locale}`);

export const sourceNodes: GatsbyNode['sourceNodes'] = async (args: SourceNodesArgs) => {
  const { actions, createNodeId, createContentDigest, getNodes, getCache, reporter } = args;
  const started = Date.now();
  // The site's data, the hive map and the art ballot are read at once (a publish waits for the
  // slowest read, not for their sum); a failed read fails the build where it did before.
  const [siteData, hiveMap, artData] = await Promise.allSettled([
    fetchSiteData(), fetchHiveMap(), fetchArtData(SITE_DATA_URL, SUPABASE_ANON_KEY),
  ]);
  if (siteData.status === 'rejected') {
    reporter.panic((siteData.reason as Error).message);
    return;
  }
  const data = siteData.value;
  const warn = (message: string) => reporter.warn(message);
  const files = new Map<string, Node>();
  for (const node of getNodes()) {
    if (node.internal.type === 'File') files.set(String((node as Node & { absolutePath: string }).absolutePath), node);
  }
  const contentDir = path.resolve(siteDir, '../content');
  const create = (id: string, type: string, fields: Record<string, unknown>, parent?: string) => {
    actions.createNode({
      ...fields,
      id,
      parent: parent ?? null,
      children: [],
      internal: { type, contentDigest: createContentDigest(fields) },
    });
  };

  const offerings = data.documents['catalog/workshop-offerings'].offerings as { id: string }[];
  const schedule = scheduleSessions(data.workshops, offerings.map((o) => o.id), warn);
  for (const locale of locales) {
    // The catalogue documents hold words; the prices are the rows the RPCs charge (src/build/priceRows.ts).
    const documents = data.localized[locale];
    const bodies: Record<string, Record<string, unknown>> = { ...documents };
    // The price tables' checks warn once, from the English documents.
    const warnOnce = locale === defaultLocale ? warn : () => {};
    try {
      bodies['catalog/workshop-offerings'] = {
        ...withWorkshopOfferings(documents['catalog/workshop-offerings'], data.workshopOfferings, warnOnce), schedule,
      };
      bodies['catalog/shipping-rates'] = withShippingRates(documents['catalog/shipping-rates'], data.shippingRates);
      bodies['catalog/adopt-tiers'] = withAdoptTiers(documents['catalog/adopt-tiers'], data.adoptTiers, data.giftMonths, warnOnce);
      bodies['catalog/hosting'] = withHostingPlans(documents['catalog/hosting'], data.hostingPlans, warnOnce);
      bodies['catalog/swarm'] = withSwarmFee(documents['catalog/swarm'], data.swarmFee);
    } catch (error) {
      reporter.panic((error as Error).message);
      return;
    }
    for (const key of documentKeys) {
      // Pictures in a document are paths relative to its starting English YAML file, in every
      // language (siteData.ts rebasePictures); @fileByRelativePath resolves them from the node's parent File.
      const yamlFile = files.get(path.join(contentDir, `${key}.yaml`));
      create(createNodeId(`content-document ${key} ${locale}`), documentNodeType(key), { ...bodies[key], locale }, yamlFile?.id);
    }
  }

  for (const shift of data.volunteerShifts) create(createNodeId(`volunteer-shift ${shift.id}`), 'VolunteerShift', volunteerShiftFields(shift));

  honeyBatches = data.honeyBatches;
  hiveSigns = {
    rows: data.hiveSigns,
    words: Object.fromEntries(locales.map((locale) => [locale, (data.localized[locale]['pages/hives'] as { sign: HiveSignWords }).sign])) as Record<Locale, HiveSignWords>,
  };
  const currentBatch = currentBatches(data.honeyBatches);
  const anchors = (data.documents['pages/shop'].productAnchors ?? []) as { slug: string; anchor: string }[];
  // One warning for all of them: each warning costs Gatsby's reporter time, hundreds add up.
  const withoutPicture: string[] = [];
  // One Product node per product and language (its name and description in it), one picture each.
  const byLocale = locales.map((locale) =>
    shopProducts(data.products, anchors, locale === defaultLocale ? warn : () => {}, locale));
  for (const [index, product] of byLocale[0].entries()) {
    const { imageUrl } = product;
    const id = createNodeId(`shop-product ${product.slug}`);
    let image: string | null = files.get(path.join(contentDir, `catalog/images/${product.slug}.png`))?.id ?? null;
    if (imageUrl) {
      try {
        const file = await createRemoteFileNode({ url: imageUrl, parentNodeId: id, createNode: actions.createNode, createNodeId, getCache });
        image = file.id;
      } catch (error) {
        reporter.panic(`The picture of product "${product.slug}" (${imageUrl}) could not be downloaded: ${(error as Error).message}`);
      }
    }
    if (!image) withoutPicture.push(product.slug);
    for (const [i, locale] of locales.entries()) {
      const fields: Partial<typeof product> = { ...byLocale[i][index] };
      delete fields.imageUrl; // the node has the downloaded picture
      create(createNodeId(languageKey(`shop-product ${product.slug}`, locale)), 'Product', { ...fields, image, currentBatch: currentBatch.get(product.slug) ?? null });
    }
  }
  if (withoutPicture.length > 0) {
    warn(`${withoutPicture.length} product(s) have no picture (${withoutPicture.join(', ')}): set their image URL or add content/catalog/images/<slug>.png`);
  }
  // The public map of the hives (/hives): approximate positions only (src/build/hiveMapNodes.ts).
  try {
    if (hiveMap.status === 'rejected') throw hiveMap.reason;
    for (const locale of locales) {
      for (const hive of publicHives(hiveMap.value, locale)) {
        create(createNodeId(languageKey(`public-hive ${hive.hiveId}`, locale)), 'PublicHive', { ...hive });
      }
    }
  } catch (error) {
    reporter.panic((error as Error).message);
    return;
  }
  // The art collective's ballot and closed votes (src/build/artNodes.ts).
  if (artData.status === 'rejected') {
    reporter.panic((artData.reason as Error).message);
    return;
  }
  const art = artData.value;
  for (const [rows, ballot] of [[art.ballot, true], [art.results, false]] as const) {
    for (const row of rows) {
      const id = createNodeId(`art-design ${ballot ? 'ballot' : 'result'} ${row.id}`);
      const source = artImageSource(row.storage_path, SITE_DATA_URL);
      let image: string | null = null;
      if (source && 'contentFile' in source) image = files.get(path.join(contentDir, source.contentFile))?.id ?? null;
      if (source && 'storageUrl' in source) {
        try {
          const file = await createRemoteFileNode({
            url: source.storageUrl, parentNodeId: id, createNode: actions.createNode, createNodeId, getCache,
            httpHeaders: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
          });
          image = file.id;
        } catch (error) {
          warn(`The image of the art design "${row.title}" could not be downloaded: ${(error as Error).message}`);
        }
      }
      if (!image) warn(`The art design "${row.title}" has no picture`);
      create(id, 'ArtDesign', { ...artDesignFields(row, ballot), image });
    }
  }
  reporter.info(
    `Content from the database: ${documentKeys.length} documents in ${locales.length} languages, ` +
      `${data.products.length} products, ${schedule.length} workshop sessions (${Date.now() - started} ms)`,
  );
};

// One static page per published honey batch and language, /honey/<code> and /es/honey/<code>
// (src/build/honeyBatches.ts), and one per hive's QR label and language, /hive/<code> and
// /es/hive/<code> (src/build/hiveSigns.ts); an unknown code is the site's 404 page.
export const createPages: GatsbyNode['createPages'] = ({ actions }) => {
  for (const page of honeyBatchPages(honeyBatches, path.join(siteDir, 'src/templates/honey-batch.tsx'))) {
    for (const twin of localizedPages(page)) {
      actions.createPage({ ...twin, context: { ...twin.context, batch: batchInLanguage(twin.context.batch, twin.context.locale) } });
    }
  }
  if (hiveSigns) {
    for (const locale of locales) {
      const signs = hiveSignPages(hiveSigns.rows, hiveSigns.words[locale], path.join(siteDir, 'src/templates/hive-sign.tsx'), new Date(), locale);
      for (const page of signs) {
        actions.createPage({ ...page, path: localePath(page.path, locale), context: { ...page.context, locale } });
      }
    }
  }
};

// Every page of src/pages exists in every language: /about (English) and /es/about, each with its
// `locale` in the context, which the page query filters its documents by (src/build/localizedPages.ts).
export const onCreatePage: GatsbyNode['onCreatePage'] = ({ page, actions }) => {
  if ((page.context as { locale?: string } | undefined)?.locale) return;
  actions.deletePage(page);
  for (const twin of localizedPages(page)) actions.createPage(twin);
};

// Page copy quotes the catalogue with {{group.key}} placeholders; they are filled here, at build
// time, for every page document, so pages ship finished text.
export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers }) => {
  const fields = documentKeys
    .filter((key) => key.startsWith('pages/'))
    .map((key) => queryField(documentNodeType(key))); // pages/host-hive -> hostHivePage
  createResolvers(placeholderResolvers(fields));
};

/** Production browser bundles leave out Gatsby's develop-only Partytown plugin (src/build/noPartytown.js). */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions, plugins }) => {
  if (stage !== 'build-javascript') return;
  actions.setWebpackConfig({
    plugins: [
      plugins.normalModuleReplacement(
        /internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/,
        path.join(siteDir, 'src/build/noPartytown.js'),
      ),
    ],
  });
};

// After the build: every page loads Gatsby's bundles after its first paint and is laid out in
// slices (rewriteBuiltPages.ts), and robots.txt is written (its Sitemap line follows SITE_URL).
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ graphql }) => {
  rewriteBuiltPages(path.join(siteDir, 'public'));
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
