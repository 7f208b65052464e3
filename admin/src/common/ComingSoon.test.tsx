import '../test/testSetup';
import { screen } from '@testing-library/react';
import content from '../resources/content';
import { ContentList } from '../resources/content/ContentList';
import { renderResource } from '../test/testHarness';

describe('Placeholder sections', () => {
  it('Content: coming soon with a disabled Manage Content button', async () => {
    renderResource(content, <ContentList />, { handlers: {} });
    expect(screen.getByRole('heading', { name: 'Content' })).toBeInTheDocument();
    expect(screen.getByText('Content management coming soon!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Content' })).toBeDisabled();
  });
});
