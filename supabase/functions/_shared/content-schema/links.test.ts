/** Link fields accept site paths and https/http/mailto/tel only, at every place a link is written. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { LINK_ERROR, isSafeLink } from './fields.ts';
import { validateDocument } from './index.ts';

const contentDir = join(__dirname, '../../../../content');
const read = (key: string) => parse(readFileSync(join(contentDir, `${key}.yaml`), 'utf8')) as Record<string, any>;

test.each(['/contact', '/', '/faq#returns', '#main', '/services?adopt=hive', 'https://www.instagram.com/buzzhaven',
  'http://example.com', 'mailto:hello@example.com', 'tel:+15555550123', 'HTTPS://EXAMPLE.COM'])('%s is a link', (value) => {
  expect(isSafeLink(value)).toBe(true);
});

test.each(['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)',
  '\u0001javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)',
  '//evil.example/x', '/\\evil.example', '\\\\evil.example', 'contact', 'file:///etc/passwd'])('%j is refused', (value) => {
  expect(isSafeLink(value)).toBe(false);
});

test("a call-to-action and a social link with javascript: are refused at their fields", () => {
  const home = read('home');
  home.hero.ctas[0].to = 'javascript:alert(1)';
  const site = read('site');
  site.social[0].url = 'javascript:alert(document.cookie)';
  const homeResult = validateDocument('home', home);
  const siteResult = validateDocument('site', site);
  expect(homeResult.ok).toBe(false);
  expect(siteResult.ok).toBe(false);
  const issues = [...(homeResult.ok ? [] : homeResult.issues), ...(siteResult.ok ? [] : siteResult.issues)];
  expect(issues).toEqual(expect.arrayContaining([
    expect.objectContaining({ message: LINK_ERROR, path: ['hero', 'ctas', '0', 'to'] }),
    expect.objectContaining({ message: LINK_ERROR, path: ['social', '0', 'url'] }),
  ]));
});
