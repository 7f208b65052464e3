/**
 * Build-time filling of the {{group.key}} placeholders of content/pages/*.yaml (see catalog.ts).
 * gatsby-node wraps the Query field of every page content type (`faqPage`, `shopPage`, ...) so
 * the page query already returns finished sentences: the page-data JSON holds the text as
 * visitors read it and the browser neither loads the catalogue nor rewrites strings while it
 * hydrates. An unknown placeholder throws here, failing the build with the key's name.
 */
import { isLocale } from '../../../supabase/functions/_shared/content-schema/locales.ts';
import { type Catalog, catalogVars, fillDeep } from './catalog';

/** The part of Gatsby's resolver context used here (nodeModel of `createResolvers`). */
interface NodeModel {
  findOne(args: { type: string; query: Record<string, unknown> }): Promise<unknown>;
  trackInlineObjectsInRootNode(node: unknown): void;
}
interface ResolverContext {
  nodeModel: NodeModel;
}
type Resolve = (source: unknown, args: unknown, context: ResolverContext, info: { originalResolver: Resolve }) => unknown;

/** The catalogue as the content nodes of one language hold it (the same values the YAML files give). */
async function loadCatalog(nodeModel: NodeModel, locale: string): Promise<Catalog> {
  const one = async <T>(type: string, file: string): Promise<T> => {
    const node = await nodeModel.findOne({ type, query: { filter: { locale: { eq: locale } } } });
    if (!node) throw new Error(`content/${file} is missing or empty`);
    return node as T;
  };
  return {
    hosting: await one('HostingCatalog', 'catalog/hosting.yaml'),
    adopt: await one('AdoptTiersCatalog', 'catalog/adopt-tiers.yaml'),
    swarm: await one('SwarmCatalog', 'catalog/swarm.yaml'),
    workshops: await one('WorkshopOfferingsCatalog', 'catalog/workshop-offerings.yaml'),
    shipping: await one('ShippingRatesCatalog', 'catalog/shipping-rates.yaml'),
    policies: await one('PoliciesCatalog', 'catalog/policies.yaml'),
    impact: await one('ImpactStatsCatalog', 'catalog/impact-stats.yaml'),
    site: (await one<{ contact: Catalog['site'] }>('SiteContent', 'site.yaml')).contact,
  };
}

/**
 * `createResolvers` input: for each page content Query field (`faqPage`), a resolver that returns the node with
 * every string filled. The copy is registered as the node's own data so fields that resolve
 * relative to the node's file (images via @fileByRelativePath) keep working.
 */
export function placeholderResolvers(queryFields: string[]) {
  const resolve: Resolve = async (source, args, context, info) => {
    const node = await info.originalResolver(source, args, context, info);
    if (!node) return node;
    // Read per query (not cached) so the page depends on the catalogue nodes it quotes.
    // A page quotes the catalogue of its own language (a Spanish page, the Spanish plan names).
    const { locale } = node as { locale: string };
    const vars = catalogVars(await loadCatalog(context.nodeModel, locale), isLocale(locale) ? locale : undefined);
    const filled = fillDeep(node, vars);
    context.nodeModel.trackInlineObjectsInRootNode(filled);
    return filled;
  };
  return { Query: Object.fromEntries(queryFields.map((field) => [field, { resolve }])) };
}
