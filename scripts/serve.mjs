#!/usr/bin/env node
/**
 * Serves the assembled static build (dist/: the Gatsby site at /, the admin under /admin/) the
 * way a static host does: gzip, long caching for hashed assets, the site's 404.html for unknown
 * paths (the Spanish one under /es/), the admin's client-side routes (/auth, /admin/**) rewritten to /admin/index.html and the
 * security headers of every response (both from scripts/hosting.json).
 * Uses serve-handler (the engine of `serve`) and compression rather than a hand-written server.
 */
import http from 'node:http';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import handler from 'serve-handler';
import compression from 'compression';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const port = Number(arg('--port', process.env.PORT ?? 8000));
const publicDir = arg('--dir', join(root, 'dist'));

if (!existsSync(join(publicDir, 'index.html'))) {
  console.error(`No build in ${publicDir}: run \`npm run build\` first.`);
  process.exit(1);
}

const hosting = JSON.parse(readFileSync(join(root, 'scripts/hosting.json'), 'utf8'));
const config = {
  public: publicDir,
  cleanUrls: true,
  directoryListing: false,
  rewrites: hosting.rewrites,
  headers: [
    { source: '**', headers: hosting.headers },
    ...hosting.pathHeaders,
    {
      source: '{static,admin/assets}/**',
      headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
    },
    {
      source: '*.@(js|css)',
      headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
    },
  ],
};

/** The not-found page for a path: its language's (hosting.json notFound), else the site's 404.html. */
const notFoundPage = (url) => {
  const path = url.split(/[?#]/)[0];
  // Each rule is a folder and everything under it ("/es/**").
  const rule = hosting.notFound.find(({ source }) => path.startsWith(source.replace(/\*\*$/, '')));
  return join(publicDir, rule ? rule.page : '/404.html');
};

/** serve-handler's error answer, with the not-found page of the request's language. */
const sendError = (url) => async (absolutePath, response, acceptsJSON, current, handlers, _config, { statusCode, message }) => {
  const page = statusCode === 404 ? notFoundPage(url) : null;
  const headers = Object.fromEntries(hosting.headers.map(({ key, value }) => [key, value]));
  if (page && existsSync(page)) {
    response.writeHead(404, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
    createReadStream(page).pipe(response);
    return;
  }
  response.writeHead(statusCode, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(message);
};

const compress = compression();
const server = http.createServer((req, res) => {
  compress(req, res, () => {
    handler(req, res, config, { sendError: sendError(req.url ?? '/') }).catch((err) => {
      console.error(err);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
});

server.listen(port, () => {
  console.log(`Static site and admin served at http://localhost:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
