import '../test/testSetup';
import { screen } from '@testing-library/react';
import orders from '../resources/orders';
import { OrderList } from '../resources/orders/OrderList';
import { renderResource } from '../test/testHarness';

describe('Placeholder sections', () => {
  it('Orders: coming soon with a disabled View Orders button', async () => {
    renderResource(orders, <OrderList />, { handlers: {} });
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('Order management coming soon!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Orders' })).toBeDisabled();
  });
});
