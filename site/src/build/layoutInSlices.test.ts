import { SLICE_SCRIPT, layOutInSlices, sectionOffsets } from './layoutInSlices';

const section = (name: string, inner = '') => `<!--$--><section>${name}${inner}</section><!--/$-->`;
const island = '<!--$--><form>island</form><!--/$-->';
const page = (...sections: string[]) =>
  `<html><body><div id="___gatsby"><header>h</header><main id="main">${sections.join('')}</main><!--$--><footer>f</footer><!--/$--></div></body></html>`;

test('the slice script goes before every section of <main> but the first, not before nested boundaries or the footer', () => {
  const html = layOutInSlices(page(section('one', island), section('two', island), section('three'), section('four')));
  expect(html).toBe(page(
    section('one', island),
    SLICE_SCRIPT + section('two', island),
    SLICE_SCRIPT + section('three'),
    SLICE_SCRIPT + section('four'),
  ));
});

test('sections are the top-level boundaries, nested ones skipped', () => {
  const html = page(section('one', island + island), section('two'));
  expect(sectionOffsets(html).map((offset) => html.slice(offset, offset + 20))).toEqual([
    '<!--$--><section>one',
    '<!--$--><section>two',
  ]);
});

test('a page with two sections gets one script; one section or none, nothing', () => {
  expect(layOutInSlices(page(section('one'), section('two')))?.split(SLICE_SCRIPT)).toHaveLength(2);
  expect(layOutInSlices(page(section('one')))).toBeNull();
  expect(layOutInSlices('<html><body>no main</body></html>')).toBeNull();
});

test('a page already sliced (an incremental build) is left alone', () => {
  const once = layOutInSlices(page(section('one'), section('two'), section('three')));
  expect(once).not.toBeNull();
  expect(layOutInSlices(once ?? '')).toBeNull();
});

test('the script lays out what was parsed and removes itself', () => {
  const body = SLICE_SCRIPT.replace(/^<script[^>]*>|<\/script>$/g, '');
  let read = 0;
  let removed = false;
  const document = {
    body: { get offsetWidth() { read += 1; return 390; } },
    currentScript: { remove: () => { removed = true; } },
  };
  new Function('document', body)(document);
  expect([read, removed]).toEqual([1, true]);
});
