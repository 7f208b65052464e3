import '../../test/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import media from './index';
import { MediaList } from './MediaList';
import { renderResource, RpcRefusal } from '../../test/testHarness';
import { MediaStorageContext } from '../../media/upload/mediaStorage';
import { fakeMediaStorage } from '../../media/upload/fakeMediaStorage';

// jsdom has no canvas to re-encode a picture with: here the page's upload flow is under test, the
// re-encoding has its own tests (uploadMedia.test.ts, e2e media-metadata.spec.ts).
jest.mock('../../media/upload/stripMetadata', () => ({
  ...jest.requireActual('../../media/upload/stripMetadata'),
  stripImageMetadata: async (file: Blob) => file,
}));

type Row = Record<string, unknown>;

/** The Media page over an in-memory media table and bucket. */
function renderMedia(fake = fakeMediaStorage(), createRefusal?: string) {
  const rows: Row[] = [];
  const result = renderResource(
    media,
    <MediaStorageContext.Provider value={fake.storage}><MediaList /></MediaStorageContext.Provider>,
    {
      handlers: {
        get_buzz_haven_media: () => rows,
        create_buzz_haven_media: (args) => {
          if (createRefusal) throw new RpcRefusal(createRefusal, 400, 'P0001');
          const row = { id: `m${rows.length + 1}`, created_at: new Date().toISOString(), ...Object.fromEntries(Object.entries(args ?? {}).map(([k, v]) => [k.slice(2), v])) };
          rows.unshift(row);
          return row;
        },
      },
    },
  );
  return { ...result, rows, fake };
}

const chooseFiles = (files: File[]) =>
  fireEvent.change(screen.getByLabelText('Files to upload'), { target: { files } });

describe('uploading in the Media Library', () => {
  it("'Upload Your First File' opens the upload area; chosen files upload, get rows and show in the grid", async () => {
    const { rows, fake, calls } = renderMedia();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload Your First File' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Media' });
    expect(within(dialog).getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    chooseFiles([
      new File(['png'], 'Honey Jar.png', { type: 'image/png' }),
      new File(['%PDF'], 'Open day.pdf', { type: 'application/pdf' }),
    ]);
    const uploads = await within(dialog).findByRole('list', { name: 'Uploads' });
    await waitFor(() => expect(within(uploads).getAllByText('Uploaded')).toHaveLength(2));
    expect(within(uploads).getByRole('progressbar', { name: 'Upload progress of Honey Jar.png' }))
      .toHaveAttribute('aria-valuenow', '100');
    expect(fake.objects.size).toBe(2);
    expect(rows.map((r) => r.title).sort()).toEqual(['Honey Jar', 'Open day']);
    const created = calls.filter((c) => c.fn === 'create_buzz_haven_media').map((c) => c.args);
    expect(created[0]).toMatchObject({ p_title: 'Honey Jar', p_file_type: 'image/png', p_size_bytes: 3 });
    expect(String(created[0]?.p_file_path)).toMatch(/^http:\/\/storage\.test\/storage\/v1\/object\/public\/media\/\d{4}\/\d{2}\/.+-honey-jar\.png$/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    const grid = await screen.findByRole('list', { name: 'Media files' });
    expect(await within(grid).findByRole('img', { name: 'Honey Jar' })).toBeInTheDocument();
    expect(within(grid).getByText('application')).toBeInTheDocument();
  });

  it('refuses a file too large and a refused type with clear messages, uploading neither', async () => {
    const { fake, calls } = renderMedia();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 60 * 1024 * 1024 });
    chooseFiles([big, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })]);
    expect(await screen.findByText('huge.png is too large (60 MB): the limit is 50 MB.')).toBeInTheDocument();
    expect(await screen.findByText(/^setup\.exe was refused: files of type application\/x-msdownload are not accepted/)).toBeInTheDocument();
    expect(fake.objects.size).toBe(0);
    expect(calls.some((c) => c.fn === 'create_buzz_haven_media')).toBe(false);
  });

  it("shows Storage's refusal", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderMedia(fakeMediaStorage({ refuse: 'new row violates row-level security policy' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    chooseFiles([new File(['png'], 'a.png', { type: 'image/png' })]);
    expect(await screen.findByText('a.png was not uploaded: new row violates row-level security policy')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Upload failed:', expect.anything());
  });

  it('removes the uploaded file again when its row is refused', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fake } = renderMedia(fakeMediaStorage(), 'Title is required');
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    chooseFiles([new File(['png'], 'b.png', { type: 'image/png' })]);
    expect(await screen.findByText('b.png was not saved: Title is required (the uploaded file was removed again)')).toBeInTheDocument();
    expect(fake.objects.size).toBe(0);
    expect(fake.removed).toEqual([expect.stringMatching(/^media\/\d{4}\/\d{2}\/.+-b\.png$/)]);
    expect(logged).toHaveBeenCalledWith('Upload failed:', expect.anything());
  });
});
