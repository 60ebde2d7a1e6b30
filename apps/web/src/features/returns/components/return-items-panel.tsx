import { returnMessages } from '@partsforge/shared/return-messages';
import type { Order } from '@partsforge/shared/orders';
import { RETURN_REASONS, type ReturnReasonValue } from '@partsforge/shared/returns';
import { useId, useState, type FormEvent } from 'react';
import { useCreateReturn } from '../api/create-return';

const text = returnMessages;

/**
 * The order page's "Return items" (docs/requirements.md §17 "Returns"), for the buyer of an order with shipped
 * units: a quantity and a reason per line that has units left to return (shipped less returned; Core return only on
 * lines with a core charge), an optional note, and "Ask for the return"; the server's refusal (409, e.g. past the
 * window or asked for in an open return) shows beside it.
 */
export function ReturnItemsPanel({ order }: { order: Order }) {
  const id = useId();
  const create = useCreateReturn();
  const [open, setOpen] = useState(false);
  const returnable = order.lines.filter((line) => line.shippedQuantity > line.returnedQuantity);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reasons, setReasons] = useState<Record<string, ReturnReasonValue>>({});
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (returnable.length === 0) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = returnable
      .map((line) => ({
        lineId: line._id,
        quantity: Number(quantities[line._id] ?? 0),
        reason: reasons[line._id] ?? 'defective',
      }))
      .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
    if (lines.length === 0) {
      setProblem(text.chooseUnits);
      return;
    }
    setProblem(null);
    create.mutate(
      { orderId: order._id, lines, ...(note.trim() ? { note } : {}) },
      {
        onSuccess: () => {
          setOpen(false);
          setQuantities({});
          setNote('');
        },
      },
    );
  };

  if (!open)
    return (
      <button type="button" className="btn btn-outline self-start" onClick={() => setOpen(true)}>
        {text.returnItems}
      </button>
    );
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-box border border-base-300 p-4">
      <h2 id={`${id}-heading`} className="mb-3 text-xl font-semibold">
        {text.formHeading(order.number)}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3">
        {returnable.map((line) => {
          const left = line.shippedQuantity - line.returnedQuantity;
          const reasons_ = RETURN_REASONS.filter((reason) => reason !== 'core' || line.coreCharge > 0);
          return (
            <fieldset key={line._id} className="flex flex-wrap items-center gap-3">
              <legend className="sr-only">{line.sku}</legend>
              <span className="min-w-48 flex-1">
                <span className="font-mono">{line.sku}</span> {line.name}
                <span className="block text-sm text-base-content/80">{text.returnable(left)}</span>
              </span>
              <input
                type="number"
                min={0}
                max={left}
                className="input input-bordered w-24"
                aria-label={text.quantityLabel(line.sku)}
                value={quantities[line._id] ?? ''}
                placeholder="0"
                onChange={(event) =>
                  setQuantities((current) => ({ ...current, [line._id]: event.target.value }))
                }
              />
              <select
                className="select select-bordered"
                aria-label={text.reasonLabel(line.sku)}
                value={reasons[line._id] ?? 'defective'}
                onChange={(event) =>
                  setReasons((current) => ({
                    ...current,
                    [line._id]: event.target.value as ReturnReasonValue,
                  }))
                }
              >
                {reasons_.map((reason) => (
                  <option key={reason} value={reason}>
                    {text.reasons[reason]}
                  </option>
                ))}
              </select>
            </fieldset>
          );
        })}
        <label className="flex flex-col gap-1">
          <span>{text.noteLabel}</span>
          <textarea
            className="textarea textarea-bordered"
            rows={2}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
        {problem || create.isError ? (
          <p role="alert" className="text-error">
            {problem ?? create.error?.message}
          </p>
        ) : null}
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {text.submit}
          </button>
          <button type="button" className="btn" onClick={() => setOpen(false)}>
            {text.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
