/**
 * Shapes of the home page's content as its query (src/pages/index.tsx, query HomePage) returns
 * them: the types Gatsby generates (graphqlTypegen, src/gatsby-types.d.ts). Not written by hand.
 */
export type HomeContent = NonNullable<Queries.HomePageQuery['homePage']>;

/** The four-phase explainer block. */
export type ItemsBlock = HomeContent['phases'];

/** A featured catalogue entry (a public product of the database). */
export type FeaturedProduct = Queries.HomePageQuery['featured']['nodes'][number];
