import orders from '../resources/orders';
import { recordsToCsv } from './csvExport';

test('orders CSV: a column per declared field, money as dollars from cents, formulas and commas made harmless', () => {
  const csv = recordsToCsv(orders.fields, [{
    id: 'o1', number: 'BH-1001', created_at: '2026-05-01T10:00:00Z', customer_name: '=HYPERLINK("x")', customer_email: 'a@b.co',
    item_count: 3, items_summary: '2 × Honey, 1 × Candle', subtotal: 6200, shipping: 0, total: 6200, status: 'new',
    payment_state: 'partially_refunded', amount_paid: 6200, amount_refunded: 1500,
    delivery: 'standard', address_line1: '1 Main St', city: 'Oakland', state: 'CA', zip: '94601', locale: 'es', staff_notes: null,
  }]);
  const [header, line] = csv.split('\r\n');
  expect(header).toBe(orders.fields.map((f) => f.label).join(','));
  expect(line).toBe('BH-1001,2026-05-01T10:00:00Z,"\'=HYPERLINK(""x"")",a@b.co,,3,"2 × Honey, 1 × Candle",62.00,0.00,62.00,new,partially_refunded,62.00,15.00,standard,1 Main St,,Oakland,CA,94601,es,');
});
