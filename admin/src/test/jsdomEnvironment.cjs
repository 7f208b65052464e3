/**
 * jest-environment-jsdom plus the fetch API of Node (fetch, Headers, Request, Response), which
 * jsdom lacks: supabase-js builds real requests in the admin's unit tests, answered by an
 * in-memory endpoint (src/test/testHarness.tsx) instead of a server. Also a faster `label.control`
 * (same answer, see below).
 */
// jest loads test environments as CommonJS.
/* eslint-disable @typescript-eslint/no-require-imports */
const { TestEnvironment } = require('jest-environment-jsdom');
require('jsdom'); // its own load order first: its inner modules import each other in a cycle
const labelImpl = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js').implementation;
const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js');
/* eslint-enable @typescript-eslint/no-require-imports */

// jsdom finds a `<label for>`'s control by walking the whole document, and an input's labels by
// asking every label for its control: naming one input walks the document once per label, so
// Testing Library's queries on a form of a hundred inputs spent most of their time there. When
// the label is in a document and exactly one element there has the id, the document's id index
// gives the same element; in any other case (a duplicate id, a detached tree) jsdom's walk decides.
const treeWalkControl = Object.getOwnPropertyDescriptor(labelImpl.prototype, 'control').get;
Object.defineProperty(labelImpl.prototype, 'control', {
  configurable: true,
  get() {
    const id = this.getAttributeNS(null, 'for');
    const root = id ? this.getRootNode({}) : null;
    const candidates = root && root._ids ? root._ids[id] : undefined;
    if (candidates && candidates.length === 1 && candidates[0].getRootNode({}) === root) {
      return isLabelable(candidates[0]) ? candidates[0] : null;
    }
    return treeWalkControl.call(this);
  },
});

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Headers', 'Request', 'Response', 'AbortController', 'AbortSignal']) {
      if (typeof this.global[name] === 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
