/**
 * The zod -> GraphQL converter on small schemas (each mapping rule), and on the site's real node
 * types: the SDL is valid GraphQL and holds what the pages query.
 */
import { buildASTSchema, parse } from 'graphql';
import { z } from 'zod/v4';
import { siteTypeDefs } from './contentNodes';
import { graphqlTypeDefs } from './zodToGraphql';

// Gatsby declares these; enough of them for graphql-js to check the generated SDL.
const GATSBY = `scalar Date
scalar JSON
interface Node { id: ID! }
directive @dontInfer on OBJECT
directive @infer on OBJECT
directive @link on FIELD_DEFINITION
directive @fileByRelativePath on FIELD_DEFINITION
directive @dateformat on FIELD_DEFINITION
`;
const schemaOf = (sdl: string, extra = '') => buildASTSchema(parse(GATSBY + extra + sdl.replace(/ implements Node/g, '')));

describe('graphqlTypeDefs', () => {
  it('maps each zod kind to its GraphQL field type', () => {
    const image = z.string();
    const Link = z.strictObject({ label: z.string(), to: z.string() });
    const sdl = graphqlTypeDefs([{
      type: 'DemoPage',
      schema: z.strictObject({
        title: z.string().trim().min(1),
        subtitle: z.string().nullish(),
        count: z.number().int().nonnegative(),
        hours: z.number(),
        on: z.boolean().optional(),
        tags: z.array(z.string()),
        kind: z.enum(['a', 'b']),
        fixed: z.literal(3),
        prices: z.record(z.string(), z.number()),
        day: z.iso.date(),
        picture: image.nullish(),
        pictures: z.array(image),
        summary: z.strictObject({ heading: z.string(), link: Link.nullish() }),
        links: z.array(Link).nullable(),
      }),
    }], { names: new Map([[Link, 'Cta']]), scalars: new Map([[image, 'File @fileByRelativePath']]) });
    expect(sdl).toContain(`type DemoPage implements Node @dontInfer {
  title: String!
  subtitle: String
  count: Int!
  hours: Float!
  on: Boolean
  tags: [String!]!
  kind: String!
  fixed: Int!
  prices: JSON!
  day: Date! @dateformat
  picture: File @fileByRelativePath
  pictures: [File!]! @fileByRelativePath
  summary: DemoPageSummary!
  links: [Cta!]
}`);
    expect(sdl).toContain('type DemoPageSummary {\n  heading: String!\n  link: Cta\n}');
    // One schema object is one type, declared once.
    expect(sdl.match(/type Cta \{/g)).toHaveLength(1);
    expect(() => schemaOf(sdl, 'type File { url: String }\n')).not.toThrow();
  });

  it('names a type by its registry id before its path', () => {
    const Cards = z.strictObject({ heading: z.string() }).meta({ id: 'DemoCards' });
    const sdl = graphqlTypeDefs([{ type: 'Home', schema: z.strictObject({ services: Cards, brands: Cards }) }]);
    expect(sdl).toContain('  services: DemoCards!\n  brands: DemoCards!');
    expect(sdl).not.toContain('HomeServices');
  });

  it('fails on what GraphQL cannot hold, naming the field', () => {
    const schema = z.strictObject({ either: z.union([z.string(), z.number()]) });
    expect(() => graphqlTypeDefs([{ type: 'Odd', schema }])).toThrow('Odd.either: a zod union has no GraphQL type');
  });

  it('refuses two schemas under one type name', () => {
    const c = z.strictObject({ z: z.string() });
    expect(() => graphqlTypeDefs([
      { type: 'Two', schema: z.strictObject({ c }) },
      { type: 'TwoC', schema: z.strictObject({ w: z.string() }) },
    ])).toThrow('TwoC: the type name TwoC is already taken by another schema');
  });
});

describe('the site types (siteTypeDefs)', () => {
  const sdl = siteTypeDefs();
  const schema = schemaOf(sdl);
  const fields = (type: string) => {
    const t = schema.getType(type);
    if (!t || !('getFields' in t)) throw new Error(`no type ${type}`);
    return Object.fromEntries(Object.entries(t.getFields()).map(([name, f]) => [name, String(f.type)]));
  };

  it('has one node type per document, named for what it is, and none named *Yaml', () => {
    for (const type of ['HomePage', 'SiteContent', 'Messages', 'HostHivePage', 'CartPage', 'HostingCatalog', 'ShippingRatesCatalog', 'Product', 'PublicHive', 'ArtDesign']) {
      expect(sdl).toContain(`type ${type} implements Node @dontInfer {`);
    }
    expect(sdl).not.toMatch(/Yaml/);
  });

  it('puts the build-time prices (cents) and the schedule on the catalogue nodes', () => {
    expect(fields('ShippingRatesCatalog')).toMatchObject({ standard: 'Int!', freeOver: 'Int', express: 'Int!', pickup: 'Int!', region: 'String!' });
    expect(fields('HostingCatalogPlans')).toMatchObject({ id: 'String!', price: 'Int!' });
    expect(fields('AdoptTiersCatalog')).toMatchObject({ giftMonths: '[Int!]!' });
    expect(fields('WorkshopOfferingsCatalogOfferings')).toMatchObject({ price: 'Int!', ages: 'String' });
    expect(fields('WorkshopSession')).toMatchObject({ date: 'Date!', spotsLeft: 'Int' });
    expect(sdl).toContain('date: Date! @dateformat');
  });

  it('gives the products their database id and price in cents, and their picture as a linked File', () => {
    expect(fields('Product')).toMatchObject({ productId: 'String!', slug: 'String!', price: 'Int!', image: 'File' });
    expect(sdl).toMatch(/type Product implements Node @dontInfer \{[^}]*image: File @link/);
  });

  it('resolves the pictures of the documents from their YAML file, and keeps the shared types their names', () => {
    expect(sdl).toMatch(/type PageFigure \{[^}]*image: File @fileByRelativePath/);
    for (const type of ['Cta', 'PageSeo', 'PageHero', 'PageCtaBlock', 'PageCards', 'PageList', 'PageFaq', 'PageTestimonial', 'HomeCards']) {
      expect([type, schema.getType(type)?.name]).toEqual([type, type]);
    }
  });
});
