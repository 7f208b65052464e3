import '../../test/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import media from './index';
import { MediaList } from './MediaList';
import { renderResource, RpcRefusal } from '../../test/testHarness';
import { MediaStorageContext } from '../../media/upload/mediaStorage';
import { fakeMediaStorage } from '../../media/upload/fakeMediaStorage';

const uploaded = () => ({
  id: 'm1', title: 'Honey Jar', file_type: 'image/png', created_at: '2026-02-01T10:00:00Z',
  storage_path: '2026/02/abc-honey-jar.png',
  file_path: 'http://storage.test/storage/v1/object/public/media/2026/02/abc-honey-jar.png',
});

function renderMedia(role: string, rows = [uploaded()]) {
  const fake = fakeMediaStorage();
  const result = renderResource(
    media,
    <MediaStorageContext.Provider value={fake.storage}><MediaList /></MediaStorageContext.Provider>,
    {
      role,
      handlers: {
        get_buzz_haven_media: () => rows,
        update_buzz_haven_media: (args) => {
          const row = rows.find((r) => r.id === args?.p_id)!;
          row.title = String(args?.p_title);
          return row;
        },
        delete_buzz_haven_media: (args) => {
          if (!['owner', 'admin'].includes(role)) throw new RpcRefusal('Only an owner or admin can delete media');
          const i = rows.findIndex((r) => r.id === args?.p_id);
          return rows.splice(i, 1)[0];
        },
      },
    },
  );
  return { ...result, fake, rows };
}

describe('media tile actions', () => {
  it('edits the title: required, then saved through update_buzz_haven_media', async () => {
    const { calls } = renderMedia('staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit title of Honey Jar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Title' });
    const input = within(dialog).getByRole('textbox', { name: 'Title' });
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is too long (200 characters at most)')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '  Wildflower jar ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title updated')).toBeInTheDocument();
    expect(calls.find((c) => c.fn === 'update_buzz_haven_media')?.args).toEqual({ p_id: 'm1', p_title: 'Wildflower jar' });
    expect(await screen.findByRole('img', { name: 'Wildflower jar' })).toBeInTheDocument();
  });

  it('copies the public URL', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderMedia('staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy URL of Honey Jar' }));
    expect(await screen.findByText('URL copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://storage.test/storage/v1/object/public/media/2026/02/abc-honey-jar.png');
  });

  it('deletes after confirmation: the row, then the file in the bucket (owner)', async () => {
    const { fake, rows } = renderMedia('owner');
    const button = await screen.findByRole('button', { name: 'Delete Honey Jar' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    const confirm = await screen.findByRole('dialog', { name: 'Delete Media File' });
    expect(within(confirm).getByText(/Are you sure you want to delete "Honey Jar"\?/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Media file deleted')).toBeInTheDocument();
    expect(rows).toEqual([]);
    expect(fake.removed).toEqual(['media/2026/02/abc-honey-jar.png']);
    expect(await screen.findByText('No media files found')).toBeInTheDocument();
  });

  it('staff see delete disabled, with the reason', async () => {
    renderMedia('staff');
    const button = await screen.findByRole('button', { name: 'Delete Honey Jar' });
    await waitFor(() => expect(button).toBeDisabled());
    fireEvent.mouseOver(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Only owners and admins can delete media');
  });
});
