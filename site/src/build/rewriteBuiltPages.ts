/**
 * gatsby-node's onPostBuild: applies the page rewrites to every HTML page of the built site, in
 * order (bundlesAfterFirstPaint.ts, layoutInSlices.ts). A rewrite returns null when it has nothing
 * to do, as on a page an incremental build left as the last build wrote it. Then lists the inline
 * scripts the build wrote (inlineScripts.ts), which assembly allows in each page's policy.
 */
import fs from 'fs';
import path from 'path';
import { BUNDLE_LOADER_ID, type FrameworkChunk, frameworkChunk, loadBundlesAfterFirstPaint } from './bundlesAfterFirstPaint';
import { writeInlineScripts } from './inlineScripts';
import { layOutInSlices } from './layoutInSlices';

export function rewriteBuiltPages(publicDir: string) {
  const frameworks = new Map<string, FrameworkChunk>();
  const readFramework = (src: string) => {
    if (!frameworks.has(src)) frameworks.set(src, frameworkChunk(fs.readFileSync(path.join(publicDir, src), 'utf8')));
    return frameworks.get(src) as FrameworkChunk;
  };
  const rewrites = [(html: string) => loadBundlesAfterFirstPaint(html, readFramework), layOutInSlices];
  let deferred = 0;
  for (const entry of fs.readdirSync(publicDir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(publicDir, entry);
    if (!entry.endsWith('.html') || entry.startsWith('_gatsby') || !fs.statSync(file).isFile()) continue;
    const before = fs.readFileSync(file, 'utf8');
    const after = rewrites.reduce((html, rewrite) => rewrite(html) ?? html, before);
    if (after !== before) fs.writeFileSync(file, after);
    if (after.includes(BUNDLE_LOADER_ID)) deferred += 1;
  }
  // Gatsby writes the bundle tags itself: if a new version writes them differently, say so.
  if (deferred === 0) throw new Error("No page had Gatsby's <script src async> bundle tags to defer");
  writeInlineScripts(publicDir, readFramework);
}
