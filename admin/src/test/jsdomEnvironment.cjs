/**
 * jest-environment-jsdom plus the fetch API of Node (fetch, Headers, Request, Response), which
 * jsdom lacks: supabase-js builds real requests in the admin's unit tests, answered by an
 * in-memory endpoint (src/test/testHarness.tsx) instead of a server. Also a faster `label.control`
 * and a computed-style cache that an inline style change no longer empties, and selector engines
 * that keep every compiled selector (same answers, see below).
 */
// jest loads test environments as CommonJS.
/* eslint-disable @typescript-eslint/no-require-imports */
const { TestEnvironment } = require('jest-environment-jsdom');
require('jsdom'); // its own load order first: its inner modules import each other in a cycle
const labelImpl = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js').implementation;
const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js');
const elementImpl = require('jsdom/lib/jsdom/living/nodes/Element-impl.js').implementation;
const documentImpl = require('jsdom/lib/jsdom/living/nodes/Document-impl.js').implementation;
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

// jsdom's selector engine (nwsapi, one per document for querySelector, one for getComputedStyle's
// cascade) keeps its compiled selectors in an LRU cache of 1,000. The cascade tries every rule of
// every stylesheet in order, and MUI's emotion sheets hold more rules than that: each pass evicted
// the selectors the next would need, so every rule was parsed and compiled again at every call.
// The same caches, as large as a test's stylesheets need.
const SELECTOR_CACHE_LIMIT = 50_000;
for (const name of ['_nwsapi', '_nwsapiDontThrow']) {
  const slot = Symbol(name);
  Object.defineProperty(documentImpl.prototype, name, {
    configurable: true,
    get() {
      return this[slot];
    },
    set(engine) {
      if (engine) widenSelectorCaches(engine);
      if (engine && name === '_nwsapiDontThrow') skipRulesForOtherClasses(engine, this);
      this[slot] = engine;
    },
  });
}

function widenSelectorCaches(engine) {
  for (const cache of [engine.matchLambdas, engine.selectLambdas, engine.matchResolvers, engine.selectResolvers]) {
    const entries = new Map();
    Object.assign(cache, {
      get: (key) => entries.get(key),
      has: (key) => entries.has(key),
      set: (key, value) => {
        if (entries.size >= SELECTOR_CACHE_LIMIT && !entries.has(key)) entries.delete(entries.keys().next().value);
        entries.set(key, value);
        return value;
      },
      clear: () => entries.clear(),
      size: () => entries.size,
    });
  }
}

// The cascade asks the engine whether each rule matches the element; most rules are an emotion
// class (`.css-1x2y3z`, `.css-1x2y3z .MuiInputBase-input`) that the element does not carry. A
// selector whose last compound names a class matches only an element with that class, so the
// element's class list answers first; selectors this simple reading is unsure of (lists,
// functional pseudo-classes, attributes, escapes) and quirks-mode documents go to the engine.
function skipRulesForOtherClasses(engine, doc) {
  const match = engine.match;
  const classes = new Map();
  engine.match = (selector, element, callback) => {
    if (typeof selector !== 'string') return match(selector, element, callback);
    let needed = classes.get(selector);
    if (needed === undefined) classes.set(selector, (needed = lastCompoundClass(selector)));
    if (needed && doc._parsingMode !== 'xml' && doc.compatMode !== 'BackCompat' && !element.classList.contains(needed)) return false;
    return match(selector, element, callback);
  };
}

function lastCompoundClass(selector) {
  if (/[,()[\]"'\\|]/.test(selector)) return null;
  const compound = selector.trim().split(/[\s>+~]+/).pop();
  return /\.(-?[_a-zA-Z][\w-]*)/.exec(compound)?.[1] ?? null;
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
