import * as React from 'react';
import { formatCents } from '../../lib/price';
import { type CartLine, MAX_QUANTITY, MIN_QUANTITY, removeLine, setQuantity } from './cartLogic';
import { updateCart } from './cartStore';
import type { CartText } from './cartText';

/** A quantity box: what is typed shows as typed; a whole number 1-50 goes to the cart at once. */
function QuantityInput({ line, label, hintId }: { line: CartLine; label: string; hintId: string }) {
  const [draft, setDraft] = React.useState<string | null>(null);
  return (
    <input
      type="number"
      inputMode="numeric"
      className="input cart-quantity"
      min={MIN_QUANTITY}
      max={MAX_QUANTITY}
      step={1}
      aria-label={label}
      aria-describedby={hintId}
      value={draft ?? String(line.quantity)}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        const value = Number(text);
        if (text !== '' && Number.isInteger(value)) updateCart((lines) => setQuantity(lines, line.key, value));
      }}
      onBlur={() => setDraft(null)}
    />
  );
}

/** The cart's lines: product, unit price, quantity, line total and a Remove button. */
export function CartLines({ lines, text }: { lines: CartLine[]; text: CartText['lines'] }) {
  const hintId = 'cart-quantity-hint';
  return (
    <div className="table-wrap">
      <table className="cart-table">
        <caption className="visually-hidden">{text.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.product}</th>
            <th scope="col">{text.price}</th>
            <th scope="col">{text.quantity}</th>
            <th scope="col">{text.lineTotal}</th>
            <th scope="col">
              <span className="visually-hidden">{text.remove}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key} data-cart-line={line.key}>
              <th scope="row">
                {line.name}
                {line.size && <span className="cart-size"> {line.size}</span>}
                {line.unavailable && <span className="cart-unavailable">{text.unavailable}</span>}
              </th>
              <td>{formatCents(line.price)}</td>
              <td>
                <QuantityInput line={line} label={`${text.quantityOf} ${line.name}`} hintId={hintId} />
              </td>
              <td>{formatCents(line.price * line.quantity)}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-secondary cart-remove"
                  aria-label={`${text.removeOf} ${line.name}`}
                  onClick={() => updateCart((current) => removeLine(current, line.key))}
                >
                  {text.remove}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p id={hintId} className="field-hint">
        {text.quantityHint}
      </p>
    </div>
  );
}
