import '../../test/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import messages from './index';
import { MessageList } from './MessageList';
import { renderResource, type RpcHandler } from '../../test/testHarness';
import { truncate } from './truncate';

const long =
  'We found a swarm the size of a football hanging from the plum tree in our backyard this morning. ' +
  'It has been there since about 7am. <b>Can</b> someone come today?';
const rows = [
  { id: 'c2', name: 'Ana', email: 'ana@example.com', phone: '555-0100', subject: 'Swarm Report', message: long, hear_about: 'Friend/Family', handled: false, created_at: '2026-03-02T15:30:00Z' },
  { id: 'c1', name: 'Ben', email: 'ben@example.com', phone: null, subject: 'Hosting Inquiry', message: 'Can I host a hive?', hear_about: null, handled: true, created_at: '2026-03-01T09:00:00Z' },
];

const messagesBackend = (): Record<string, RpcHandler> => {
  const table = rows.map((r) => ({ ...r }));
  return {
    get_buzz_haven_contact_messages: () => table.map((r) => ({ ...r })),
    set_buzz_haven_contact_message_handled: (args) => {
      const row = table.find((r) => r.id === args?.p_id)!;
      row.handled = args?.p_handled as boolean;
      return { ...row };
    },
  };
};

const bodyRows = () =>
  screen.getAllByRole('row').filter((r) => r.closest('tbody') && !r.classList.contains('RaDataTable-expandRow'));

describe('Messages list', () => {
  it('shows the newest first with the columns and a shortened message', async () => {
    renderResource(messages, <MessageList />, { handlers: messagesBackend() });
    await screen.findByText('Swarm Report');
    for (const header of ['Received', 'Name', 'Email', 'Subject', 'Message', 'Handled']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    const [first, second] = bodyRows();
    expect(within(first).getByText('Ana')).toBeInTheDocument();
    expect(within(first).getByText(truncate(long))).toBeInTheDocument();
    expect(within(first).getByText('Unhandled')).toBeInTheDocument();
    expect(within(second).getByText('Handled')).toBeInTheDocument();
    const received = new Date(rows[0].created_at);
    expect(within(first).getByText(new RegExp(received.toLocaleDateString().replace(/\//g, '\\/')))).toBeInTheDocument();
  });

  it('names the expand column (axe: no empty table header)', async () => {
    renderResource(messages, <MessageList />, { handlers: messagesBackend() });
    const header = await screen.findByRole('columnheader', { name: 'Details' });
    expect(header).toHaveClass('RaDataTable-expandHeader');
  });

  it('expands a row to the whole message, as text (never HTML)', async () => {
    renderResource(messages, <MessageList />, { handlers: messagesBackend() });
    fireEvent.click(await screen.findByText('Swarm Report'));
    expect(await screen.findByText(long)).toBeInTheDocument();
    expect(screen.getByText(/Phone: 555-0100/)).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });

  it('marks a message handled through the RPC', async () => {
    const { calls } = renderResource(messages, <MessageList />, { handlers: messagesBackend() });
    const first = (await screen.findByText('Ana')).closest('tr')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Message marked as handled')).toBeInTheDocument();
    expect(calls.find((c) => c.fn === 'set_buzz_haven_contact_message_handled')?.args).toEqual({
      p_id: 'c2', p_handled: true,
    });
    await waitFor(() =>
      expect(within(screen.getByText('Ana').closest('tr')!).getByRole('button', { name: 'Mark unhandled' })).toBeInTheDocument(),
    );
  });

  it('filters unhandled and handled messages', async () => {
    renderResource(messages, <MessageList />, { handlers: messagesBackend() });
    await screen.findByText('Ana');
    fireEvent.click(screen.getByRole('button', { name: 'Unhandled' }));
    await waitFor(() => expect(screen.queryByText('Ben')).not.toBeInTheDocument());
    expect(screen.getByText('Ana')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Handled' }));
    await waitFor(() => expect(screen.queryByText('Ana')).not.toBeInTheDocument());
    expect(screen.getByText('Ben')).toBeInTheDocument();
  });

  it('says so when there are no messages', async () => {
    renderResource(messages, <MessageList />, { handlers: { get_buzz_haven_contact_messages: () => [] } });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('truncates on a word boundary', () => {
    expect(truncate('short')).toBe('short');
    expect(truncate('one two three four', 10)).toBe('one two…');
  });
});
