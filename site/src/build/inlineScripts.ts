/**
 * The inline scripts the build itself writes into pages, each by name and exact text, written
 * after the build to public/inline-scripts.json. Assembly (scripts/contentSecurityPolicy.mjs)
 * allows in a page's Content-Security-Policy these and Gatsby's page-path script only, and
 * stops at any other inline script: one that came into a page another way (published text that
 * broke out of its element, say) is never hashed, so the browser would refuse it.
 *
 * Every text here comes from the code or files that write it, never from reading a page back:
 * the site's held-submit, language-switcher, menu-toggle and layout-slice scripts, the bundle loader for Gatsby's scripts slice,
 * gatsby-plugin-image's script (its own onRenderBody), and Gatsby's chunk mapping and compilation
 * hash (from chunk-map.json and page-data/app-data.json, as Gatsby's scripts slice writes them).
 */
import fs from 'fs';
import path from 'path';
import type { ReactElement } from 'react';
import { HOLD_SUBMITS_SCRIPT } from '../components/layout/heldSubmits';
import { MENU_SCRIPT } from '../components/layout/menuScript';
import { SWITCHER_SCRIPT } from '../components/layout/switcherScript';
import { bundleLoaderFor, type FrameworkChunk } from './bundlesAfterFirstPaint';
import { SLICE_BODY } from './layoutInSlices';

export const INLINE_SCRIPTS_FILE = 'inline-scripts.json';

export interface InlineScript {
  name: string;
  body: string;
}

type ScriptElement = ReactElement<{ type?: string; dangerouslySetInnerHTML?: { __html: string } }>;
type RenderBody = (args: Record<string, (elements: ScriptElement[]) => void>) => void;

/** The inline scripts gatsby-plugin-image's onRenderBody adds to every page (its images' fade-in). */
function imagePluginScripts(): InlineScript[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { onRenderBody } = require('gatsby-plugin-image/gatsby-ssr') as { onRenderBody: RenderBody };
  const elements: ScriptElement[] = [];
  const collect = (list: ScriptElement[]) => elements.push(...list);
  onRenderBody({ setHeadComponents: collect, setPreBodyComponents: collect, setPostBodyComponents: collect });
  return elements
    .filter((element) => element.type === 'script' && element.props.dangerouslySetInnerHTML)
    .map((element) => ({ name: 'gatsby-plugin-image', body: element.props.dangerouslySetInnerHTML!.__html }));
}

/** The bundle loader of each of Gatsby's scripts slices (the bundle tags every page carries). */
function bundleLoaders(publicDir: string, readFramework: (src: string) => FrameworkChunk): InlineScript[] {
  const slices = path.join(publicDir, '_gatsby/slices');
  const files = fs.existsSync(slices) ? fs.readdirSync(slices).filter((name) => name.startsWith('_gatsby-scripts')) : [];
  const loaders = files.map((name) => bundleLoaderFor(fs.readFileSync(path.join(slices, name), 'utf8'), readFramework));
  if (!loaders.some(Boolean)) throw new Error("No _gatsby-scripts slice with Gatsby's bundle tags: has Gatsby changed how it writes them?");
  return loaders.filter((body): body is string => body !== null).map((body) => ({ name: 'bundle loader', body }));
}

/** Gatsby's chunk mapping and compilation hash, as its webpack stats extractor writes them. */
function gatsbyScripts(publicDir: string): InlineScript[] {
  const chunkMap = fs.readFileSync(path.join(publicDir, 'chunk-map.json'), 'utf8');
  const appData = JSON.parse(fs.readFileSync(path.join(publicDir, 'page-data/app-data.json'), 'utf8')) as { webpackCompilationHash: string };
  return [
    { name: "Gatsby's chunk mapping", body: `window.___chunkMapping=${JSON.stringify(chunkMap)};` },
    { name: "Gatsby's compilation hash", body: `window.___webpackCompilationHash="${appData.webpackCompilationHash}";` },
  ];
}

/** Every inline script the build writes, the same in every page that has it. */
export function inlineScripts(publicDir: string, readFramework: (src: string) => FrameworkChunk): InlineScript[] {
  return [
    { name: 'held submits', body: HOLD_SUBMITS_SCRIPT },
    { name: 'language switcher', body: SWITCHER_SCRIPT },
    { name: 'menu toggle', body: MENU_SCRIPT },
    { name: 'layout slice', body: SLICE_BODY },
    ...bundleLoaders(publicDir, readFramework),
    ...imagePluginScripts(),
    ...gatsbyScripts(publicDir),
  ];
}

export function writeInlineScripts(publicDir: string, readFramework: (src: string) => FrameworkChunk) {
  const scripts = inlineScripts(publicDir, readFramework);
  fs.writeFileSync(path.join(publicDir, INLINE_SCRIPTS_FILE), `${JSON.stringify({ scripts }, null, 1)}\n`);
}
