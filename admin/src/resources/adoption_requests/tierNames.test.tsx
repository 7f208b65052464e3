/**
 * The Adoptions list reads a tier where it lives: the rows of Adoption Tiers (adopt_tiers, by
 * slug) named by their words in Content (catalog/adopt-tiers). A tier staff add there (no
 * declaration names it) shows by its Content name and is offered by the Tier filter, which sends
 * its slug; a plan reads as words for any gift term.
 */
import '../../test/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAdmin } from '../../test/testHarness';

const request = (id: string, name: string, tier: string, plan: string) => ({
  id, name, email: `${id}@example.com`, tier, plan, monthly_price: 3500, status: 'new', created_at: '2026-05-01T10:00:00Z',
});
const tiers = [
  { id: 'u1', slug: 'hive-guardian', monthly_price: 3500, sort_order: 1 },
  { id: 'u2', slug: 'queen-patron', monthly_price: 12000, sort_order: 2 },
];
const words = {
  key: 'catalog/adopt-tiers', title: 'Adopt tiers', revision: 3,
  draft: { tiers: [{ id: 'hive-guardian', name: 'Guardian (draft)' }] },
  published: { tiers: [{ id: 'hive-guardian', name: 'Hive Guardian' }, { id: 'queen-patron', name: 'Queen Patron' }] },
};

test('tiers show and filter by Adoption Tiers\' rows, named in Content', async () => {
  const { requests } = renderAdmin('/adoption_requests', {
    handlers: {
      get_buzz_haven_adoption_requests: () => [request('a1', 'Ada', 'hive-guardian', 'monthly'), request('a2', 'Bo', 'queen-patron', 'gift-24')],
      get_buzz_haven_adopt_tiers: () => tiers,
      get_buzz_haven_content_documents: () => [words],
    },
  });
  const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;
  await waitFor(async () => expect((await row('Ada')).querySelector('.column-tier')?.textContent).toBe('Hive Guardian'));
  const bo = await row('Bo');
  expect(bo.querySelector('.column-tier')?.textContent).toBe('Queen Patron');
  expect(bo.querySelector('.column-plan')?.textContent).toBe('Gift, 24 months');
  expect((await row('Ada')).querySelector('.column-plan')?.textContent).toBe('Monthly');

  // The filter lists the table's rows in its order, by their published names, and sends the slug.
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tier' }));
  const menu = await screen.findByRole('listbox');
  expect(within(menu).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Hive Guardian', 'Queen Patron']);
  fireEvent.click(within(menu).getByRole('option', { name: 'Queen Patron' }));
  await waitFor(() => expect(requests.some((r) => r.fn === 'get_buzz_haven_adoption_requests' && r.query.includes('tier=eq.queen-patron'))).toBe(true));
  // The Content document is read by its key.
  expect(requests.find((r) => r.fn === 'get_buzz_haven_content_documents')?.query).toBe('key=eq.catalog/adopt-tiers');
});
