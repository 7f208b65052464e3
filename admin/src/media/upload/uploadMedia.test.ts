import { MediaUploadError, uploadMediaFile, type MediaUploadDeps, type NewMediaRow } from './uploadMedia';

/** An in-memory bucket with the storage operations the flow uses, recording what happened. */
function fakeDeps(overrides: Partial<MediaUploadDeps> = {}) {
  const objects = new Map<string, Blob>();
  const rows: NewMediaRow[] = [];
  const deps: MediaUploadDeps = {
    upload: async (bucket, path, file, onProgress) => {
      onProgress(0.5);
      objects.set(`${bucket}/${path}`, file);
      onProgress(1);
    },
    remove: async (bucket, paths) => { for (const p of paths) objects.delete(`${bucket}/${p}`); },
    publicUrl: (bucket, path) => `https://cdn.test/storage/v1/object/public/${bucket}/${path}`,
    createRow: async (row) => { rows.push(row); return { id: `m${rows.length}` }; },
    readImageSize: async () => ({ width: 640, height: 480 }),
    now: () => new Date('2026-04-09T08:00:00Z'),
    ...overrides,
  };
  return { deps, objects, rows };
}

const png = (name = 'Honey Jar.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('uploading one file into the Media Library', () => {
  it('uploads to yyyy/mm/<uuid>-name, reads the size of an image and records the row', async () => {
    const { deps, objects, rows } = fakeDeps();
    const progress: number[] = [];
    const result = await uploadMediaFile(png(), deps, (f) => progress.push(f));
    expect(result.id).toBe('m1');
    expect(progress).toEqual([0.5, 1]);
    const [key] = [...objects.keys()];
    expect(key).toMatch(/^media\/2026\/04\/[0-9a-f-]{36}-honey-jar\.png$/);
    expect(rows).toEqual([{
      title: 'Honey Jar',
      file_path: `https://cdn.test/storage/v1/object/public/${key}`,
      file_type: 'image/png',
      storage_path: key.slice('media/'.length),
      size_bytes: 10,
      width: 640,
      height: 480,
    }]);
  });

  it('sends an image re-encoded without its metadata, and records the size of what was sent', async () => {
    const clean = new Blob([new Uint8Array(6)], { type: 'image/png' });
    const stripped: string[] = [];
    const { deps, objects, rows } = fakeDeps({ stripMetadata: async (_file, type) => { stripped.push(type); return clean; } });
    await uploadMediaFile(png(), deps);
    expect(stripped).toEqual(['image/png']);
    expect([...objects.values()]).toEqual([clean]);
    expect(rows[0]!.size_bytes).toBe(6);
  });

  it('refuses an image that cannot be re-encoded, sending nothing', async () => {
    const { deps, objects } = fakeDeps({ stripMetadata: async () => { throw new Error('it could not be read as an image'); } });
    await expect(uploadMediaFile(png(), deps)).rejects.toMatchObject({
      stage: 'check', message: 'Honey Jar.png was not uploaded: it could not be read as an image' });
    expect(objects.size).toBe(0);
  });

  it('records no size for a document, and sends the type found from the extension', async () => {
    const readImageSize = jest.fn();
    const { deps, objects, rows } = fakeDeps({ readImageSize });
    await uploadMediaFile(new File(['a,b'], 'list.csv', { type: '' }), deps);
    expect(readImageSize).not.toHaveBeenCalled();
    expect(rows[0]).toMatchObject({ file_type: 'text/csv', width: null, height: null, title: 'list' });
    expect([...objects.values()][0].type).toBe('text/csv');
  });

  it('refuses a file too large or of a refused type before sending anything', async () => {
    const upload = jest.fn();
    const { deps, rows } = fakeDeps({ upload });
    const big = { name: 'big.png', type: 'image/png', size: 60 * 1024 * 1024 } as File;
    await expect(uploadMediaFile(big, deps)).rejects.toThrow('big.png is too large (60 MB): the limit is 50 MB.');
    const exe = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
    await expect(uploadMediaFile(exe, deps)).rejects.toMatchObject({ stage: 'check' });
    expect(upload).not.toHaveBeenCalled();
    expect(rows).toEqual([]);
  });

  it("passes on Storage's refusal and records nothing", async () => {
    const { deps, rows } = fakeDeps({
      upload: async () => { throw new Error('The object exceeded the maximum allowed size'); },
    });
    await expect(uploadMediaFile(png('a.png'), deps)).rejects.toThrow(
      new MediaUploadError('a.png was not uploaded: The object exceeded the maximum allowed size', 'upload'),
    );
    expect(rows).toEqual([]);
  });

  it('removes the uploaded object when the row cannot be recorded', async () => {
    const { deps, objects } = fakeDeps({
      createRow: async () => { throw new Error('permission denied for function create_buzz_haven_media'); },
    });
    await expect(uploadMediaFile(png('b.png'), deps)).rejects.toThrow(
      'b.png was not saved: permission denied for function create_buzz_haven_media (the uploaded file was removed again)',
    );
    expect(objects.size).toBe(0);
  });

  it('says which object is left when even the removal fails', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { deps } = fakeDeps({
      createRow: async () => { throw new Error('row refused'); },
      remove: async () => { throw new Error('offline'); },
    });
    await expect(uploadMediaFile(png('c.png'), deps)).rejects.toThrow(
      /^c\.png was not saved: row refused \(the uploaded file 2026\/04\/.+-c\.png could not be removed\)$/,
    );
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
