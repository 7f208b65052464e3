import { scriptJson } from './scriptJson';

const payload = { name: '</script><script>alert(1)</script>', note: 'a & b <!-- c --> \u2028\u2029' };

test('no character that could end the script or open markup is left in the JSON', () => {
  const out = scriptJson(payload);
  expect(out).not.toMatch(/[<>&\u2028\u2029]/);
  expect(out).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
  expect(out).toContain('a \\u0026 b \\u003c!-- c --\\u003e \\u2028\\u2029');
});

test('a JSON parser reads back exactly the original values', () => {
  expect(JSON.parse(scriptJson(payload))).toEqual(payload);
});
