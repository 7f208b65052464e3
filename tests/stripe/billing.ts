/**
 * The stand-in's Billing part (for Adopt-a-Hive), small and for tests only: Checkout in
 * mode=subscription with a recurring price_data, the Subscription, Invoice, Customer and
 * customer-portal Session objects it makes, with the fields and values Stripe's API reference
 * documents for them (API 2025-03-31 and later: the period lives on the subscription item, an
 * invoice names its subscription under parent.subscription_details).
 *
 * Endpoints (Stripe's): GET /v1/subscriptions (list), GET /v1/subscriptions/:id,
 * DELETE /v1/subscriptions/:id (cancel now: customer.subscription.deleted),
 * POST /v1/billing_portal/sessions (customer, return_url). The portal session's `url` is a bare
 * page (/p/session/:id) with the subscription's status and "Cancel subscription", which cancels
 * and returns to return_url. What time does in Stripe (a month passes, a renewal is charged or
 * fails), tests ask for: renew(subscription) sends invoice.paid (billing_reason
 * subscription_cycle) and customer.subscription.updated with the next period;
 * failRenewal(subscription) sends invoice.payment_failed and customer.subscription.updated with
 * status past_due. A browser test in another process asks the same with
 * POST /_stand-in/subscriptions/:id/renew or /fail (the secret key required, as for the API).
 *
 * Not proved: proration, trials, coupons, tax, Stripe's retry schedule (Smart Retries), the
 * portal's own features (plan changes, payment method updates), Stripe's event timing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { newId, now, stripeError, type CheckoutSession, type event } from './objects';

const MONTH = 30 * 86400;

export interface Subscription {
  id: string; object: 'subscription'; customer: string; status: string; metadata: Record<string, string>;
  [key: string]: unknown;
}

type Emit = (type: string, object: unknown) => Promise<ReturnType<typeof event>>;
type Answer = (status: number, value: unknown) => void;

export interface RecurringLine { unitAmount: number; quantity: number }

function subscriptionObject(session: CheckoutSession, line: RecurringLine, metadata: Record<string, string>, customer: string, start: number): Subscription {
  const id = newId('sub');
  return {
    id,
    object: 'subscription',
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    collection_method: 'charge_automatically',
    created: start,
    currency: session.currency,
    customer,
    ended_at: null,
    items: {
      object: 'list',
      data: [{
        id: newId('si'), object: 'subscription_item', created: start, current_period_start: start, current_period_end: start + MONTH,
        quantity: line.quantity, subscription: id,
        price: { id: newId('price'), object: 'price', active: false, currency: session.currency, unit_amount: line.unitAmount,
          recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' }, type: 'recurring', product: newId('prod') },
      }],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata,
    start_date: start,
    status: 'active',
  };
}

function invoiceObject(sub: Subscription, status: 'paid' | 'open', reason: string) {
  const item = (sub.items as { data: { current_period_start: number; current_period_end: number; price: { unit_amount: number }; quantity: number }[] }).data[0];
  const amount = item.price.unit_amount * item.quantity;
  return {
    id: newId('in'),
    object: 'invoice',
    amount_due: amount,
    amount_paid: status === 'paid' ? amount : 0,
    amount_remaining: status === 'paid' ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: now(),
    currency: sub.currency,
    customer: sub.customer,
    lines: { object: 'list', data: [{ id: newId('il'), object: 'line_item', amount, currency: sub.currency,
      period: { start: item.current_period_start, end: item.current_period_end } }], has_more: false },
    livemode: false,
    parent: { type: 'subscription_details', quote_details: null,
      subscription_details: { metadata: sub.metadata, subscription: sub.id } },
    period_end: item.current_period_start,
    period_start: item.current_period_start,
    status,
    total: amount,
  };
}

export function createBilling(emit: Emit, base: () => string) {
  const subscriptions = new Map<string, Subscription>();
  const portals = new Map<string, { customer: string; return_url: string }>();

  /** Checkout in subscription mode is paid: customer, subscription, first invoice; then the session completes. */
  async function paySubscription(session: CheckoutSession, line: RecurringLine, metadata: Record<string, string>) {
    const customer = newId('cus');
    const sub = subscriptionObject(session, line, metadata, customer, now());
    subscriptions.set(sub.id, sub);
    const invoice = invoiceObject(sub, 'paid', 'subscription_create');
    sub.latest_invoice = invoice.id;
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription: sub.id, invoice: invoice.id,
      customer_details: { email: session.customer_email, name: 'Test Payer', address: null, phone: null, tax_exempt: 'none', tax_ids: [] } });
    return [
      await emit('customer.subscription.created', sub),
      await emit('invoice.paid', invoice),
      await emit('checkout.session.completed', session),
    ];
  }

  function must(id: string): Subscription {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    return sub;
  }

  /** A month later, the renewal is charged: the next period, its invoice paid. */
  async function renew(id: string) {
    const sub = must(id);
    const item = (sub.items as { data: { current_period_start: number; current_period_end: number }[] }).data[0];
    item.current_period_start = item.current_period_end;
    item.current_period_end += MONTH;
    sub.status = 'active';
    const invoice = invoiceObject(sub, 'paid', 'subscription_cycle');
    sub.latest_invoice = invoice.id;
    return [await emit('invoice.paid', invoice), await emit('customer.subscription.updated', sub)];
  }

  /** The renewal's charge fails: the invoice stays open, the subscription is past_due. */
  async function failRenewal(id: string) {
    const sub = must(id);
    const invoice = invoiceObject(sub, 'open', 'subscription_cycle');
    sub.latest_invoice = invoice.id;
    sub.status = 'past_due';
    return [await emit('invoice.payment_failed', invoice), await emit('customer.subscription.updated', sub)];
  }

  async function cancel(id: string) {
    const sub = must(id);
    Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
    return emit('customer.subscription.deleted', sub);
  }

  const escape = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  /** The portal session's url: the customer's subscriptions and Cancel (no other portal feature). */
  async function portalPage(req: IncomingMessage, res: ServerResponse, id: string) {
    const portal = portals.get(id);
    if (!portal) {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Billing</title><h1>This link has expired</h1>');
    }
    const subs = [...subscriptions.values()].filter((s) => s.customer === portal.customer);
    if (req.method === 'POST') {
      for (const s of subs) if (s.status !== 'canceled') await cancel(s.id);
      res.writeHead(303, { Location: portal.return_url });
      return res.end();
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Billing (test stand-in)</title><h1>Manage your subscription</h1>
${subs.map((s) => `<p data-subscription="${escape(s.id)}">Status: ${escape(s.status)}</p>`).join('\n')}
<form method="post"><button type="submit">Cancel subscription</button></form>
<a href="${escape(portal.return_url)}">Return</a>`);
  }

  /** Stripe's API paths of Billing; false when the path is not one of them. */
  async function handle(method: string, path: string, form: Record<string, unknown>, answer: Answer): Promise<boolean> {
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/v1/subscriptions') {
      answer(200, { object: 'list', data: [...subscriptions.values()].reverse(), has_more: false, url: '/v1/subscriptions' });
      return true;
    }
    if ((m = path.match(/^\/v1\/subscriptions\/(sub_[A-Za-z0-9]+)$/)) && (method === 'GET' || method === 'DELETE')) {
      const sub = subscriptions.get(m[1]);
      if (!sub) answer(404, stripeError('invalid_request_error', `No such subscription: '${m[1]}'`, { code: 'resource_missing', param: 'id' }));
      else if (method === 'GET') answer(200, sub);
      else if (sub.status === 'canceled') answer(400, stripeError('invalid_request_error', 'This subscription is already canceled.'));
      else {
        await cancel(sub.id);
        answer(200, sub);
      }
      return true;
    }
    if ((m = path.match(/^\/_stand-in\/subscriptions\/(sub_[A-Za-z0-9]+)\/(renew|fail)$/)) && method === 'POST') {
      if (!subscriptions.has(m[1])) answer(404, stripeError('invalid_request_error', `No such subscription: '${m[1]}'`));
      else answer(200, { events: await (m[2] === 'renew' ? renew(m[1]) : failRenewal(m[1])) });
      return true;
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = typeof form.customer === 'string' ? form.customer : '';
      if (![...subscriptions.values()].some((s) => s.customer === customer)) {
        answer(400, stripeError('invalid_request_error', `No such customer: '${customer}'`, { code: 'resource_missing', param: 'customer' }));
        return true;
      }
      const id = newId('bps');
      const returnUrl = typeof form.return_url === 'string' ? form.return_url : '';
      portals.set(id, { customer, return_url: returnUrl });
      answer(200, { id, object: 'billing_portal.session', configuration: newId('bpc'), created: now(), customer, flow: null,
        livemode: false, locale: null, on_behalf_of: null, return_url: returnUrl || null, url: `${base()}/p/session/${id}` });
      return true;
    }
    return false;
  }

  return { subscriptions, paySubscription, renew, failRenewal, cancel, portalPage, handle };
}
