// Stands in for gatsby/dist/internal-plugins/partytown/gatsby-browser.js in production browser
// bundles (gatsby-node's onCreateWebpackConfig): that plugin only acts in `gatsby develop`, but
// its CommonJS requires pulled gatsby-script and Partytown's integration into every page's app
// bundle. The site uses neither (no <Script strategy="off-main-thread">).
export {};
