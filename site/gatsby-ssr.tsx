import * as React from 'react';
import type { GatsbySSR } from 'gatsby';
import { HOLD_SUBMITS_SCRIPT } from './src/components/layout/heldSubmits';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: 'en' });
  setHeadComponents([
    <link key="icon-svg" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
    <link key="icon-ico" rel="icon" href="/favicon.ico" sizes="32x32" />,
    <meta key="theme" name="theme-color" content="#f2a91b" />,
    // Holds a form submit that comes before the form's island has hydrated (heldSubmits.ts).
    <script key="held-submits" dangerouslySetInnerHTML={{ __html: HOLD_SUBMITS_SCRIPT }} />,
  ]);
};
