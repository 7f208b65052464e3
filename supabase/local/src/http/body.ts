/**
 * Request body parsing shared by every route: 1 MB limit (413), JSON parsed by hand so an empty
 * body (supabase-js sends one to /logout with a JSON content type) is allowed and malformed JSON
 * becomes a 400 that each API renders in its own error format.
 */
import type { FastifyInstance } from 'fastify';

export const BODY_LIMIT = 1024 * 1024;

class BadJson extends Error {
  readonly code = 'BAD_JSON';
  readonly statusCode = 400;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
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
