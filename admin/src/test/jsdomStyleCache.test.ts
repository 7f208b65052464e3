/**
 * The admin test environment (admin/src/test/jsdomEnvironment.cjs) keeps jsdom's computed-style
 * cache across an element's inline style change: the answers must stay jsdom's own.
 */
afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

test('an inline style change shows in the computed style, and inherited values follow it', () => {
  document.head.innerHTML = '<style>.box { visibility: visible; padding-left: 3px; }</style>';
  document.body.innerHTML = '<div class="box" id="outer"><textarea id="inner"></textarea></div>';
  const outer = document.getElementById('outer')!;
  const inner = document.getElementById('inner')!;
  expect(getComputedStyle(outer).paddingLeft).toBe('3px');
  expect(getComputedStyle(inner).visibility).toBe('visible');
  outer.style.paddingLeft = '7px';
  outer.style.visibility = 'hidden';
  expect(getComputedStyle(outer).paddingLeft).toBe('7px');
  expect(getComputedStyle(inner).visibility).toBe('hidden');
  outer.removeAttribute('style');
  expect(getComputedStyle(outer).paddingLeft).toBe('3px');
  expect(getComputedStyle(inner).visibility).toBe('visible');
});

test("a rule that selects on a parent's style attribute applies to the child after the change", () => {
  document.head.innerHTML = '<style>[style*="height"] > span { visibility: hidden; }</style>';
  document.body.innerHTML = '<div id="parent"><span id="child">x</span></div>';
  const parent = document.getElementById('parent')!;
  const child = document.getElementById('child')!;
  expect(getComputedStyle(child).visibility).toBe('visible');
  parent.style.height = '10px';
  expect(getComputedStyle(child).visibility).toBe('hidden');
});

test('a class change still empties the cache', () => {
  document.head.innerHTML = '<style>.gone { visibility: hidden; }</style>';
  document.body.innerHTML = '<div id="box"></div>';
  const box = document.getElementById('box')!;
  expect(getComputedStyle(box).visibility).toBe('visible');
  box.className = 'gone';
  expect(getComputedStyle(box).visibility).toBe('hidden');
});
