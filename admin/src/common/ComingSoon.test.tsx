import '../test/testSetup';
import { screen } from '@testing-library/react';
import orders from '../resources/orders';
import content from '../resources/content';
import { OrderList } from '../resources/orders/OrderList';
import { ContentList } from '../resources/content/ContentList';
import { renderResource } from '../test/testHarness';

describe('Placeholder sections', () => {
  it('Orders: coming soon with a disabled View Orders button', async () => {
    renderResource(orders, <OrderList />, { handlers: {} });
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('Order management coming soon!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Orders' })).toBeDisabled();
  });

  it('Content: coming soon with a disabled Manage Content button', async () => {
    renderResource(content, <ContentList />, { handlers: {} });
    expect(screen.getByRole('heading', { name: 'Content' })).toBeInTheDocument();
    expect(screen.getByText('Content management coming soon!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Content' })).toBeDisabled();
  });
});
