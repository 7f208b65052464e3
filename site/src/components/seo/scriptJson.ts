/**
 * JSON for the inside of a <script type="application/ld+json"> element. The HTML parser ends a
 * script at the first `</script` whatever the JSON says, so a product name such as
 * `</script><script>alert(1)</script>` would otherwise close the block and run. Every `<`, `>`
 * and `&` is written as its JSON escape (still the same string to a JSON parser), and U+2028/9,
 * which some JavaScript engines read as line ends, likewise (the escapes serialize-javascript and
 * Next.js's htmlEscapeJsonString use).
 */
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (char) => ESCAPES[char]);
}
