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
  expect(PRODUCT_LIMITS).toEqual({
    name: 200, description: 5000, category: 100, image_url: 2000, slug: 100, size_label: 100, image_alt: 300,
  });
  expect(PRODUCT_MESSAGES.nameTooLong).toBe('Name is too long (200 characters at most)');
  expect(firstError({ name: 'n'.repeat(201) })).toEqual(['Name is too long (200 characters at most)']);
  expect(firstError({ description: 'd'.repeat(5001) })).toEqual(['Description is too long (5000 characters at most)']);
  expect(firstError({ category: 'c'.repeat(101) })).toEqual(['Category is too long (100 characters at most)']);
  expect(firstError({ image_url: `https://example.com/${'u'.repeat(2000)}` })).toEqual(['Image URL is too long (2000 characters at most)']);
  // at the bound, counted in characters after trimming, like PostgreSQL's char_length
  expect(firstError({ name: ` ${'🐝'.repeat(200)} `, description: 'd'.repeat(5000), category: 'c'.repeat(100) })).toBeNull();
  expect(firstError({ image_url: `https://e.com/${'u'.repeat(1986)}` })).toBeNull();
});

test('the shop fields: slug format, order range, section choices; the RPC messages', () => {
  expect(PRODUCT_MESSAGES.slugFormat).toBe('Slug must be lowercase letters, digits and single dashes');
  expect(PRODUCT_MESSAGES.orderRange).toBe('Order must be between -100000 and 100000');
  expect(firstError({ slug: 'Wildflower Honey' })).toEqual(['Slug must be lowercase letters, digits and single dashes']);
  expect(firstError({ slug: 'honey--jar' })).toEqual(['Slug must be lowercase letters, digits and single dashes']);
  expect(firstError({ sort_order: 100001 })).toEqual(['Order must be between -100000 and 100000']);
  expect(firstError({ sort_order: 1.5 })).toEqual(['Order must be a whole number']);
  expect(firstError({ section: 'candles' })?.length).toBe(1);
  expect(firstError({ image_alt: 'a'.repeat(301) })).toEqual(['Image alt text is too long (300 characters at most)']);
  expect(productSchema.parse({
    name: 'Jar', price: 1200, slug: ' wildflower-honey ', size_label: '12 oz jar', section: 'honey', featured: true, sort_order: '2', image_alt: '',
  })).toMatchObject({ slug: 'wildflower-honey', size_label: '12 oz jar', section: 'honey', featured: true, sort_order: 2, image_alt: null });
});

test('valid input is normalised: price coerced, empty URL becomes null, optional fields optional', () => {
  expect(productSchema.parse({ name: ' Jar ', price: '2000', image_url: '' })).toEqual({
    name: 'Jar', price: 2000, image_url: null, section: null, featured: false, sort_order: 0,
  });
  expect(productSchema.parse({ name: 'Jar', price: '', image_url: null, description: null }).price).toBe(0);
  expect(productSchema.parse({ name: 'Jar', price: 0, image_url: 'https://example.com/jar.png' }).image_url)
    .toBe('https://example.com/jar.png');
});

test('create defaults to empty text and price 0; update sends null for what was not supplied; shop fields only when given', () => {
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
  expect(productToArgs({ slug: null, size_label: '12 oz', section: null, featured: false, sort_order: 0, image_alt: null }, 'update'))
    .toMatchObject({ p_slug: '', p_size_label: '12 oz', p_section: '', p_featured: false, p_sort_order: 0, p_image_alt: '' });
  expect(productToArgs({ name: 'Jar', slug: null, section: 'beeswax', featured: true, sort_order: 3 }, 'create'))
    .toMatchObject({ p_slug: null, p_section: 'beeswax', p_featured: true, p_sort_order: 3 });
  expect(productToArgs({ name: 'Jar' }, 'update')).not.toHaveProperty('p_slug');
});
