import { PRODUCT_LIMITS, PRODUCT_MESSAGES, productSchema, productToArgs } from './schema';

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

test('the length bounds mirror the products table and the RPC messages', () => {
  expect(PRODUCT_LIMITS).toEqual({ name: 200, description: 5000, category: 100, image_url: 2000 });
  expect(PRODUCT_MESSAGES.nameTooLong).toBe('Name is too long (200 characters at most)');
  expect(firstError({ name: 'n'.repeat(201) })).toEqual(['Name is too long (200 characters at most)']);
  expect(firstError({ description: 'd'.repeat(5001) })).toEqual(['Description is too long (5000 characters at most)']);
  expect(firstError({ category: 'c'.repeat(101) })).toEqual(['Category is too long (100 characters at most)']);
  expect(firstError({ image_url: `https://example.com/${'u'.repeat(2000)}` })).toEqual(['Image URL is too long (2000 characters at most)']);
  // at the bound, counted in characters after trimming, like PostgreSQL's char_length
  expect(firstError({ name: ` ${'🐝'.repeat(200)} `, description: 'd'.repeat(5000), category: 'c'.repeat(100) })).toBeNull();
  expect(firstError({ image_url: `https://e.com/${'u'.repeat(1986)}` })).toBeNull();
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
