import { en, mergeResourceMessages } from './en';

test('product labels come from the catalogue; react-admin messages are kept', () => {
  expect(en.resources.products.fields).toMatchObject({ name: 'Name', price: 'Price (cents)', image_url: 'Image URL' });
  expect(en.ra.action.save).toBe('Save');
});

test("a declaration's labels are merged under the catalogue's", () => {
  const merged = mergeResourceMessages(
    { hives: { name: 'Hive |||| Hives', fields: { name: 'Hive', queen_installed_date: 'Queen Installed' } } },
    { hives: { fields: { name: 'Name' } }, products: { fields: { price: 'Price (cents)' } } },
  );
  expect(merged).toEqual({
    hives: { name: 'Hive |||| Hives', fields: { name: 'Name', queen_installed_date: 'Queen Installed' } },
    products: { fields: { price: 'Price (cents)' } },
  });
});
