/**
 * Request body parsing shared by every route: 1 MB limit (413), JSON parsed by hand so an empty
 * body (supabase-js sends one to /logout with a JSON content type) is allowed and malformed JSON
 * becomes a 400 that each API renders in its own error format. Nesting deeper than
 * MAX_JSON_DEPTH is malformed too: V8 parses 100,000 levels of `[` but re-serialising them
 * (JSON.stringify on the way to the database) overflows the stack.
 */
import type { FastifyInstance } from 'fastify';

export const BODY_LIMIT = 1024 * 1024;

class BadJson extends Error {
  readonly code = 'BAD_JSON';
  readonly statusCode = 400;
}

/** Far beyond any real payload; PostgreSQL's json parser and JSON.stringify handle it easily. */
export const MAX_JSON_DEPTH = 1000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/** Throws when arrays and objects nest deeper than MAX_JSON_DEPTH (brackets inside strings don't count). */
function assertDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (OPENERS.has(c)) {
      if (++depth > MAX_JSON_DEPTH) throw new BadJson(`JSON nesting is too deep (${MAX_JSON_DEPTH} levels at most)`);
    } else if (CLOSERS.has(c)) {
      depth--;
    }
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  assertDepth(text);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new BadJson((err as Error).message);
  }
}

export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'application/vnd.pgrst.object+json'],
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_req, body, done) => {
      try {
        done(null, parseJson(body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );
  // Anything else arrives as text; handlers validate it (GoTrue and PostgREST both speak JSON).
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    done(null, body);
  });
}
