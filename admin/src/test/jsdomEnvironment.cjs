/**
 * jest-environment-jsdom plus the fetch API of Node (fetch, Headers, Request, Response), which
 * jsdom lacks: supabase-js builds real requests in the admin's unit tests, answered by an
 * in-memory endpoint (src/test/testHarness.tsx) instead of a server.
 */
// jest loads test environments as CommonJS.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Headers', 'Request', 'Response', 'AbortController', 'AbortSignal']) {
      if (typeof this.global[name] === 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
