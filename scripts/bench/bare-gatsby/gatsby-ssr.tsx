import type { GatsbySSR } from 'gatsby';

// A document language, as every real page has (Lighthouse's SEO and a11y audits check it).
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: 'en' });
};
