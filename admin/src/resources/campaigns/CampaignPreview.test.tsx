import '../../test/testSetup';
import { render, screen, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { CampaignPreview } from './CampaignPreview';

const show = (record: Record<string, unknown>) => render(
  <AdminContext><RecordContextProvider value={{ id: 'c1', ...record }}><CampaignPreview /></RecordContextProvider></AdminContext>,
);

test('the letter\'s Markdown as the e-mail shows it: headings, bold, lists and safe links; typed markup stays text', () => {
  show({ subject: 'Harvest news', state: 'draft',
    body: '# The harvest\n\nThe **first** jars: [shop](https://buzzhaven.example/shop), [bad](javascript:alert(1))\n\n- wildflower\n- sage\n\n<img src=x onerror=alert(1)>' });
  expect(screen.getByRole('heading', { level: 2, name: 'Preview of the e-mail' })).toBeInTheDocument();
  const preview = screen.getByRole('region', { name: 'Preview of the e-mail' });
  expect(within(preview).getByText('Harvest news')).toBeInTheDocument();
  expect(within(preview).getByRole('heading', { level: 2, name: 'The harvest' })).toBeInTheDocument();
  expect(within(preview).getByText('first').tagName).toBe('STRONG');
  expect(within(preview).getByRole('link', { name: 'shop' })).toHaveAttribute('href', 'https://buzzhaven.example/shop');
  expect(within(preview).queryByRole('link', { name: 'bad' })).toBeNull();
  expect(within(preview).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['wildflower', 'sage']);
  expect(preview.querySelector('img')).toBeNull();
  expect(preview.textContent).toContain('<img src=x onerror=alert(1)>');
});

test('a sent campaign says it is the e-mail as sent', () => {
  show({ subject: 'Old news', body: 'Hello', state: 'sent' });
  expect(screen.getByRole('heading', { level: 2, name: 'The e-mail as it was sent' })).toBeInTheDocument();
});
