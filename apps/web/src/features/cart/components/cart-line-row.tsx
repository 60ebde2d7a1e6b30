import type { CartLine } from '@partsforge/shared/cart';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useRemoveCartLine } from '../api/remove-cart-line';
import { useSetCartLine } from '../api/set-cart-line';
import { quantityReason } from '../quantity-reason';

/** How long the quantity must stay unchanged before it is saved, in milliseconds. */
export const SAVE_DELAY_MS = 400;

/**
 * One cart line: picture, SKU, name (a link to the part), unit price at its quantity break, the quantity, the
 * line total and Remove. The quantity is checked as the buyer types (the shared quantity rules) with the reason
 * on the line, and saved once it is valid and has stayed unchanged for SAVE_DELAY_MS; a refused save and the
 * server's `problem` (stock fell, terms changed) show there too.
 */
export function CartLineRow({ line }: { line: CartLine }) {
  /**
   * What the buyer typed, from the first keystroke until it is saved; null shows the line's quantity as it is now
   * (so a change from elsewhere, another tab or a refetch, shows and is never overwritten by a stale value).
   */
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(line.quantity);
  const [saveError, setSaveError] = useState<string | null>(null);
  const { mutate: save } = useSetCartLine();
  const remove = useRemoveCartLine();
  const inputId = useId();
  const reasonId = useId();

  const quantity = text.trim() === '' ? Number.NaN : Number(text);
  const typedReason = quantityReason(quantity, line);
  const unchanged = quantity === line.quantity;

  const editing = draft !== null;
  useEffect(() => {
    if (!editing || typedReason !== null || unchanged) return;
    const timer = setTimeout(() => {
      save(
        { partId: line.partId, quantity },
        {
          onSuccess: () => {
            setSaveError(null);
            setDraft(null);
          },
          onError: (error) => setSaveError(error.message),
        },
      );
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [editing, typedReason, unchanged, quantity, line.partId, save]);

  const reason = typedReason ?? saveError ?? (unchanged ? line.problem : null);

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
          {messages.cart.unitPrice}: {formatMoney(line.unitPrice)}
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
            value={text}
            aria-invalid={reason ? true : undefined}
            aria-describedby={reasonId}
            className={`input input-sm w-28 ${reason ? 'input-error' : ''}`}
            onChange={(event) => {
              setDraft(event.target.value);
              setSaveError(null);
            }}
          />
        </div>
        <p className="min-w-24 text-right">
          <span className="block text-sm text-base-content/70">{messages.cart.lineTotal}</span>
          <span className="font-semibold">{formatMoney(line.lineTotal)}</span>
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
    </li>
  );
}
