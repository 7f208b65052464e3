import { graphql, useStaticQuery } from 'gatsby';

export interface SiteMetadata {
  title: string;
  description: string;
  siteUrl: string;
}

/** gatsby-config's siteMetadata (site name, default description, absolute base URL). */
export function useSiteMetadata(): SiteMetadata {
  const data = useStaticQuery<{ site: { siteMetadata: SiteMetadata } }>(graphql`
    query SiteMetadata {
      site {
        siteMetadata {
          title
          description
          siteUrl
        }
      }
    }
  `);
  return data.site.siteMetadata;
}
