import type { CartLine } from '@partsforge/shared/cart';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import { useId } from 'react';
import { Link } from 'react-router';
import { unitPriceText } from '@/lib/net-price';
import { paths } from '@/lib/paths';
import { useRemoveCartLine } from '../api/remove-cart-line';
import type { LineEdit } from '../hooks/use-cart-edits';

interface CartLineRowProps {
  line: CartLine;
  /** The line's quantity field as typed and checked (useCartEdits). */
  edit: LineEdit;
  onQuantityChange: (text: string) => void;
}

/**
 * One cart line: picture, SKU, name (a link to the part), unit price at its quantity break, the quantity, the
 * line total and Remove. Under the field, tied to it (aria-describedby): why the quantity cannot be ordered (a
 * broken rule, a refused save, the server's `problem`), and whether the cart holds it yet ("Not saved: your cart
 * keeps 20.", "Not saved yet: saving 100…"). While the field shows a quantity the cart does not hold, the prices
 * say "Not priced yet" rather than those of the saved quantity.
 */
export function CartLineRow({ line, edit, onQuantityChange }: CartLineRowProps) {
  const remove = useRemoveCartLine();
  const inputId = useId();
  const reasonId = useId();
  const stateId = useId();
  const { reason, typed } = edit;
  const priced = typed === null;
  const state =
    typed === null
      ? null
      : edit.status === 'unsaved'
        ? messages.cart.savingQuantity(typed)
        : messages.cart.notSaved(line.quantity);

  return (
    <li className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-3 py-4 sm:grid-cols-[5rem_1fr_auto]">
      <div className="row-span-2 sm:row-span-1">
        {line.img ? (
          <img
            src={line.img}
            alt=""
            width={80}
            height={80}
            className="size-16 rounded-field bg-base-200 object-contain sm:size-20"
          />
        ) : null}
      </div>
      <div className="min-w-0">
        {line.sku ? <p className="font-mono text-sm text-base-content/70">{line.sku}</p> : null}
        <h3 className="font-semibold">
          {line.sku ? (
            <Link to={paths.purchase.href(line.partId)} className="link link-hover">
              {line.name}
            </Link>
          ) : (
            line.name
          )}
        </h3>
        <p className="text-sm">
          {messages.cart.unitPrice}:{' '}
          {priced && line.listUnitPrice !== undefined && line.listUnitPrice !== line.unitPrice ? (
            // A member's net price (docs/requirements.md §15), as one text of its own.
            <span>{unitPriceText(line.unitPrice, line.listUnitPrice)}</span>
          ) : priced ? (
            formatMoney(line.unitPrice)
          ) : (
            messages.cart.notPriced
          )}
        </p>
      </div>
      <div className="col-start-2 flex flex-wrap items-end gap-4 sm:col-start-3 sm:justify-end">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {messages.cart.quantity}
          </label>
          <input
            id={inputId}
            aria-label={messages.cart.quantityOf(line.name)}
            type="number"
            inputMode="numeric"
            min={line.minqty}
            step={line.packSize}
            max={line.available > 0 ? line.available : undefined}
            value={edit.text}
            aria-invalid={reason ? true : undefined}
            aria-describedby={`${reasonId} ${stateId}`}
            className={`input input-sm w-28 ${reason ? 'input-error' : ''}`}
            onChange={(event) => onQuantityChange(event.target.value)}
          />
        </div>
        <p className="min-w-24 text-right">
          <span className="block text-sm text-base-content/70">{messages.cart.lineTotal}</span>
          <span className={priced ? 'font-semibold' : 'text-sm text-base-content/80'}>
            {priced ? formatMoney(line.lineTotal) : messages.cart.notPriced}
          </span>
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error"
          aria-label={messages.cart.removeLine(line.name)}
          disabled={remove.isPending}
          onClick={() => remove.mutate(line.partId)}
        >
          {messages.cart.remove}
        </button>
      </div>
      <p
        id={reasonId}
        aria-live="polite"
        className="col-span-2 text-sm text-error empty:hidden sm:col-span-3"
      >
        {reason}
      </p>
      <p
        id={stateId}
        aria-live="polite"
        className="col-span-2 -mt-2 text-sm text-base-content/80 empty:hidden sm:col-span-3"
      >
        {state}
      </p>
    </li>
  );
}
