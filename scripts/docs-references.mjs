/**
 * What the contributor documents name that must exist: repository paths written as code (inline or
 * in a fenced block), relative links, and npm scripts (`npm run X`, `npm test`, with `-w` for a
 * workspace's). scripts/docs-references.test.mjs fails on any that is missing, so a renamed file or
 * script cannot leave the docs pointing at nothing. Markdown is read with `marked`'s lexer, so code
 * and links are found as a renderer would find them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Lexer } from 'marked';

/** The documents checked: the front door, the contributor guide and every topic page. */
export function documentFiles(root) {
  const docs = existsSync(join(root, 'docs')) ? readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`) : [];
  return ['README.md', 'CONTRIBUTING.md', ...docs].filter((f) => existsSync(join(root, f)));
}

/** Inline code, fenced code and link targets of a Markdown document, in order. */
export function codeAndLinks(markdown) {
  const code = [];
  const links = [];
  const tokens = new Lexer().lex(markdown);
  const walk = (list) => {
    for (const token of list) {
      if (token.type === 'codespan' || token.type === 'code') code.push(decode(token.text));
      if (token.type === 'link') links.push(token.href);
      for (const child of [token.tokens, token.items, token.header, ...(token.rows ?? [])]) if (Array.isArray(child)) walk(child);
    }
  };
  walk(tokens);
  return { code, links };
}

// marked keeps a code span's text HTML-escaped.
const decode = (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/**
 * The npm scripts a piece of text runs: `npm run X`, `npm run-script X`, and `npm test|start|stop|restart`,
 * each with the workspace its `-w`/`--workspace` names (undefined: the root package).
 */
export function npmScripts(text) {
  const found = [];
  for (const line of text.split('\n')) {
    for (const command of line.split(/&&|\|\||;|\||`/)) {
      const words = command.trim().split(/\s+/);
      for (let at = words.indexOf('npm'); at >= 0; at = words.indexOf('npm', at + 1)) {
        let workspace;
        const rest = [];
        for (let i = at + 1; i < words.length && words[i] !== '--' && words[i] !== 'npm'; i++) {
          const word = words[i];
          if (word === '-w' || word === '--workspace') workspace = words[++i];
          else if (word.startsWith('--workspace=')) workspace = word.slice('--workspace='.length);
          else if (!word.startsWith('-')) rest.push(word);
        }
        const [verb, name] = rest;
        if ((verb === 'run' || verb === 'run-script') && name) found.push({ name, workspace });
        else if (['test', 'start', 'stop', 'restart'].includes(verb)) found.push({ name: verb, workspace });
      }
    }
  }
  return found;
}

