import '../../test/testSetup';
import { fireEvent, screen, within } from '@testing-library/react';
import hives from './index';
import { GeneratedList as HiveList } from '../../crud/GeneratedList';
import { RpcRefusal, renderAdmin, renderResource } from '../../test/testHarness';

const rows = [
  { id: 'h1', name: 'Rooftop Hive', location: 'Downtown', status: 'active', queen_installed_date: '2025-04-01', created_at: '2025-01-01T00:00:00Z' },
  { id: 'h2', name: 'Swarm Rescue Hive', location: null, status: 'quarantine', queen_installed_date: null, created_at: '2025-01-02T00:00:00Z' },
];

describe('Hives list', () => {
  it('shows name, location, status badge, queen installed date or -, View Details', async () => {
    renderResource(hives, <HiveList />, { handlers: { get_buzz_haven_hives: () => rows } });
    const rooftop = (await screen.findByText('Rooftop Hive')).closest('tr')!;
    for (const header of ['Name', 'Location', 'Status', 'Queen Installed', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    // A date column is that calendar day in every time zone (not UTC midnight).
    expect(within(rooftop).getByText(new Date(2025, 3, 1).toLocaleDateString())).toBeInTheDocument();
    expect(within(rooftop).getByText('Active').closest('[data-status]')).toHaveAttribute('data-status', 'active');
    const rescue = screen.getByText('Swarm Rescue Hive').closest('tr')!;
    expect(within(rescue).getAllByText('-').length).toBeGreaterThan(0);
    expect(within(rescue).getByText('Quarantine')).toBeInTheDocument();
    expect(within(rescue).getByRole('link', { name: /View Details/ })).toHaveAttribute(
      'href', expect.stringContaining('/hives/h2/show'),
    );
  });

  it('shows the empty text and Add Hive when there are no hives', async () => {
    renderResource(hives, <HiveList />, { handlers: { get_buzz_haven_hives: () => [] } });
    expect(await screen.findByText('No hives found. Add your first hive to get started.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Hive' }).length).toBeGreaterThan(0);
  });

  it('logs a load failure and shows the empty list', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderResource(hives, <HiveList />, {
      handlers: { get_buzz_haven_hives: () => { throw new RpcRefusal('Your account is waiting for approval'); } },
    });
    expect(await screen.findByText('No hives found. Add your first hive to get started.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load hives:', expect.anything());
    expect(screen.queryByText('Your account is waiting for approval')).not.toBeInTheDocument();
  });
});

describe('Hive details', () => {
  const hive = { ...rows[0], host: null, queen_source: null, queen_marking: 'White', notes: null, last_inspection_date: '2026-03-01', inspection_due: true, updated_at: '2025-01-01T00:00:00Z' };
  const inspections = [
    { id: 'i1', hive_id: 'h1', inspected_on: '2026-02-01', inspector: 'Ada', queen_seen: true, temperament: 'calm', varroa_count: 3 },
    { id: 'i2', hive_id: 'h1', inspected_on: '2026-03-01', inspector: 'Bea', queen_seen: false, temperament: 'nervous', varroa_count: 5 },
    { id: 'i3', hive_id: 'h2', inspected_on: '2026-03-02', inspector: 'Cy', queen_seen: false, temperament: 'calm', varroa_count: 1 },
  ];

  it("lists the hive's inspections newest first (hive_id=eq. on the server), shows it due, offers 'Add inspection'", async () => {
    const { requests } = renderAdmin('/hives/h1/show', {
      handlers: { get_buzz_haven_hives: () => [hive], get_buzz_haven_inspections: () => inspections, get_buzz_haven_treatments: () => [] },
    });
    expect(await screen.findByRole('heading', { name: 'Hive details' })).toBeInTheDocument();
    const log = await screen.findByRole('region', { name: 'Inspections' });
    await within(log).findByText('Bea');
    const names = within(log).getAllByRole('row').slice(1).map((r) => r.querySelector('.column-inspector')?.textContent);
    expect(names).toEqual(['Bea', 'Ada']);
    expect(screen.getByText('Due').closest('[data-status]')).toHaveAttribute('data-status', 'true');
    expect(within(log).getByRole('button', { name: 'Add inspection' })).toBeInTheDocument();
    expect(requests.find((r) => r.fn === 'get_buzz_haven_inspections')?.query)
      // 10 shown and one more to know whether there is a next page (inspections count: 'pages').
      .toBe('hive_id=eq.h1&order=inspected_on.desc,id.asc&offset=0&limit=11');
    fireEvent.click(within(log).getByRole('button', { name: 'Add inspection' }));
    expect(await screen.findByRole('heading', { name: 'Add inspection', level: 1 })).toBeInTheDocument();
  });

  it('shows the treatment history with its withdrawal end, and flags a hive over the varroa threshold', async () => {
    const treatments = [
      { id: 't1', hive_id: 'h1', product_id: 'p1', dose: '5 ml per seam', started_on: '2026-02-10', ended_on: '2026-02-20', applied_by: 'Ada', withdrawal_ends_on: '2026-03-06' },
      { id: 't2', hive_id: 'h2', product_id: 'p1', dose: 'other hive', started_on: '2026-02-10', ended_on: '2026-02-20', applied_by: 'Cy', withdrawal_ends_on: '2026-03-06' },
    ];
    const { requests } = renderAdmin('/hives/h1/show', {
      handlers: {
        get_buzz_haven_hives: () => [{ ...hive, mites_per_100: 4, varroa_flag: true }],
        get_buzz_haven_inspections: () => inspections,
        get_buzz_haven_treatments: () => treatments,
        get_buzz_haven_treatment_products: () => [{ id: 'p1', name: 'Oxalic acid', withdrawal_days: 14 }],
      },
    });
    const history = await screen.findByRole('region', { name: 'Treatments' });
    await within(history).findByText('Ada');
    expect(within(history).queryByText('Cy')).not.toBeInTheDocument();
    expect(requests.find((r) => r.fn === 'get_buzz_haven_treatments')?.query).toContain('hive_id=eq.h1&order=started_on.desc');
    expect(screen.getByText('Treat').closest('[data-status]')).toHaveAttribute('data-status', 'true');
  });
});
