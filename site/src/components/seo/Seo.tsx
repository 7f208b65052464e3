import * as React from 'react';
import { useSiteMetadata } from '../../hooks/useSiteMetadata';
import { useLocale } from '../../hooks/useLocale';
import { defaultLocale, localePath, locales, splitLocalePath } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import { scriptJson } from './scriptJson';
import { webPageJsonLd } from './jsonLd';

/** Open Graph's name of each language (territory: the site serves Los Angeles). */
const OG_LOCALE = { en: 'en_US', es: 'es_US' } as const;

export interface SeoProps {
  /** Page title; the site name is appended ("About | Buzz Haven"). Omit on the home page. */
  title?: string;
  description?: string;
  /**
   * The page's English path, e.g. "/about"; in the page's language it becomes the canonical and
   * og:url, and each language's path an hreflang alternate.
   */
  path: string;
  /** Path of a share image under static/ (defaults to /og-image.png). */
  image?: string;
  /** Structured data objects, each rendered as one application/ld+json script. */
  jsonLd?: object | object[];
  noindex?: boolean;
  children?: React.ReactNode;
}

/** Everything a page puts in <head>, for Gatsby's Head API: `export const Head = () => <Seo .../>`. */
export function Seo({ title, description, path, image = '/og-image.png', jsonLd, noindex, children }: SeoProps) {
  const site = useSiteMetadata();
  const locale = useLocale();
  const fullTitle = title ? `${title} | ${site.title}` : site.title;
  const text = description ?? site.description;
  const englishPath = splitLocalePath(path).path;
  const urlIn = (language: (typeof locales)[number]) => {
    const own = localePath(englishPath, language);
    return `${site.siteUrl}${own === '/' ? '/' : own}`;
  };
  const url = urlIn(locale);
  const imageUrl = `${site.siteUrl}${image}`;
  const scripts = [
    ...(jsonLd ? (Array.isArray(jsonLd) ? jsonLd : [jsonLd]) : []),
    webPageJsonLd({ name: fullTitle, description: text, url, locale }),
  ];
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <link rel="canonical" href={url} />
      {!noindex && locales.map((language) => <link key={language} rel="alternate" hrefLang={language} href={urlIn(language)} />)}
      {!noindex && <link rel="alternate" hrefLang="x-default" href={urlIn(defaultLocale)} />}
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.title} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:locale" content={OG_LOCALE[locale]} />
      {locales.filter((language) => language !== locale).map((language) => (
        <meta key={language} property="og:locale:alternate" content={OG_LOCALE[language]} />
      ))}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={text} />
      {scripts.map((data, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
      ))}
      {children}
    </>
  );
}

export default Seo;
