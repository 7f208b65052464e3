import * as React from 'react';
import type { GatsbySSR } from 'gatsby';
import { HOLD_SUBMITS_SCRIPT } from './src/components/layout/heldSubmits';
import { SWITCHER_SCRIPT } from './src/components/layout/switcherScript';
import { MENU_SCRIPT } from './src/components/layout/menuScript';
import { splitLocalePath } from '../supabase/functions/_shared/content-schema/locales.ts';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ pathname, setHtmlAttributes, setHeadComponents }) => {
  // The page's language from its path: /es/... is Spanish (the 404 page is built once per language).
  setHtmlAttributes({ lang: splitLocalePath(pathname).locale });
  setHeadComponents([
    // A PNG rather than favicon.svg: see favicon-96.png in scripts/make-images.mjs.
    <link key="icon-png" rel="icon" href="/favicon-96.png" type="image/png" sizes="96x96" />,
    <link key="icon-ico" rel="icon" href="/favicon.ico" sizes="32x32" />,
    <meta key="theme" name="theme-color" content="#f2a91b" />,
    // Holds a form submit that comes before the form's island has hydrated (heldSubmits.ts).
    <script key="held-submits" dangerouslySetInnerHTML={{ __html: HOLD_SUBMITS_SCRIPT }} />,
    // Keeps the query and anchor when the language switcher is followed (switcherScript.ts).
    <script key="language-switcher" dangerouslySetInnerHTML={{ __html: SWITCHER_SCRIPT }} />,
    // Opens and closes the header's menu before the header has hydrated (menuScript.ts).
    <script key="menu-toggle" dangerouslySetInnerHTML={{ __html: MENU_SCRIPT }} />,
  ]);
};
