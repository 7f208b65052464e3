import '../../test/testSetup';
import { fireEvent, screen, within } from '@testing-library/react';
import { FunctionsClient } from '@supabase/functions-js';
import { stubRpc } from '../../test/rpcStub';
import { renderResource } from '../../test/testHarness';
import type { ContentDocument, SiteBuild } from '../../types';
import content from './index';
import { ContentList } from './ContentList';

const doc = (key: string, title: string, extra: Partial<ContentDocument> = {}): ContentDocument => ({
  key, title, draft: {}, revision: 1, updated_at: '2026-11-20T10:00:00Z', updated_by_name: null, published: {},
  published_version: 1, published_at: '2026-11-20T10:00:00Z', published_by_name: null, has_unpublished_changes: false, ...extra,
});
const failed: SiteBuild = {
  id: 'b1', state: 'failed', reason: 'home', requested_by_name: 'Maya', requested_at: '2026-11-21T09:00:00Z',
  started_at: '2026-11-21T09:00:01Z', finished_at: '2026-11-21T09:00:43Z', duration_ms: 42_400, error: 'gatsby build: price is not a number',
};

test('the documents with their state, under the last build (its error) and Publish site', async () => {
  stubRpc({
    get_buzz_haven_content_documents: {
      data: [
        doc('home', 'Home page', { has_unpublished_changes: true, published_version: 3, updated_by_name: 'Maya' }),
        doc('pages/about', 'About'),
        doc('catalog/swarm', 'Catalogue: swarm fees', { published_version: null, published: null, published_at: null }),
      ],
    },
    get_buzz_haven_site_builds: { data: [failed] },
  });
  const invoke = jest.spyOn(FunctionsClient.prototype, 'invoke')
    .mockResolvedValue({ data: { build: { id: 'b2', state: 'queued' } }, error: null } as never);
  renderResource(content, <ContentList />, { handlers: {} });
  expect(screen.getByRole('heading', { name: 'Content', level: 1 })).toBeInTheDocument();
  const rows = await screen.findAllByTestId('content-row');
  expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Home page', 'About', 'Catalogue: swarm fees']);
  expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', '/content/home');
  expect(within(rows[1]).getByRole('link')).toHaveAttribute('href', '/content/pages/about');
  expect(rows[0]).toHaveTextContent('Unpublished changes');
  expect(rows[0]).toHaveTextContent('by Maya');
  expect(rows[0]).toHaveTextContent('Version 3');
  expect(rows[1]).toHaveTextContent('Version 1');
  expect(rows[2]).toHaveTextContent('Not published');

  const build = await screen.findByTestId('site-build');
  expect(build).toHaveTextContent('Failed');
  expect(build).toHaveTextContent('took 42.4 s');
  expect(build).toHaveTextContent('gatsby build: price is not a number');

  fireEvent.click(screen.getByRole('button', { name: 'Publish site' }));
  expect(await screen.findByText('Site build requested')).toBeInTheDocument();
  expect(invoke).toHaveBeenCalledWith('publish-content', { body: { site: true } });
});
