/**
 * Stripe's request bodies: `application/x-www-form-urlencoded` with bracketed keys, as the SDK
 * writes them (`line_items[0][price_data][unit_amount]=2000`, `metadata[order_id]=...`).
 * Numeric segments make arrays. Values stay strings, as Stripe receives them.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    const path = key.match(/[^[\]]+/g) ?? [];
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const slot = node as Record<string, FormValue>;
      if (last) {
        slot[segment] = value;
        return;
      }
      if (slot[segment] === undefined) slot[segment] = /^\d+$/.test(path[i + 1]) ? [] : {};
      node = slot[segment] as Record<string, FormValue>;
    });
  }
  return root;
}