/** The words of a code text that name a repository path: they start with a top-level entry. */
export function repoPaths(text, topLevel) {
  const paths = [];
  for (const raw of text.split(/[\s()'"=`[\]]+/)) {
    const word = raw.replace(/[.,;:]+$/, '').replace(/:\d+$/, '').replace(/#.*$/, '');
    const first = word.split('/')[0];
    if (word.includes('/') && topLevel.has(first)) paths.push(word);
  }
  return paths;
}

/** Every way of writing a brace list out: `a/{b,c}.ts` -> `a/b.ts`, `a/c.ts`. */
function expandBraces(path) {
  const match = /\{([^{}]*)\}/.exec(path);
  if (!match) return [path];
  return match[1].split(',').flatMap((part) => expandBraces(path.slice(0, match.index) + part + path.slice(match.index + match[0].length)));
}

/** Whether a path exists; `*` matches within a segment, and a placeholder (`<name>`, `...`) ends what is checked. */
export function pathExists(root, path) {
  return expandBraces(path).every((one) => {
    const segments = one.split('/').filter(Boolean);
    const placeholder = segments.findIndex((s) => /<|…|\.\.\./.test(s));
    return matches(root, placeholder >= 0 ? segments.slice(0, placeholder) : segments);
  });
}

function matches(dir, segments) {
  if (segments.length === 0) return true;
  const [head, ...tail] = segments;
  if (!head.includes('*')) return existsSync(join(dir, head)) && (tail.length === 0 || isDir(join(dir, head))) && matches(join(dir, head), tail);
  const pattern = new RegExp(`^${head.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
  return isDir(dir) && readdirSync(dir).some((name) => pattern.test(name) && matches(join(dir, name), tail));
}
const isDir = (path) => existsSync(path) && statSync(path).isDirectory();

/** The top-level entries of the repository that are not ignored (so `dist/` or `.data/` are not checked). */
export function topLevelEntries(root) {
  const names = readdirSync(root).filter((n) => n !== '.git' && n !== 'node_modules');
  return new Set(names.filter((n) => !ignored(root, [n]).has(n)));
}

/** The paths among `paths` that git ignores (generated output such as `site/public` or `admin/dist`). */
export function ignored(root, paths) {
  if (paths.length === 0) return new Set();
  try {
    // Each also as a folder: `site/.cache/` in .gitignore matches only a folder.
    const asked = paths.flatMap((p) => [p, `${p.replace(/\/$/, '')}/`]);
    const out = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: root, input: asked.join('\n'), encoding: 'utf8' });
    const hits = new Set(out.split('\n').filter(Boolean));
    return new Set(paths.filter((p) => hits.has(p) || hits.has(`${p.replace(/\/$/, '')}/`)));
  } catch (err) {
    // Exit status 1: none of them is ignored.
    if (err.status === 1) return new Set();
    throw err;
  }
}

/** The scripts of the root package and of each workspace, by every name `-w` accepts (folder or package name). */
export function scriptsByWorkspace(root) {
  const read = (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  const rootPackage = read('.');
  const byName = new Map([[undefined, new Set(Object.keys(rootPackage.scripts ?? {}))]]);
  for (const dir of rootPackage.workspaces ?? []) {
    const pkg = read(dir);
    const scripts = new Set(Object.keys(pkg.scripts ?? {}));
    byName.set(dir, scripts);
    byName.set(pkg.name, scripts);
  }
  return byName;
}

/** The anchors of a document's headings, as GitHub makes them: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchors(markdown) {
  const anchors = new Set();
  for (const token of new Lexer().lex(markdown)) {
    if (token.type !== 'heading') continue;
    const base = decode(token.text).toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** What a document names that does not exist, one line each (empty when all is well). */
export function missingReferences(root, file, markdown = readFileSync(join(root, file), 'utf8')) {
  const topLevel = topLevelEntries(root);
  const scripts = scriptsByWorkspace(root);
  const { code, links } = codeAndLinks(markdown);
  const missing = [];
  const candidates = [...new Set(code.flatMap((text) => repoPaths(text, topLevel)))];
  const generated = ignored(root, candidates);
  for (const path of candidates) {
    if (!generated.has(path) && !pathExists(root, path)) missing.push(`${file}: path ${path}`);
  }
  for (const href of links) {
    if (/^[a-z][a-z+.-]*:|^\/\//i.test(href)) continue;
    const [path, anchor] = decodeURI(href).split('#');
    const target = path ? relative(root, join(root, dirname(file), path)) : file;
    if (target.startsWith('..')) continue;
    if (!pathExists(root, target)) missing.push(`${file}: link ${href}`);
    else if (anchor && target.endsWith('.md') && !headingAnchors(readFileSync(join(root, target), 'utf8')).has(anchor)) {
      missing.push(`${file}: link ${href} (no such heading)`);
    }
  }
  for (const { name, workspace } of npmScripts([markdown, ...code].join('\n'))) {
    const known = scripts.get(workspace);
    if (!known) missing.push(`${file}: workspace ${workspace} (npm ... -w ${workspace})`);
    else if (!known.has(name)) missing.push(`${file}: npm script ${name}${workspace ? ` in ${workspace}` : ''}`);
  }
  return [...new Set(missing)];
}
