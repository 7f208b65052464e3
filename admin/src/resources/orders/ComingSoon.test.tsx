import '../../test/testSetup';
import { screen } from '@testing-library/react';
import orders from './index';
import content from '../content';
import { OrderList } from './OrderList';
import { ContentList } from '../content/ContentList';
import { renderResource } from '../../test/testHarness';

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
