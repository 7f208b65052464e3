import * as React from 'react';
import { Seo, type SeoProps } from '../../seo/Seo';
import type { PageSeo } from './types';

/** The Head of a content page: its title and description from content, its fixed path. */
export function PageHead({ seo, path, jsonLd }: { seo?: PageSeo | null; path: string; jsonLd?: SeoProps['jsonLd'] }) {
  return <Seo title={seo?.title} description={seo?.description} path={path} jsonLd={jsonLd} />;
}
