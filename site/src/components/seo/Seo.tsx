import * as React from 'react';
import { useSiteMetadata } from '../../hooks/useSiteMetadata';
import { scriptJson } from './scriptJson';

export interface SeoProps {
  /** Page title; the site name is appended ("About | Buzz Haven"). Omit on the home page. */
  title?: string;
  description?: string;
  /** The page's path, e.g. "/about"; becomes the canonical and og:url. */
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
  const fullTitle = title ? `${title} | ${site.title}` : site.title;
  const text = description ?? site.description;
  const url = `${site.siteUrl}${path === '/' ? '/' : path}`;
  const imageUrl = `${site.siteUrl}${image}`;
  const scripts = jsonLd ? (Array.isArray(jsonLd) ? jsonLd : [jsonLd]) : [];
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <link rel="canonical" href={url} />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.title} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:locale" content="en_US" />
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
