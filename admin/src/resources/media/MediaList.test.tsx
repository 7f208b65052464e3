import '../../test/testSetup';
import { screen, within } from '@testing-library/react';
import media from './index';
import { MediaList } from './MediaList';
import { RpcRefusal, renderResource } from '../../test/testHarness';
import { isImage, mainType } from '../../media/mediaType';

const rows = [
  { id: 'm1', title: 'Honeycomb pattern', file_path: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E', file_type: 'image/svg+xml', created_at: '2026-02-01T10:00:00Z' },
  { id: 'm2', title: 'Host a Hive guide', file_path: '/docs/guide.pdf', file_type: 'application/pdf', created_at: '2026-01-01T10:00:00Z' },
];

describe('Media Library', () => {
  it('shows pictures for images and the main type for other files, with title and date', async () => {
    renderResource(media, <MediaList />, { handlers: { get_buzz_haven_media: () => rows } });
    expect(await screen.findByRole('heading', { name: 'Media Library' })).toBeInTheDocument();
    const picture = await screen.findByRole('img', { name: 'Honeycomb pattern' });
    expect(picture.tagName).toBe('IMG');
    expect(picture).toHaveAttribute('src', rows[0].file_path);
    const items = within(screen.getByRole('list', { name: 'Media files' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // newest first; the PDF is a tile naming its main type
    expect(within(items[0]).getByText('Honeycomb pattern')).toBeInTheDocument();
    expect(within(items[1]).getByText('application')).toBeInTheDocument();
    expect(within(items[1]).getByText('Host a Hive guide')).toBeInTheDocument();
    expect(within(items[1]).getByText(new Date(rows[1].created_at).toLocaleDateString())).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  it('shows the empty text and Upload Your First File when there is nothing', async () => {
    renderResource(media, <MediaList />, { handlers: { get_buzz_haven_media: () => [] } });
    expect(await screen.findByText('No media files found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Your First File' })).toBeInTheDocument();
  });

  it('logs a load failure and shows the empty state', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderResource(media, <MediaList />, {
      handlers: { get_buzz_haven_media: () => { throw new RpcRefusal('permission denied'); } },
    });
    expect(await screen.findByText('No media files found')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load media:', expect.anything());
  });

  it('classifies mime types', () => {
    expect(isImage('image/png')).toBe(true);
    expect(isImage('IMAGE/JPEG')).toBe(true);
    expect(isImage('application/pdf')).toBe(false);
    expect(mainType('video/mp4')).toBe('video');
    expect(mainType('')).toBe('file');
  });
});
