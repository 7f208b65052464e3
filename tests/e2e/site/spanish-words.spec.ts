/**
 * No English on a Spanish page: every built /es page, opened in the browser (so the words its
 * scripts write after loading count too), holds none of the English content documents' phrases
 * and none of the English words the code writes around data (englishPhrases.ts says which), in its
 * text, its attributes (alt, title, aria-label, placeholder), its meta descriptions and its JSON-LD.
 * Names stay as they are (they are the same in both documents), and so do the fields the back
 * office reports as falling back to English.
 */
import type { Page } from '@playwright/test';
import { builtPages, isSpanish } from './builtPages';
import { CODE_WORDS, englishPhrases } from './englishPhrases';
import { expect, test } from './pages-fixtures';

/** Everything a visitor, a screen reader or a search engine reads on the page, on one line. */
const readableText = (page: Page) => page.evaluate(() => {
  const body = document.body.cloneNode(true) as HTMLElement;
  for (const node of body.querySelectorAll('script:not([type="application/ld+json"]), style, noscript')) node.remove();
  const parts = [document.title, body.textContent ?? ''];
  for (const element of document.querySelectorAll('[alt], [title], [aria-label], [placeholder]')) {
    for (const name of ['alt', 'title', 'aria-label', 'placeholder']) parts.push(element.getAttribute(name) ?? '');
  }
  for (const meta of document.querySelectorAll('meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]')) {
    parts.push(meta.getAttribute('content') ?? '');
  }
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) parts.push(script.textContent ?? '');
  return parts.join('\n').replace(/\s+/g, ' ');
});

// The hive map's tiles come from a host the test machine cannot reach, and pages opened without
// their link's token (a vote to confirm) get a 400 from the backend; the 404 page logs its path.
test.use({ allowConsoleErrors: [/ERR_NAME_NOT_RESOLVED|tile\.openstreetmap\.org|status of 400|status of 404|no page at/] });

test('no Spanish page shows an English phrase of the content or an English word of the code', async ({ page }) => {
  test.setTimeout(180_000);
  const phrases = englishPhrases();
  expect(phrases.size).toBeGreaterThan(300);
  const spanish = [...builtPages().filter(isSpanish), '/es/404'];
  expect(spanish.length).toBeGreaterThan(20);
  const leaks: string[] = [];
  for (const path of spanish) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const text = await readableText(page);
    for (const [phrase, source] of phrases) if (text.includes(phrase)) leaks.push(`${path}: "${phrase}" (${source})`);
    for (const words of CODE_WORDS) {
      const match = words.exec(text);
      if (match) leaks.push(`${path}: "${text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 10)}"`);
    }
  }
  expect(leaks).toEqual([]);
});
