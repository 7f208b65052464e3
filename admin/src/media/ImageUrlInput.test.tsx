import '../test/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import products from '../resources/products';
import { ProductDialog } from '../resources/products/ProductDialog';
import { Form } from 'react-admin';
import { FieldInput } from '../crud/FieldInput';
import { renderResource } from '../test/testHarness';
import { MediaStorageContext } from './upload/mediaStorage';
import { fakeMediaStorage } from './upload/fakeMediaStorage';

const mediaRows = Array.from({ length: 14 }, (_, i) => ({
  id: `m${i}`,
  title: i === 1 ? 'Open day flyer' : `Photo ${i}`,
  file_type: i === 1 ? 'application/pdf' : 'image/png',
  created_at: new Date(Date.UTC(2026, 0, 30 - i)).toISOString(),
  storage_path: `2026/01/id${i}-photo.png`,
  file_path: `http://storage.test/storage/v1/object/public/media/2026/01/id${i}-photo.png`,
}));

function renderDialog() {
  const onSaved = jest.fn();
  const fake = fakeMediaStorage();
  const result = renderResource(
    products,
    <MediaStorageContext.Provider value={fake.storage}>
      <ProductDialog product={null} onClose={() => undefined} onSaved={onSaved} />
    </MediaStorageContext.Provider>,
    {
      handlers: {
        get_buzz_haven_media: () => mediaRows,
        create_buzz_haven_product: (args) => ({ id: 'p1', ...args }),
      },
    },
  );
  return { ...result, onSaved };
}

describe('the product image: typed or chosen from the library', () => {
  it('Choose from library lists media a page at a time and sets the field to the public URL', async () => {
    const { calls, onSaved } = renderDialog();
    const form = await screen.findByRole('dialog', { name: 'Add New Product' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Comb honey' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Choose from library' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from Library' });
    const grid = await within(picker).findByRole('list', { name: 'Media library' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(12);
    expect(within(picker).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Open day flyer (application, not an image)' })).toBeDisabled();
    fireEvent.click(within(picker).getByRole('button', { name: 'Next' }));
    expect(await within(picker).findByText('Page 2 of 2')).toBeInTheDocument();
    fireEvent.click(await within(picker).findByRole('button', { name: 'Choose Photo 13' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose from Library' })).not.toBeInTheDocument());
    expect(within(form).getByRole('textbox', { name: 'Image URL' }))
      .toHaveValue('http://storage.test/storage/v1/object/public/media/2026/01/id13-photo.png');
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.fn === 'create_buzz_haven_product')?.args).toMatchObject({
      p_name: 'Comb honey',
      p_image_url: 'http://storage.test/storage/v1/object/public/media/2026/01/id13-photo.png',
    });
  });

  it('still takes a URL typed by hand, and explains a bad one', async () => {
    const { onSaved } = renderDialog();
    const form = await screen.findByRole('dialog', { name: 'Add New Product' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Jar' } });
    const url = within(form).getByRole('textbox', { name: 'Image URL' });
    fireEvent.change(url, { target: { value: 'not a url' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Must be a valid URL')).toBeInTheDocument();
    fireEvent.change(url, { target: { value: 'https://example.com/jar.png' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it("the picker's Upload opens the upload area", async () => {
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose from library' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from Library' });
    fireEvent.click(within(picker).getByRole('button', { name: 'Upload' }));
    expect(await within(picker).findByRole('button', { name: 'Choose files' })).toBeInTheDocument();
  });

  it("a declared 'image' field of any resource gets the picker too", async () => {
    renderResource(
      products,
      <MediaStorageContext.Provider value={fakeMediaStorage().storage}>
        <Form record={{}}><FieldInput field={{ source: 'photo_url', kind: 'image', label: 'Photo' }} /></Form>
      </MediaStorageContext.Provider>,
      { handlers: { get_buzz_haven_media: () => mediaRows } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Choose from library' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from Library' });
    fireEvent.click(await within(picker).findByRole('button', { name: 'Choose Photo 0' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Photo/ }))
      .toHaveValue('http://storage.test/storage/v1/object/public/media/2026/01/id0-photo.png'));
  });
});
