/**
 * jest-environment-jsdom plus the fetch API of Node (fetch, Headers, Request, Response), which
 * jsdom lacks: supabase-js builds real requests in the admin's unit tests, answered by an
 * in-memory endpoint (src/test/testHarness.tsx) instead of a server. Also a faster `label.control`
 * and a computed-style cache that an inline style change no longer empties (same answers, see below).
 */
// jest loads test environments as CommonJS.
/* eslint-disable @typescript-eslint/no-require-imports */
const { TestEnvironment } = require('jest-environment-jsdom');
require('jsdom'); // its own load order first: its inner modules import each other in a cycle
const labelImpl = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js').implementation;
const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js');
const elementImpl = require('jsdom/lib/jsdom/living/nodes/Element-impl.js').implementation;
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

// jsdom caches each element's cascaded declaration (the matching rules and its inline style) for
// getComputedStyle, and empties the whole cache on any change to the document. MUI's
// TextareaAutosize writes its hidden twin's inline style and then asks for the computed style, so
// every multi-line input cascaded every stylesheet rule again for itself and each ancestor (the
// inherited visibility and colour), which was most of a long form's render. A `style` attribute
// changes only that element's own declaration (inherited values are resolved from the parents at
// each call, not cached), so only its entry is dropped; a stylesheet that selects on the `style`
// attribute keeps jsdom's behaviour.
const attrModified = elementImpl.prototype._attrModified;
elementImpl.prototype._attrModified = function keepStyleCache(name, value, oldValue) {
  const doc = this._ownerDocument;
  const cache = name === 'style' && this._attached ? doc._styleCache : null;
  attrModified.call(this, name, value, oldValue);
  if (cache && doc._styleCache === null && !selectsOnStyleAttribute(doc)) {
    cache.delete(this);
    doc._styleCache = cache;
  }
};

function selectsOnStyleAttribute(doc) {
  const selects = (rule) => (rule.cssRules ? Array.prototype.some.call(rule.cssRules, selects) : /\[\s*style/i.test(rule.selectorText ?? ''));
  return doc.styleSheets._list.some((sheet) => Array.prototype.some.call(sheet.cssRules, selects));
}

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Headers', 'Request', 'Response', 'AbortController', 'AbortSignal']) {
      if (typeof this.global[name] === 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
