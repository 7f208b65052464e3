/**
 * The lists open in the order of the work: requests open first (is_open, derived on the server),
 * then newest first; orders newest first; events coming first.
 */
import { resources } from '.';

const sortOf = (name: string) => resources.find((r) => r.name === name)?.listOptions?.sort;

test.each(['swarm_reports', 'host_applications', 'adoption_requests'])('%s: open first, then newest first', (name) => {
  expect(sortOf(name)).toEqual({ field: 'is_open,created_at', order: 'DESC' });
});

test('orders newest first; events coming first, then past ones newest first', () => {
  expect(sortOf('orders')).toEqual({ field: 'created_at', order: 'DESC' });
  expect(sortOf('events')).toEqual({ field: 'is_past,time_from_now', order: 'ASC' });
});
