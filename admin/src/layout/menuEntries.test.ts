import DashboardIcon from '@mui/icons-material/Dashboard';
import { resources } from '../resources';
import { groupOf, menuGroups } from './menuEntries';

const labels = (role: string | null) =>
  Object.fromEntries(menuGroups(resources, role).map(({ group, links }) => [group, links.map((l) => l.label)]));

test('every sidebar entry is declared in a group', () => {
  expect(resources.filter((r) => r.menu !== false && !r.group).map((r) => r.name)).toEqual([]);
});

test("an owner's groups, in order, with their declarations in resources/index.ts order", () => {
  expect(labels('owner')).toEqual({
    sales: ['Products', 'Orders', 'Payments', 'Payment Months'],
    requests: ['Swarm Reports', 'Adoptions', 'Host Applications'],
    events: ['Events'],
    hives: ['Hives', 'Inspections', 'Treatments', 'Hive Wraps', 'Harvests', 'Honey Batches'],
    community: ['Art Designs', 'Campaigns', 'Subscribers'],
    site: ['Content', 'Media', 'Messages', 'Outbox'],
    settings: ['Users', 'Shipping Rates', 'Adoption Tiers', 'Gift Terms', 'Hosting Plans', 'Swarm Fee', 'Payment Settings',
      'Workshop Prices', 'Service Area', 'Yard Minimum', 'Neighbourhoods', 'Treatment products', 'Varroa Threshold'],
  });
  expect(Object.keys(labels('admin'))).toEqual(Object.keys(labels('owner')));
});

test('staff, and accounts waiting for a role, see no page declared for other roles', () => {
  expect(labels('staff').settings).not.toContain('Payment Settings');
  expect(labels('staff').settings).toContain('Shipping Rates');
  expect(labels('staff').sales).toEqual(labels('owner').sales);
  expect(labels(null)).toEqual(labels('staff'));
});

test('pages that are not resources join their group; the current page names its group', () => {
  const groups = menuGroups(resources, 'staff', [{ to: '/admin/security', key: 'security', label: 'Security', group: 'settings', Icon: DashboardIcon }]);
  expect(groups.at(-1)!.links.at(-1)).toMatchObject({ to: '/admin/security', label: 'Security' });
  expect(groupOf(groups, '/admin/orders/123/show')).toBe('sales');
  expect(groupOf(groups, '/admin/security')).toBe('settings');
  expect(groupOf(groups, '/admin')).toBeUndefined();
});
