import '../../test/testSetup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import subscribers from './index';
import { SubscriberList } from './SubscriberList';
import { renderResource } from '../../test/testHarness';
import { subscribersToCsv } from './subscribersCsv';

const rows = [
  { id: 's2', email: 'newest@example.com', created_at: '2026-03-02T10:00:00Z' },
  { id: 's1', email: 'first@example.com', created_at: '2026-01-15T10:00:00Z' },
];

describe('Subscribers list', () => {
  it('shows e-mail and subscribed date, newest first', async () => {
    renderResource(subscribers, <SubscriberList />, { handlers: { get_buzz_haven_newsletter_subscribers: () => rows } });
    await screen.findByText('newest@example.com');
    expect(screen.getByRole('columnheader', { name: /Email/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Subscribed/ })).toBeInTheDocument();
    const cells = screen.getAllByRole('row').slice(1).map((r) => r.querySelector('td')?.textContent);
    expect(cells).toEqual(['newest@example.com', 'first@example.com']);
    expect(screen.getByText(new Date(rows[1].created_at).toLocaleDateString())).toBeInTheDocument();
  });

  it('Export CSV downloads email,subscribed_at for every subscriber', async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => { blobs.push(blob); return 'blob:subscribers'; },
      revokeObjectURL: () => undefined,
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderResource(subscribers, <SubscriberList />, { handlers: { get_buzz_haven_newsletter_subscribers: () => rows } });
    await screen.findByText('newest@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader(); // jsdom's Blob has no text()
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(text.replace(/^\uFEFF/, '')).toBe(
      'email,subscribed_at\r\nnewest@example.com,2026-03-02T10:00:00Z\r\nfirst@example.com,2026-01-15T10:00:00Z',
    );
    expect(click).toHaveBeenCalled();
  });

  it('quotes cells and defuses spreadsheet formulas', () => {
    expect(subscribersToCsv([{ id: '1', email: '=cmd"x"@example.com', created_at: '2026-01-01' }])).toBe(
      'email,subscribed_at\r\n"\'=cmd""x""@example.com",2026-01-01',
    );
  });

  it('says so when nobody subscribed yet', async () => {
    renderResource(subscribers, <SubscriberList />, { handlers: { get_buzz_haven_newsletter_subscribers: () => [] } });
    expect(await screen.findByText('No subscribers yet.')).toBeInTheDocument();
  });
});
