import '../../test/testSetup';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fireEvent, screen, within } from '@testing-library/react';
import { supabase } from '../../providers/supabase';
import { renderAdmin } from '../../test/testHarness';
import type { ContentDocument } from '../../types';
import { MESSAGE_KINDS, type MessagesDocument } from '../../../../supabase/functions/_shared/content-schema/messages.ts';
import { previewMessages } from './MessagesPreview';

jest.setTimeout(60_000);

const messages = parse(readFileSync(join(__dirname, '../../../../content/messages.yaml'), 'utf8')) as MessagesDocument;
const copy = (): MessagesDocument => JSON.parse(JSON.stringify(messages));

test('every message of the starting wording is filled with the samples: no placeholder left, values escaped', () => {
  const previews = previewMessages(copy());
  expect(previews.map((p) => p.kind)).toEqual(MESSAGE_KINDS);
  for (const { kind, filled, error } of previews) {
    expect([kind, error]).toEqual([kind, undefined]);
    expect([kind, `${filled!.subject}${filled!.bodyHtml}`]).not.toEqual([kind, expect.stringContaining('{{')]);
    expect(filled!.bodyHtml).toContain('(510) 555-0147'); // the contact footer
  }
  const order = previews.find((p) => p.kind === 'order_received')!.filled!;
  expect(order.subject).toBe('We received your order BH-1042');
  expect(order.bodyHtml).toContain('<td style="padding:4px 8px;border-bottom:1px solid #eee">Wildflower Honey, 12 oz</td>');
});

test('the draft as typed: an edit shows, markup stays text, a message left empty says so', () => {
  const draft = copy();
  draft.messages.order_received.subject = 'Order {{order.number}} <b>received</b>';
  draft.messages.order_received.body = 'Hi {{customer.name}} & co';
  (draft.messages as Record<string, unknown>).staff_digest = undefined;
  const previews = previewMessages(draft);
  const order = previews.find((p) => p.kind === 'order_received')!.filled!;
  expect(order.subject).toBe('Order BH-1042 <b>received</b>'); // a subject is plain text (shown as text)
  expect(order.bodyHtml).toContain('<p style="margin:0 0 1em">Hi Ada Lovelace &amp; co</p>');
  expect(previews.find((p) => p.kind === 'staff_digest')).toEqual({ kind: 'staff_digest', error: 'This message has no subject or text yet.' });
});

test('the Preview tab of the messages document shows each e-mail with its subject and text', async () => {
  const row: ContentDocument = {
    key: 'messages', title: 'E-mails', draft: copy() as never, revision: 1, updated_at: '2026-11-20T10:00:00Z', updated_by_name: 'Owner',
    published: copy() as never, published_version: 1, published_at: '2026-11-20T10:00:00Z', published_by_name: 'Owner', has_unpublished_changes: false,
  };
  jest.spyOn(supabase, 'rpc').mockImplementation(((fn: string) => {
    const data = fn === 'get_buzz_haven_content_documents' ? [row] : [];
    const result = Promise.resolve({ data, error: null, status: 200 });
    return Object.assign(result, { eq: () => result });
  }) as never);
  renderAdmin('/content/messages', { handlers: {} });
  fireEvent.click(await screen.findByRole('tab', { name: 'Preview' }));
  const accepted = await screen.findByRole('region', { name: 'Adoption accepted' });
  expect(within(accepted).getByText('Welcome to the hive: your adoption of Hive Guardian is accepted')).toBeInTheDocument();
  expect(accepted.textContent).toContain('Your hive: Hive 7, the Orchard');
  const digest = screen.getByRole('region', { name: 'Staff daily digest' });
  expect(digest.textContent).toContain('BH-1042 · Ada Lovelace · $48.00 · Standard shipping');
});
