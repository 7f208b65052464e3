import '../../test/testSetup';
import { fireEvent, screen, within } from '@testing-library/react';
import events from './index';
import { GeneratedList as EventList } from '../../crud/GeneratedList';
import { RpcRefusal, renderAdmin, renderResource } from '../../test/testHarness';

const rows = [
  {
    id: 'e1', title: 'Harvest Day', location: 'Sanctuary', status: 'completed',
    start_time: '2026-03-01T16:00:00Z', end_time: '2026-03-01T18:30:00Z', created_at: '2026-01-01T00:00:00Z',
  },
  {
    id: 'e2', title: 'Beekeeping Basics', location: 'Garden Hall', status: 'scheduled',
    start_time: '2026-04-10T09:05:00Z', end_time: null, created_at: '2026-01-01T00:00:00Z',
  },
  {
    id: 'e3', title: 'Rained Out', location: null, status: 'cancelled',
    start_time: '2026-05-01T09:00:00Z', end_time: '2026-05-01T10:00:00Z', created_at: '2026-01-01T00:00:00Z',
  },
];

/** The expected text of a timestamp: the viewer's local date plus hour and minute. */
const local = (iso: string) => {
  const d = new Date(iso);
  return `${d.toLocaleDateString()} ${d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
};

describe('Events list', () => {
  it('shows the columns, local start/end times and the actions', async () => {
    renderResource(events, <EventList />, { handlers: { get_buzz_haven_events: () => rows } });
    const row = (await screen.findByText('Beekeeping Basics')).closest('tr')!;
    for (const header of ['Event', 'Location', 'Start', 'End', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    expect(within(row).getByText('Garden Hall')).toBeInTheDocument();
    expect(within(row).getByText(local('2026-04-10T09:05:00Z'))).toBeInTheDocument();
    expect(within(row).getByText('-')).toBeInTheDocument(); // no end time
    expect(within(row).getByRole('link', { name: /View Details/ })).toHaveAttribute(
      'href', expect.stringContaining('/events/e2/show'),
    );
  });

  it('asks for coming events first, soonest first, then past ones newest first', async () => {
    // The server's columns (buzz_haven_lists.events): past or not, and how far the start is from now.
    const ordered = [
      { ...rows[0], is_past: true, time_from_now: '30 days' },
      { ...rows[1], is_past: false, time_from_now: '10 days' },
      { ...rows[2], is_past: false, time_from_now: '1 day' },
    ];
    const { requests } = renderResource(events, <EventList />, { handlers: { get_buzz_haven_events: () => ordered } });
    await screen.findByText('Harvest Day');
    expect(requests.find((r) => r.fn === 'get_buzz_haven_events')?.query).toMatch(/^order=is_past\.asc,time_from_now\.asc,id\.asc&/);
    const titles = screen.getAllByRole('row').slice(1).map((r) => r.querySelector('td')?.textContent);
    expect(titles).toEqual(['Rained Out', 'Beekeeping Basics', 'Harvest Day']);
  });

  it('shows each status as a capitalised badge in its colour', async () => {
    renderResource(events, <EventList />, {
      handlers: { get_buzz_haven_events: () => [...rows, { ...rows[0], id: 'e4', title: 'Odd', status: 'postponed' }] },
    });
    const badge = (text: string) => screen.getByText(text).closest('.MuiChip-root') as HTMLElement;
    await screen.findByText('Scheduled');
    expect(getComputedStyle(badge('Scheduled')).backgroundColor).toBe('rgb(219, 234, 254)'); // blue
    expect(getComputedStyle(badge('Completed')).backgroundColor).toBe('rgb(220, 252, 231)'); // green
    expect(getComputedStyle(badge('Cancelled')).backgroundColor).toBe('rgb(254, 226, 226)'); // red
    expect(getComputedStyle(badge('Postponed')).backgroundColor).toBe('rgb(243, 244, 246)'); // grey
  });

  it('shows the empty text and a Create Event button when there are no events', async () => {
    renderResource(events, <EventList />, { handlers: { get_buzz_haven_events: () => [] } });
    expect(await screen.findByText('No events scheduled. Add your first event!')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create Event' }).length).toBeGreaterThan(0);
  });

  it('logs a load failure and shows the empty list, with no error message', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderResource(events, <EventList />, {
      handlers: { get_buzz_haven_events: () => { throw new RpcRefusal('permission denied'); } },
    });
    expect(await screen.findByText('No events scheduled. Add your first event!')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load events:', expect.objectContaining({ message: 'permission denied' }));
    expect(screen.queryByText('permission denied')).not.toBeInTheDocument();
    expect(screen.queryByText(/\d+-\d+ of \d+/)).not.toBeInTheDocument(); // no pagination
  });
});

describe('Events managed', () => {
  it("'Create Event' opens the form; saving sends the RPC's arguments and shows the detail page", async () => {
    const created = { ...rows[1], id: 'e9', title: 'Wax Workshop', kind: 'workshop', price: 1500, capacity: null, is_public: false, description: null };
    const { calls } = renderAdmin('/events', {
      // the detail page lists the event's volunteers too (a volunteer shift's roster): none here
      handlers: {
        get_buzz_haven_events: () => [...rows, created], create_buzz_haven_event: () => created, get_buzz_haven_volunteer_signups: () => [],
        // the offering menu: Workshop Prices' rows, named in Content
        get_buzz_haven_workshop_offerings: () => [], get_buzz_haven_content_documents: () => [],
      },
    });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Create Event' }))[0]);
    expect(await screen.findByRole('heading', { name: 'Create Event', level: 1 })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Wax Workshop' } });
    fireEvent.change(screen.getByLabelText(/^Start/), { target: { value: '2026-04-10T09:05' } });
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Event created successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Event details' })).toBeInTheDocument();
    expect(await screen.findByText('$15.00')).toBeInTheDocument();
    expect(calls.find((c) => c.fn === 'create_buzz_haven_event')?.args).toEqual({
      p_title: 'Wax Workshop', p_start_time: new Date('2026-04-10T09:05').toISOString(), p_end_time: null,
      p_status: 'scheduled', p_kind: 'workshop', p_capacity: null, p_price: 1500, p_is_public: false, p_offering: null,
    });
  });
});
