/**
 * The order's detail page (generated from the declaration): lines, totals, delivery, status
 * history, activity, the workflow buttons of its status, and a visitor's text shown as text.
 */
import '../../test/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAdmin } from '../../test/testHarness';

const XSS = '<img src=x onerror="window.__pwned=1">';
const order = {
  id: 'o1', number: 'BH-1007', customer_name: XSS, customer_email: 'ann@example.com', customer_phone: '555-0100',
  delivery: 'standard', address_line1: '12 Oak St', address_line2: null, city: 'Oakland', state: 'CA', zip: '94601',
  item_count: 3, items_summary: '1 × Beeswax Candle, 2 × Wildflower Honey', subtotal: 6200, shipping: 0, total: 6200,
  status: 'new', staff_notes: null, created_at: '2026-05-01T10:00:00Z', updated_at: '2026-05-01T10:00:00Z',
  payment_state: 'offline', payment_count: 0, amount_paid: 0, amount_refunded: 0,
};
const PI = 'pi_test_0001';
const LEDGER = [
  { id: PI, kind: 'payment', order_id: 'o1', order_number: 'BH-1007', created_at: '2026-05-01T10:05:00Z', amount: 6200,
    amount_refunded: 1500, status: 'partially_refunded', reason: null, note: null, requested_by_name: null,
    stripe_url: `https://dashboard.stripe.com/test/payments/${PI}` },
  { id: 're_test_0001', kind: 'refund', order_id: 'o1', order_number: 'BH-1007', created_at: '2026-05-02T09:00:00Z', amount: 1500,
    amount_refunded: 1500, status: 'succeeded', reason: 'requested_by_customer', note: 'Lid cracked', requested_by_name: 'Olive Owner',
    stripe_url: `https://dashboard.stripe.com/test/payments/${PI}` },
];
const handlers = (status = 'new', payment: Partial<typeof order> = {}) => {
  let current = { ...order, status, ...payment };
  return {
    get_buzz_haven_orders: () => [current],
    get_buzz_haven_order_items: () => [
      { id: 'i1', order_id: 'o1', name: 'Wildflower Honey', unit_price: 2000, quantity: 2, line_total: 4000 },
      { id: 'i2', order_id: 'o1', name: 'Beeswax Candle', unit_price: 2200, quantity: 1, line_total: 2200 },
      { id: 'i3', order_id: 'other', name: 'Not this order', unit_price: 1, quantity: 1, line_total: 1 },
    ],
    get_buzz_haven_order_history: () => [
      { id: 'h1', order_id: 'o1', from_status: null, to_status: 'new', changed_by_name: 'Visitor', created_at: '2026-05-01T10:00:00Z' },
    ],
    // The order's card payments (PaymentPanel): none while it is paid at pickup / invoice.
    get_buzz_haven_payments: () => (current.payment_count ? LEDGER : []),
    get_buzz_haven_activity: () => [
      { id: 1, actor_name: 'Visitor', action: 'create', resource: 'orders', record_id: 'o1', summary: `Created order BH-1007 for ${XSS}`, created_at: '2026-05-01T10:00:00Z' },
    ],
    update_buzz_haven_order: (args: Record<string, unknown> | undefined) => {
      current = { ...current, status: String(args!.p_status ?? current.status) };
      return current;
    },
  };
};

