/**
 * The site's node types, each a zod schema, and the GraphQL types generated from them
 * (zodToGraphql.ts) for gatsby-node.ts's `createTypes`.
 * - A content document is one node per language named for what it is: `home` -> HomePage, `site` -> SiteContent,
 *   `messages` -> Messages, `pages/host-hive` -> HostHivePage, `catalog/hosting` -> HostingCatalog
 *   (query fields `homePage`, `hostHivePage`, ...). Its fields are its document's zod schema
 *   (supabase/functions/_shared/content-schema/), plus what the build adds from the price tables
 *   (priceRows.ts) and the workshop events (siteNodes.ts), declared below.
 * - The shop's products are Product nodes (`allProduct`), the hive map's PublicHive nodes and the
 *   art collective's designs ArtDesign nodes.
 */
import { z } from 'zod/v4';
import { type DocumentKey, documentKeys, documentSchemas } from '../../../supabase/functions/_shared/content-schema/index.ts';
import { imagePath } from '../../../supabase/functions/_shared/content-schema/fields.ts';
import * as shared from '../../../supabase/functions/_shared/content-schema/shared.ts';
import { type NodeTypeSource, type Schema, graphqlTypeDefs } from './zodToGraphql';

const pascal = (name: string) => name.split(/[^a-zA-Z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');

const TOP_LEVEL: Record<string, string> = { home: 'HomePage', site: 'SiteContent', messages: 'Messages' };
const GROUP_SUFFIX: Record<string, string> = { pages: 'Page', catalog: 'Catalog' };

/** 'pages/host-hive' -> 'HostHivePage', 'catalog/hosting' -> 'HostingCatalog', 'site' -> 'SiteContent'. */
export function documentNodeType(key: string): string {
  const [group, name] = key.split('/');
  if (name === undefined) {
    const type = TOP_LEVEL[key];
    if (!type) throw new Error(`The document "${key}" has no node type name (add it to TOP_LEVEL in src/build/contentNodes.ts)`);
    return type;
  }
  const suffix = GROUP_SUFFIX[group!];
  if (!suffix) throw new Error(`The document group "${group}" has no node type suffix (GROUP_SUFFIX in src/build/contentNodes.ts)`);
  return `${pascal(name)}${suffix}`;
}

/** The Query field of a single node type: 'HostHivePage' -> 'hostHivePage'. */
export const queryField = (type: string) => `${type[0]!.toLowerCase()}${type.slice(1)}`;

/** The id of a File node (a downloaded picture): `File @link`. */
const fileNode = z.string();
/** Money in whole cents (the price tables and the products table count cents). */
const cents = z.number().int();

// What the build adds to the catalogue documents (priceRows.ts, siteNodes.ts scheduleSessions).
const catalog = <K extends DocumentKey>(key: K) => documentSchemas[key].schema as unknown as z.ZodObject<z.ZodRawShape>;
const itemsOf = (schema: z.ZodObject<z.ZodRawShape>, field: string) =>
  (schema.shape[field] as z.ZodArray<z.ZodObject<z.ZodRawShape>>).element;

const adoptTiers = catalog('catalog/adopt-tiers');
const hosting = catalog('catalog/hosting');
const workshopOfferings = catalog('catalog/workshop-offerings');

const additions: Partial<Record<DocumentKey, Schema>> = {
  'catalog/shipping-rates': catalog('catalog/shipping-rates').extend({
    standard: cents,
    /** Standard shipping is free over this subtotal (null: never). */
    freeOver: cents.nullable(),
    express: cents,
    pickup: cents,
  }),
  'catalog/adopt-tiers': adoptTiers.extend({
    tiers: z.array(itemsOf(adoptTiers, 'tiers').extend({ price: cents })),
    /** The gift terms of buzz_haven.adopt_gift_terms (months). */
    giftMonths: z.array(z.number().int()),
  }),
  'catalog/hosting': hosting.extend({
    plans: z.array(itemsOf(hosting, 'plans').extend({ price: cents })),
  }),
  'catalog/swarm': catalog('catalog/swarm').extend({ feeMin: cents, feeMax: cents }),
  'catalog/workshop-offerings': workshopOfferings.extend({
    offerings: z.array(itemsOf(workshopOfferings, 'offerings').extend({
      price: cents,
      /** The row's age range ('5-12'), null without one. */
      ages: z.string().nullable(),
    })),
    /** The public workshop events (date and time in Los Angeles). */
    schedule: z.array(z.object({
      date: z.iso.date(),
      /** The event's offering id. */
      workshop: z.string(),
      time: z.string(),
      /** null when the event has no capacity. */
      spotsLeft: z.number().int().nullable(),
      eventId: z.string(),
      /** ISO start and end instants (schema.org Event JSON-LD). */
      start: z.string(),
      end: z.string().nullable(),
      location: z.string().nullable(),
    }).meta({ id: 'WorkshopSession' })),
  }),
};

/** A product of the shop (get_buzz_haven_shop_products, src/build/siteNodes.ts shopProducts). */
export const productNode = z.object({
  /** The products table's id: the cart sends it with the order. */
  productId: z.string(),
  /** Stable id, also the product's element id on /shop. */
  slug: z.string(),
  /** One node per product and language: name and description in it (src/lib/rowLanguage.ts). */
  locale: z.string(),
  name: z.string(),
  /** Price in cents. */
  price: cents,
  size: z.string(),
  description: z.string(),
  category: z.enum(['honey', 'beeswax']),
  anchor: z.string().nullable(),
  featured: z.boolean().nullable(),
  order: z.number().int(),
  /** Its image URL downloaded, else content/catalog/images/<slug>.png. */
  image: fileNode.nullable(),
  imageAlt: z.string(),
  /** The code of its newest published honey batch (/honey/<code>), if any. */
  currentBatch: z.string().nullable(),
});

/** A hive of the public map (src/build/hiveMapNodes.ts): approximate positions only. */
export const publicHiveNode = z.object({
  hiveId: z.string(),
  /** One node per hive and language: its name in it (src/lib/rowLanguage.ts). */
  locale: z.string(),
  name: z.string(),
  neighbourhood: z.string(),
  lat: z.number(),
  lng: z.number(),
  hostName: z.string().nullable(),
  adopterNames: z.array(z.string()),
  wrapTitle: z.string().nullable(),
  wrapArtist: z.string().nullable(),
  wrapImageUrl: z.string().nullable(),
  wrapInstalledOn: z.string().nullable(),
  order: z.number().int(),
});

/** A design of this month's ballot or of a closed vote (src/build/artNodes.ts). */
export const artDesignNode = z.object({
  designId: z.string(),
  /** The vote's month, YYYY-MM-DD (its first day). */
  month: z.string(),
  ballot: z.boolean(),
  title: z.string(),
  artistName: z.string(),
  statement: z.string(),
  link: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Null on the ballot: tallies are published once the vote closed. */
  votes: z.number().int().nullable(),
  totalVotes: z.number().int().nullable(),
  winner: z.boolean(),
  image: fileNode.nullable(),
});

/**
 * A document node exists once per language (its `locale`, 'en' or 'es'); a page's query selects
 * its language's node: `aboutPage(locale: { eq: $locale })`.
 */
const withLocale = (schema: Schema) => (schema as z.ZodObject<z.ZodRawShape>).extend({ locale: z.string() });

/**
 * An upcoming public volunteer shift (get_buzz_haven_volunteer_shifts) as the build read it: the
 * schema.org Event JSON-LD of the impact and home pages. The volunteer form reads the live places.
 */
export const volunteerShiftNode = z.object({
  shiftId: z.string(),
  title: z.string(),
  /** ISO instants. */
  start: z.string(),
  end: z.string().nullable(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  capacity: z.number().int(),
  placesLeft: z.number().int(),
});

/** Every node type the build creates, with its schema. */
export function siteNodeTypes(): NodeTypeSource[] {
  return [
    ...documentKeys.map((key) => ({ type: documentNodeType(key), schema: withLocale(additions[key] ?? documentSchemas[key].schema) })),
    { type: 'Product', schema: productNode },
    { type: 'PublicHive', schema: publicHiveNode },
    { type: 'ArtDesign', schema: artDesignNode },
    { type: 'VolunteerShift', schema: volunteerShiftNode },
  ];
}

/**
 * A product photo downloaded by the build (createRemoteFileNode) is a File that keeps its address;
 * declared so the generated query types are the same whether or not the database holds one.
 */
const FILE_TYPE = 'type File implements Node @infer {\n  url: String\n}\n';

/** The SDL gatsby-node.ts passes to createTypes. */
export function siteTypeDefs(): string {
  const names = new Map<Schema, string>(Object.entries(shared).map(([name, value]) => [value, name]));
  const scalars = new Map<Schema, string>([[imagePath, 'File @fileByRelativePath'], [fileNode, 'File @link']]);
  return `${graphqlTypeDefs(siteNodeTypes(), { names, scalars })}\n${FILE_TYPE}`;
}
