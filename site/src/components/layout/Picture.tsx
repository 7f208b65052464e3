import * as React from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';

interface Props {
  /** `childImageSharp.gatsbyImageData` from a page query (sharp-processed at build time). */
  image: IGatsbyImageData | null | undefined;
  alt: string;
  /** Above the fold: load at once with high priority (the LCP image). */
  eager?: boolean;
  className?: string;
}

/**
 * Renders gatsby-plugin-image's build-time data (responsive WebP/AVIF/PNG srcsets, width and
 * height) as a plain <picture>. GatsbyImage/StaticImage add ~22 KB of gzipped runtime on the
 * first image of a page (their lazy-hydrate chunk bundles react-dom/server), which alone would
 * push a page past the 100 KB JavaScript budget; native lazy loading does the same job here.
 */
export function Picture({ image, alt, eager = false, className }: Props) {
  if (!image) return null;
  const { images, width, height } = image;
  const priority = eager ? { fetchpriority: 'high' } : {};
  return (
    <picture className={className}>
      {images.sources?.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={images.fallback?.src}
        srcSet={images.fallback?.srcSet}
        sizes={images.fallback?.sizes}
        width={width}
        height={height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding={eager ? 'sync' : 'async'}
        style={{ display: 'block', width: '100%', height: 'auto' }}
        {...priority}
      />
    </picture>
  );
}
