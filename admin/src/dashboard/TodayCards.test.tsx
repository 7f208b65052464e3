import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { TodayCards } from './TodayCards';
import { stubRpc } from '../test/rpcStub';
import { i18nProvider } from '../i18n/i18nProvider';
import { FunctionsClient } from '@supabase/functions-js';

afterEach(() => jest.restoreAllMocks());

const today = {
  orders_to_confirm: 3, orders_awaiting_payment: 0, swarm_open: 2, swarm_oldest: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  visits_to_book: 1, designs_to_moderate: 0, week_events: 4, failed_emails: 0, hives_over_threshold: 2, vote_closes: '2026-12-01T08:00:00Z',
  week_sessions: [
    { id: 'e1', title: 'Beginner Beekeeping', kind: 'workshop', start_time: '2026-06-11T16:00:00Z', capacity: 12, taken: 12, waitlist: 3 },
    { id: 'e2', title: 'Apiary clean-up', kind: 'volunteer', start_time: '2026-06-12T16:00:00Z', capacity: 4, taken: 1, waitlist: 0 },
  ],
  takings: { this_month: { received: 12000, refunded: 2000, net: 10000 }, last_month: { received: 5000, refunded: 0, net: 5000 } },
};

const renderCards = () => render(
  <MemoryRouter>
    <AdminContext i18nProvider={i18nProvider}><TodayCards /></AdminContext>
  </MemoryRouter>,
);

test('one request; each card its number, a link to the list filtered as counted, and an empty state', async () => {
  const rpc = stubRpc({ get_buzz_haven_today: { data: today } });
  renderCards();
  const card = async (key: string) => within(await screen.findByTestId(`today-${key}`));
  const orders = await card('orders_to_confirm');
  expect((await orders.findByTestId('today-value')).textContent).toBe('3');
  expect(orders.getByRole('link').getAttribute('href')).toBe(`/admin/orders?filter=${encodeURIComponent('{"status":"new"}')}`);
  expect((await card('orders_awaiting_payment')).getByText('Nothing waiting')).toBeTruthy();
  expect((await card('swarm_open')).getByText('Oldest reported 2 days ago')).toBeTruthy();
  const from = (rpc.mock.calls[0]![1] as { p_from: string }).p_from;
  const week = JSON.parse(decodeURIComponent((await card('week_events')).getByRole('link').getAttribute('href')!.split('filter=')[1]!));
  expect(week).toEqual({ status: 'scheduled', kind: ['workshop', 'volunteer'], 'start_time@gte': from, 'start_time@lt': new Date(Date.parse(from) + 7 * 86_400_000).toISOString() });
  const varroa = await card('hives_over_threshold');
  expect(varroa.getByText('Hives over the varroa threshold')).toBeTruthy();
  expect((await varroa.findByTestId('today-value')).textContent).toBe('2');
  expect(varroa.getByRole('link').getAttribute('href')).toBe(`/admin/hives?filter=${encodeURIComponent('{"varroa_flag":true}')}`);
  const takings = await card('takings');
  expect(takings.getByText('$100.00')).toBeTruthy();
  expect(takings.getByText('Received $120.00, refunded $20.00')).toBeTruthy();
  expect(takings.getByText('Last month: $50.00')).toBeTruthy();
  expect(rpc.mock.calls.map(([fn]) => fn)).toEqual(['get_buzz_haven_today']);
});

test('a failed request is logged and shows no numbers', async () => {
  stubRpc({ get_buzz_haven_today: { error: { message: 'boom' }, status: 500 } });
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  renderCards();
  await screen.findAllByText('Nothing waiting');
  expect(logged).toHaveBeenCalledWith('Failed to load the dashboard:', 'boom');
  expect(screen.queryByTestId('today-takings')).toBeNull();
});

/** The stripe-checkout function's answer to GET: card payments on or off. */
const paymentsAre = (payments: 'on' | 'off') =>
  jest.spyOn(FunctionsClient.prototype, 'invoke').mockResolvedValue({ data: { payments }, error: null } as never);

test("the week's workshops and shifts: places taken of the capacity, the waitlist, and how many more the list holds", async () => {
  stubRpc({ get_buzz_haven_today: { data: today } });
  paymentsAre('on');
  renderCards();
  const week = within(await screen.findByTestId('today-week_events'));
  expect((await week.findByTestId('today-value')).textContent).toBe('4');
  expect(week.getByText('Beginner Beekeeping')).toBeTruthy();
  expect(week.getAllByTestId('week-session-places').map((p) => p.textContent)).toEqual([
    '12 of 12 places taken · 3 waitlisted', '1 of 4 places taken',
  ]);
  expect(week.getByText('and 2 more in the list')).toBeTruthy();
  expect(screen.queryByTestId('takings-payments-off')).toBeNull();
});

test("art designs to moderate say when this month's vote closes; the takings say when card payments are off", async () => {
  stubRpc({ get_buzz_haven_today: { data: { ...today, designs_to_moderate: 2 } } });
  paymentsAre('off');
  renderCards();
  const designs = within(await screen.findByTestId('today-designs_to_moderate'));
  const lastDay = new Date(Date.parse(today.vote_closes) - 1).toLocaleDateString();
  expect(await designs.findByText(`This month's vote closes ${lastDay}`)).toBeTruthy();
  expect((await screen.findByTestId('takings-payments-off')).textContent)
    .toBe('Card payments are off: orders are paid at pickup or by invoice');
});