test('lines, totals, delivery and history; a visitor\'s <img onerror> name is shown as text, never as HTML', async () => {
  renderAdmin('/orders/o1/show', { handlers: handlers() });
  expect(await screen.findByRole('heading', { name: 'Order details' })).toBeInTheDocument();
  const lines = await screen.findByRole('region', { name: 'Line items' });
  await within(lines).findByText('Wildflower Honey');
  expect(within(lines).getByText('$40.00')).toBeInTheDocument();
  expect(within(lines).getAllByText('$22.00')).toHaveLength(2); // unit price and line total
  expect(within(lines).queryByText('Not this order')).toBeNull();
  expect(screen.getAllByText('$62.00')).toHaveLength(2); // subtotal and total
  expect(document.querySelector('[data-field="shipping"]')).toHaveTextContent('$0.00'); // free shipping over $50
  expect(screen.getByText('Standard shipping')).toBeInTheDocument();
  expect(screen.getByText('12 Oak St')).toBeInTheDocument();
  const history = screen.getByRole('region', { name: 'Status history' });
  expect(await within(history).findByText('Visitor')).toBeInTheDocument();
  expect(screen.getByText(XSS)).toBeInTheDocument();
  expect(await screen.findByText(`Created order BH-1007 for ${XSS}`, { exact: false })).toBeInTheDocument();
  expect(document.querySelector('img')).toBeNull();
  expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
});

test('a new order offers Confirm and Cancel; Confirm sends p_status confirmed and then offers Mark Shipped', async () => {
  const { calls } = renderAdmin('/orders/o1/show', { handlers: handlers() });
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm Order' }));
  await waitFor(() => expect(calls.filter((c) => c.fn === 'update_buzz_haven_order').map((c) => c.args))
    .toEqual([{ p_id: 'o1', p_status: 'confirmed' }]));
  expect(await screen.findByRole('button', { name: 'Mark Shipped' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Ready for Pickup' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Confirm Order' })).toBeNull();
});

test('Cancel Order asks first; going back sends nothing', async () => {
  const { calls } = renderAdmin('/orders/o1/show', { handlers: handlers('shipped') });
  expect(screen.queryByRole('button', { name: 'Confirm Order' })).toBeNull();
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Cancel this order request? A cancelled order cannot be reopened.')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(calls.filter((c) => c.fn === 'update_buzz_haven_order')).toEqual([]);
});

test('a card payment: the detail shows Payment Paid, partly refunded, with the amounts paid and refunded', async () => {
  renderAdmin('/orders/o1/show', {
    handlers: handlers('new', { payment_state: 'partially_refunded', payment_count: 1, amount_paid: 6200, amount_refunded: 1500 }),
  });
  expect(await screen.findByRole('heading', { name: 'Order details' })).toBeInTheDocument();
  expect(await screen.findByText('Partly refunded')).toBeInTheDocument();
  expect(document.querySelector('[data-field="amount_paid"]')).toHaveTextContent('$62.00');
  expect(document.querySelector('[data-field="amount_refunded"]')).toHaveTextContent('$15.00');
});

test('an order paid at pickup says so', async () => {
  renderAdmin('/orders/o1/show', { handlers: handlers() });
  expect(await screen.findByText('At pickup / invoice')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Card payments' })).toBeNull();
});

test('a paid order lists its payment and refund with links to Stripe; Refund offers what is left and refuses more', async () => {
  renderAdmin('/orders/o1/show', {
    handlers: handlers('new', { payment_state: 'partially_refunded', payment_count: 1, amount_paid: 6200, amount_refunded: 1500 }),
  });
  const panel = await screen.findByRole('region', { name: 'Card payments' });
  const rows = await within(panel).findAllByRole('row');
  expect(rows).toHaveLength(3);
  expect(rows[1]).toHaveTextContent('$62.00');
  expect(rows[1]).toHaveTextContent('$15.00 refunded');
  expect(rows[2]).toHaveTextContent('Requested by customer · Lid cracked · by Olive Owner');
  for (const link of within(panel).getAllByRole('link', { name: 'View in Stripe' })) {
    expect(link).toHaveAttribute('href', `https://dashboard.stripe.com/test/payments/${PI}`);
  }
  fireEvent.click(within(panel).getByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: 'Refund card payment' });
  expect(within(dialog).getByText('Up to $47.00 can be refunded. The money goes back to the card.')).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/Amount/)).toHaveValue('47.00');
  fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '47.01' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter an amount between $0.01 and $47.00');
});
