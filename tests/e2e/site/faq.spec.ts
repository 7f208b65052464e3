/** /faq: ten questions in a single-open accordion (the open one closable, keyboard operable). */
import { expect, hrefPath, test } from './pages-fixtures';

const QUESTIONS = [
  'What area do you serve?',
  'How does hive hosting work?',
  'Is it safe for my family, pets and neighbours?',
  "What's the difference between hosting and adopting a hive?",
  'How much honey will I get as a host?',
  'How often will you visit my hive?',
  'What should I do if I see a swarm?',
  'Can I customise how my hive looks?',
  'What does the Adopt-a-Hive subscription include?',
  'How can I volunteer?',
];

test('heading, intro and the ten questions in order, all closed at first', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
  await expect(page.locator('.page-hero .lead')).toContainText('Everything you wanted to know');
  await expect(page.locator('[data-accordion="faq"] summary')).toHaveText(QUESTIONS);
  await expect(page.locator('[data-accordion="faq"] details[open]')).toHaveCount(0);
  await expect(page.getByText('Hosts receive', { exact: false })).toHaveCount(0);
});

test('opening one question closes the other, and the open one can be closed', async ({ page }) => {
  await page.goto('/faq');
  const item = (question: string) => page.locator('[data-accordion="faq"] details').filter({ hasText: question });
  const honey = item('How much honey will I get as a host?');
  const visits = item('How often will you visit my hive?');

  await honey.locator('summary').click();
  await expect(honey).toHaveAttribute('open', '');
  await expect(honey.locator('.pages-accordion-answer')).toBeVisible();
  await expect(honey).toContainText('8-12 pounds of honey per hive a year, after our spring and fall harvests');

  await visits.locator('summary').click();
  await expect(visits).toContainText('every 2-3 weeks in spring and summer, fewer in winter');
  await expect(page.locator('[data-accordion="faq"] details[open]')).toHaveCount(1);
  await expect(honey).not.toHaveAttribute('open', '');
  await expect(honey.locator('.pages-accordion-answer')).toBeHidden();

  await visits.locator('summary').click();
  await expect(page.locator('[data-accordion="faq"] details[open]')).toHaveCount(0);
});

test('a keyboard user opens and closes answers with Enter and Space', async ({ page }) => {
  await page.goto('/faq');
  const summaries = page.locator('[data-accordion="faq"] summary');
  await summaries.first().focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-accordion="faq"] details').first()).toHaveAttribute('open', '');
  await expect(page.locator('[data-accordion="faq"] details').first()).toContainText('We serve East Hills, California.');

  await page.keyboard.press('Tab');
  await expect(summaries.nth(1)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.locator('[data-accordion="faq"] details[open]')).toHaveCount(1);
  await expect(page.locator('[data-accordion="faq"] details').nth(1)).toContainText("you need at least 10' x 10' of space");
  await expect(page.locator('[data-accordion="faq"] details').nth(1)).toContainText('$450 a year');

  await page.keyboard.press('Enter');
  await expect(page.locator('[data-accordion="faq"] details[open]')).toHaveCount(0);
});

test('answers quote the catalogue facts', async ({ page }) => {
  await page.goto('/faq');
  const answers = page.locator('[data-accordion="faq"] .pages-accordion-answer');
  const texts = await answers.allTextContents();
  expect(texts).toHaveLength(10);
  expect(texts[6]).toContain('$75-150');
  expect(texts[6]).toContain('We usually respond within 3 hours');
  expect(texts[7]).toContain('UV-resistant hive wraps');
  expect(texts[8]).toContain('Swarm Supporter ($20 a month), Hive Guardian ($35 a month) or Apiary Insider ($75 a month)');
  expect(texts[8]).toContain('Gift adoptions last 3, 6 or 12 months');
});

test("'Still Have Questions?' leads to /contact and /services", async ({ page }) => {
  await page.goto('/faq');
  const closing = page.locator('#still-have-questions');
  await expect(closing.getByRole('heading')).toHaveText('Still Have Questions?');
  expect(await hrefPath(page, closing.getByRole('link', { name: 'Contact Us' }))).toBe('/contact');
  expect(await hrefPath(page, closing.getByRole('link', { name: 'Explore Services' }))).toBe('/services');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the answers still open and close', async ({ page }) => {
    await page.goto('/faq');
    const first = page.locator('[data-accordion="faq"] details').first();
    await first.locator('summary').click();
    await expect(first.locator('.pages-accordion-answer')).toBeVisible();
    await expect(first).toContainText('We serve East Hills, California.');
    await first.locator('summary').click();
    await expect(first.locator('.pages-accordion-answer')).toBeHidden();
  });
});
