/**
 * The order workflow, as update_buzz_haven_order enforces it (buzz_haven.next_order_statuses,
 * in the orders area of supabase/migrations): new -> confirmed -> ready (local
 * pickup) or shipped (delivery) -> completed; cancelled from any open status. The buttons follow
 * it; the database refuses anything else with its own message.
 */
export type OrderStatus = 'new' | 'confirmed' | 'ready' | 'shipped' | 'completed' | 'cancelled';

export function nextStatuses(status: unknown, delivery: unknown): OrderStatus[] {
  switch (status) {
    case 'new':
      return ['confirmed', 'cancelled'];
    case 'confirmed':
      if (delivery === 'pickup') return ['ready', 'cancelled'];
      if (delivery === 'standard' || delivery === 'express') return ['shipped', 'cancelled'];
      return ['ready', 'shipped', 'cancelled']; // orders from before the delivery choice
    case 'ready':
    case 'shipped':
      return ['completed', 'cancelled'];
    default:
      return [];
  }
}

/** Whether an order may move to `to` now. */
export const canBecome = (to: OrderStatus) => (order: Record<string, unknown>): boolean =>
  nextStatuses(order.status, order.delivery).includes(to);
