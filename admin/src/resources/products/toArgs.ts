/**
 * The product RPCs' arguments: create defaults to empty text and price 0; on update a
 * field not supplied is sent as null, meaning keep unchanged.
 */
const FIELDS = ['name', 'description', 'price', 'category', 'image_url'] as const;
/**
 * The shop's fields, sent only when the form has them (older callers' arguments are unchanged):
 * null = the column's default (create), '' clears a text on update.
 */
const SHOP_TEXTS = ['slug', 'size_label', 'section', 'image_alt', 'name_es', 'description_es'] as const;
const SHOP_VALUES = ['featured', 'sort_order'] as const;

/**
 * create: every argument, defaulting to empty text and price 0.
 * update: a field not supplied is sent as null (= keep unchanged); a cleared optional text field
 * is sent as '' which the RPC stores as null (= really cleared).
 */
export function productToArgs(data: Record<string, unknown>, mode: 'create' | 'update'): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = data[field];
    if (field === 'price') {
      args.p_price = value === undefined || value === null || value === '' ? (mode === 'create' ? 0 : null) : Number(value);
    } else if (value === undefined) {
      args[`p_${field}`] = mode === 'create' ? (field === 'image_url' ? null : '') : null;
    } else {
      args[`p_${field}`] = value ?? (field === 'name' && mode === 'update' ? null : '');
    }
  }
  for (const field of SHOP_TEXTS) {
    const value = data[field];
    if (value !== undefined) args[`p_${field}`] = value ?? (mode === 'update' ? '' : null);
  }
  for (const field of SHOP_VALUES) {
    const value = data[field];
    if (value !== undefined) args[`p_${field}`] = value === '' ? null : value;
  }
  return args;
}
