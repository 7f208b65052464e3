import { graphql, useStaticQuery } from 'gatsby';
import { useLocaleNode } from './useLocale';

/** A call to action or link as written in content/*.yaml (type Cta in schema/site.graphql). */
export interface Cta {
  label: string;
  to: string;
  variant?: string | null;
}

/** The shared words as the SiteContent query returns them (generated: src/gatsby-types.d.ts). */
export type SiteContent = Queries.SiteContentQuery['allSiteContent']['nodes'][number];
export type NewsletterText = SiteContent['newsletter'];
/** Words shared by the request forms (content/site.yaml `forms`). */
export type FormsText = SiteContent['forms'];

/** The shared words of content/site.yaml (header, footer, newsletter, contact details, 404), in the page's language. */
export function useSiteContent(): SiteContent {
  const data = useStaticQuery<Queries.SiteContentQuery>(graphql`
    query SiteContent {
      allSiteContent {
        nodes {
        locale
        brand { name tagline logoAlt }
        skipLink
        menu { open close navLabel footerNavLabel legalNavLabel }
        nav { label to }
        contact { email phone hours area }
        social { label url }
        newsletter {
          heading text label placeholder button sending success error noScript confirmed unknown
          unsubscribe { seoTitle heading text button sending done error missing noScript }
        }
        cart { label countLabel }
        forms { honeypot rateLimited }
        footer { about exploreHeading contactHeading legal { label to } copyright }
        notFound { code heading text link { label to } seoTitle seoDescription }
        language { navLabel names { en es } }
        }
      }
    }
  `);
  return useLocaleNode(data.allSiteContent.nodes, 'content/site.yaml');
}
