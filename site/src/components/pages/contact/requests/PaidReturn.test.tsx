/**
 * The manage link of the adoption_paid e-mail (/contact/?adopt=manage&token=<manage token>,
 * supabase/functions/send-messages/values.ts): the page shows the 'Manage or cancel your
 * subscription' button at once (a click opens the portal), asks nothing; a malformed token shows
 * no button. Rendered on the server (no effects run, nothing fetched).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PaidReturn } from './PaidReturn';

const text = parse(readFileSync(join(__dirname, '../../../../../../content/pages/contact.yaml'), 'utf8')).requests.payment;
const render = (search: string) => renderToStaticMarkup(<PaidReturn text={text} timeZone="America/Los_Angeles" search={search} />);

test('the e-mailed manage link shows the portal button, and no "checking" message', () => {
  const html = render(`?adopt=manage&token=${'ab'.repeat(32)}`);
  expect(text.manage).toBe('Manage or cancel your subscription');
  expect(html).toContain(`<button type="button" class="btn btn-secondary">${text.manage}</button>`);
  expect(html).not.toContain(text.checking);
});

test('a malformed token shows no button', () => {
  for (const search of ['?adopt=manage&token=abc', '?adopt=manage', `?adopt=paid&token=${'ab'.repeat(32)}`]) {
    expect(render(search)).not.toContain('<button');
  }
});
