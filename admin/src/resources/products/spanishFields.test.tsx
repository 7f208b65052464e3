/**
 * A product's Spanish name and description: edited beside the English in the product dialog, sent
 * to the RPCs (an emptied one as '' to clear it), and a product missing them says "Needs
 * translation" in the list.
 */
import '../../test/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import products from './index';
import { ProductDialog } from './ProductDialog';
import { ProductTable } from './ProductTable';
import { ListContextProvider } from 'react-admin';
import { renderResource } from '../../test/testHarness';
import type { Product } from '../../types';

const jar: Product = {
  id: 'p1', name: 'Sage Honey', description: 'Pale and minty.', price: 2200, category: 'Honey', image_url: null,
  name_es: 'Miel de Salvia', description_es: 'Clara y mentolada.', spanish_missing: false, created_at: '2026-11-01T00:00:00Z',
};

describe("a product's Spanish fields", () => {
  it('the dialog edits them beside the English and saves them; an emptied one is cleared', async () => {
    const onSaved = jest.fn();
    const { calls } = renderResource(products, <ProductDialog product={jar} onClose={() => undefined} onSaved={onSaved} />, {
      handlers: { update_buzz_haven_product: (args) => ({ ...jar, ...args }) },
    });
    const form = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect(within(form).getByRole('textbox', { name: 'Name (Spanish)' })).toHaveValue('Miel de Salvia');
    expect(within(form).getByRole('textbox', { name: 'Description (Spanish)' })).toHaveValue('Clara y mentolada.');
    expect(within(form).getAllByText('On the Spanish pages (/es); empty: the English shows')).toHaveLength(2);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name (Spanish)' }), { target: { value: 'Miel de Salvia Blanca' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Description (Spanish)' }), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.fn === 'update_buzz_haven_product')?.args).toMatchObject({
      p_id: 'p1', p_name_es: 'Miel de Salvia Blanca', p_description_es: '',
    });
  });

  // Which rows miss their Spanish is the list view's (buzz_haven_lists.needs_spanish: tests/sql/spanish-rows.test.ts).
  it('the list marks a product whose Spanish is missing', async () => {
    const plain: Product = { ...jar, id: 'p2', name: 'Taper Candle', name_es: null, description_es: null, spanish_missing: true };
    const context = { data: [jar, plain], sort: { field: 'name', order: 'ASC' }, setSort: () => undefined } as never;
    renderResource(products, (
      <ListContextProvider value={context}>
        <ProductTable products={[jar, plain]} onEdit={() => undefined} onDelete={() => undefined} />
      </ListContextProvider>
    ), { handlers: {} });
    const rows = await screen.findAllByTestId('product-row');
    expect(screen.getByRole('columnheader', { name: 'Español' })).toBeInTheDocument();
    expect(within(rows[0]).getByText('Translated')).toBeInTheDocument();
    expect(within(rows[0]).queryByText('Needs translation')).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Needs translation')).toBeInTheDocument();
  });
});
