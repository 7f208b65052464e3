import { graphql, useStaticQuery } from 'gatsby';

/** A call to action or link as written in content/*.yaml (type Cta in schema/site.graphql). */
export interface Cta {
  label: string;
  to: string;
  variant?: string | null;
}

export interface NewsletterText {
  heading: string;
  text?: string | null;
  label: string;
  placeholder?: string | null;
  button: string;
  sending: string;
  success: string;
  error: string;
  noScript: string;
}

/** Words shared by the request forms (content/site.yaml `forms`). */
export interface FormsText {
  honeypot: string;
  rateLimited: string;
}

export interface SiteContent {
  brand: { name: string; tagline?: string | null; logoAlt?: string | null };
  skipLink: string;
  menu: { open: string; close: string; navLabel: string; footerNavLabel: string; legalNavLabel: string };
  nav: Cta[];
  contact: { email: string; phone: string; hours: string; area: string };
  social: { label: string; url: string }[];
  newsletter: NewsletterText;
  cart: { label: string; countLabel: string };
  forms: FormsText;
  footer: { about: string; exploreHeading: string; contactHeading: string; legal: Cta[]; copyright: string };
  notFound: {
    code: string;
    heading: string;
    text?: string | null;
    link: Cta;
    seoTitle: string;
    seoDescription: string;
  };
}

/** The shared words of content/site.yaml (header, footer, newsletter, contact details, 404). */
export function useSiteContent(): SiteContent {
  const data = useStaticQuery<{ siteYaml: SiteContent | null }>(graphql`
    query SiteContent {
      siteYaml {
        brand { name tagline logoAlt }
        skipLink
        menu { open close navLabel footerNavLabel legalNavLabel }
        nav { label to }
        contact { email phone hours area }
        social { label url }
        newsletter { heading text label placeholder button sending success error noScript }
        cart { label countLabel }
        forms { honeypot rateLimited }
        footer { about exploreHeading contactHeading legal { label to } copyright }
        notFound { code heading text link { label to } seoTitle seoDescription }
      }
    }
  `);
  if (!data.siteYaml) throw new Error('content/site.yaml is missing or empty');
  return data.siteYaml;
}
