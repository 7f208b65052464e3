import orders from './index';
import { nextStatuses } from './workflow';
import { availableActions } from '../../crud/RecordActions';

test.each([
  ['new', 'standard', ['confirmed', 'cancelled']],
  ['confirmed', 'pickup', ['ready', 'cancelled']],
  ['confirmed', 'standard', ['shipped', 'cancelled']],
  ['confirmed', 'express', ['shipped', 'cancelled']],
  ['confirmed', null, ['ready', 'shipped', 'cancelled']],
  ['ready', 'pickup', ['completed', 'cancelled']],
  ['shipped', 'standard', ['completed', 'cancelled']],
  ['completed', 'standard', []],
  ['cancelled', 'pickup', []],
])('an order that is %s (%s) may become %j, as buzz_haven.next_order_statuses says', (status, delivery, next) => {
  expect(nextStatuses(status, delivery)).toEqual(next);
});

test.each([
  ['new', 'standard', ['Confirm Order', 'Cancel Order']],
  ['confirmed', 'pickup', ['Ready for Pickup', 'Cancel Order']],
  ['confirmed', 'express', ['Mark Shipped', 'Cancel Order']],
  ['shipped', 'express', ['Mark Completed', 'Cancel Order']],
  ['completed', 'standard', []],
  ['cancelled', 'standard', []],
])('the detail page of a %s %s order offers %j', (status, delivery, labels) => {
  expect(availableActions(orders.recordActions!, { status, delivery }).map((a) => a.label)).toEqual(labels);
});

test('a status change travels as p_status, staff notes as the fields do (emptied ones in p_clear)', () => {
  const before = { id: 'o1', status: 'new', staff_notes: 'Call first', total: 4595 };
  expect(orders.toArgs!({ ...before, status: 'confirmed' }, 'update', before)).toEqual({ p_status: 'confirmed' });
  expect(orders.toArgs!({ ...before, staff_notes: 'Gift wrap' }, 'update', before)).toEqual({ p_staff_notes: 'Gift wrap' });
  expect(orders.toArgs!({ ...before, staff_notes: '' }, 'update', before)).toEqual({ p_clear: ['staff_notes'] });
});
