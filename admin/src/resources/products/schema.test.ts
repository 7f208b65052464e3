import { PRODUCT_MESSAGES, productSchema, productToArgs } from './schema';

const firstError = (input: Record<string, unknown>) => {
  const result = productSchema.safeParse({ name: 'Jar', price: 100, ...input });
  return result.success ? null : result.error.issues.map((i) => i.message);
};

test('the spec messages, word for word', () => {
  expect(PRODUCT_MESSAGES.nameRequired).toBe('Name is required');
  expect(PRODUCT_MESSAGES.pricePositive).toBe('Price must be positive');
  expect(PRODUCT_MESSAGES.invalidUrl).toBe('Must be a valid URL');
});

test.each([
  [{ name: '' }, ['Name is required']],
  [{ name: '   ' }, ['Name is required']],
  [{ name: undefined }, ['Name is required']],
  [{ price: -1 }, ['Price must be positive']],
  [{ price: 'abc' }, ['Price must be positive']],
  [{ price: 12.5 }, ['Price must be a whole number of cents']],
  [{ image_url: 'not a url' }, ['Must be a valid URL']],
  [{ image_url: 'ftp://example.com/a.png' }, ['Must be a valid URL']],
  [{ name: '', price: -5, image_url: 'x' }, ['Name is required', 'Price must be positive', 'Must be a valid URL']],
])('%j is refused with %j', (input, messages) => {
  expect(firstError(input)).toEqual(messages);
});

test('valid input is normalised: price coerced, empty URL becomes null, optional fields optional', () => {
  expect(productSchema.parse({ name: ' Jar ', price: '2000', image_url: '' })).toEqual({
    name: 'Jar', price: 2000, image_url: null,
  });
  expect(productSchema.parse({ name: 'Jar', price: '', image_url: null, description: null }).price).toBe(0);
  expect(productSchema.parse({ name: 'Jar', price: 0, image_url: 'https://example.com/jar.png' }).image_url)
    .toBe('https://example.com/jar.png');
});

test('create defaults to empty text and price 0; update sends null for what was not supplied', () => {
  expect(productToArgs({ name: 'Jar' }, 'create')).toEqual({
    p_name: 'Jar', p_description: '', p_price: 0, p_category: '', p_image_url: null,
  });
  expect(productToArgs({ price: 2500 }, 'update')).toEqual({
    p_name: null, p_description: null, p_price: 2500, p_category: null, p_image_url: null,
  });
  // A cleared optional field is sent as '' so the RPC really clears it (null would keep it).
  expect(productToArgs({ name: 'Jar', description: null, category: '', image_url: null, price: 0 }, 'update')).toEqual({
    p_name: 'Jar', p_description: '', p_price: 0, p_category: '', p_image_url: '',
  });
});
