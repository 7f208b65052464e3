/**
 * A workshop's registrations on its detail page: places taken, the waitlist, Mark Attended, and
 * Cancel behind a confirmation, after which the panel says who moved up from the waitlist.
 */
import '../../test/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAdmin } from '../../test/testHarness';

const event = {
  id: 'e1', title: 'Beekeeping Basics', kind: 'workshop', capacity: 3, status: 'scheduled', start_time: '2026-06-01T17:00:00Z',
  end_time: null, location: 'Sanctuary', price: 7500, is_public: true, description: null,
};
const reg = (id: string, name: string, places: number, status: string, position: number | null, minute: number) => ({
  id, event_id: 'e1', name, email: `${id}@example.com`, places, status, position, created_at: `2026-05-01T10:0${minute}:00Z`,
});

function handlers() {
  let rows = [
    reg('r1', 'Ann', 2, 'confirmed', null, 1), reg('r2', 'Bob', 1, 'confirmed', null, 2),
    reg('r3', 'Cat', 2, 'waitlisted', 1, 3), reg('r4', '<b>Dee</b>', 1, 'waitlisted', 2, 4),
    reg('x1', 'Other event', 1, 'confirmed', null, 5),
  ];
  rows[4].event_id = 'e2';
  return {
    get_buzz_haven_events: () => [event],
    get_buzz_haven_event_registrations: () => rows,
    get_buzz_haven_activity: () => [],
    get_buzz_haven_volunteer_signups: () => [], // the event page's Volunteers list (a shift's roster): none for a workshop
    update_buzz_haven_event_registration: (args: Record<string, unknown> | undefined) => {
      rows = rows.map((r) => (r.id === args!.p_id ? { ...r, status: String(args!.p_status), position: null } : r));
      if (args!.p_status === 'cancelled') { // what buzz_haven.promote_waitlist does for this data: Cat's 2 places fit
        rows = rows.map((r) => (r.id === 'r3' ? { ...r, status: 'confirmed', position: null } : r));
      }
      return rows.find((r) => r.id === args!.p_id);
    },
  };
}

test('the event page lists its registrations with places taken and the waitlist', async () => {
  renderAdmin('/events/e1/show', { handlers: handlers() });
  const panel = await screen.findByRole('region', { name: 'Registrations' });
  expect(await within(panel).findAllByTestId('registration-row')).toHaveLength(4);
  expect(within(panel).getByTestId('registration-summary').textContent).toBe('3 of 3 places taken · 2 on the waitlist');
  expect(within(panel).getByText('Waitlisted #1')).toBeInTheDocument();
  expect(within(panel).getByText('<b>Dee</b>')).toBeInTheDocument(); // text, not markup
  expect(panel.querySelector('b')).toBeNull();
  expect(within(panel).queryByText('Other event')).toBeNull();
});

test('Cancel asks first, then says who moved up from the waitlist', async () => {
  const { calls } = renderAdmin('/events/e1/show', { handlers: handlers() });
  const panel = await screen.findByRole('region', { name: 'Registrations' });
  const ann = (await within(panel).findByText('Ann')).closest('tr')!;
  fireEvent.click(within(ann).getByRole('button', { name: 'Cancel' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Cancel the registration of Ann (2 places)? Freed places go to the waitlist in order.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));
  expect(await within(panel).findByRole('status')).toHaveTextContent(
    'Registration of Ann cancelled. Moved up from the waitlist: Cat (2 places).');
  expect(calls.filter((c) => c.fn === 'update_buzz_haven_event_registration').map((c) => c.args))
    .toEqual([{ p_id: 'r1', p_status: 'cancelled' }]);
  await waitFor(() => expect(within(panel).getByTestId('registration-summary').textContent).toBe('3 of 3 places taken · 1 on the waitlist'));
});

test('Mark Attended sends status attended', async () => {
  const { calls } = renderAdmin('/events/e1/show', { handlers: handlers() });
  const panel = await screen.findByRole('region', { name: 'Registrations' });
  const bob = (await within(panel).findByText('Bob')).closest('tr')!;
  fireEvent.click(within(bob).getByRole('button', { name: 'Mark Attended' }));
  expect(await within(panel).findByRole('status')).toHaveTextContent('Bob marked as attended.');
  expect(calls.filter((c) => c.fn === 'update_buzz_haven_event_registration').map((c) => c.args))
    .toEqual([{ p_id: 'r2', p_status: 'attended' }]);
});
