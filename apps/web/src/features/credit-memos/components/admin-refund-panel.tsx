import { creditMemoMessages } from '@partsforge/shared/credit-memo-messages';
import { formatMoney } from '@partsforge/shared/money';
import type { Order } from '@partsforge/shared/orders';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useCancelAndRefund, useRefundPartOfLine } from '../api/credit-memos';

const text = creditMemoMessages;

/**
 * The admin's refunds without a return on an order's page (docs/requirements.md §17 "Credit memos and refunds"):
 * "Cancel and refund" for a paid order nothing of which has shipped, and "Refund part of a line" (line, amount,
 * reason) for any paid order, each sent only after a confirmation. The server's refusals show beside each.
 */
export function AdminRefundPanel({ order }: { order: Order }) {
  const id = useId();
  const cancel = useCancelAndRefund();
  const refund = useRefundPartOfLine();
  const [confirming, setConfirming] = useState(false);
  const [confirmingRefund, setConfirmingRefund] = useState(false);
  const [lineId, setLineId] = useState(order.lines[0]?._id ?? '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const paid = order.paid && order.status !== 'cancelled';
  if (!paid) return null;
  const nothingShipped =
    order.status === 'pending' && order.lines.every((line) => line.shippedQuantity === 0);

  const line = order.lines.find((candidate) => candidate._id === lineId);
  const asked = amount === '' ? '' : formatMoney(Number(amount));

  // The form asks first; the refund is sent from the confirmation.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    refund.reset();
    setConfirmingRefund(true);
  };

  const sendRefund = () =>
    refund.mutate(
      { orderId: order._id, input: { lineId, amount: Number(amount), reason } },
      {
        onSuccess: (memo) => {
          setAmount('');
          setReason('');
          setDone(text.refunded(memo.number, formatMoney(memo.total)));
        },
        onSettled: () => setConfirmingRefund(false),
      },
    );

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {text.refundPartTitle}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <label className="flex flex-col gap-1">
          <span>{text.lineLabel}</span>
          <select
            className="select select-bordered"
            value={lineId}
            onChange={(event) => setLineId(event.target.value)}
          >
            {order.lines.map((line) => (
              <option key={line._id} value={line._id}>
                {line.sku} {line.name} ({formatMoney(line.lineTotal)})
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span>{text.amountLabel}</span>
          <input
            type="number"
            min={0.01}
            step="any"
            required
            className="input input-bordered w-40"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span>{text.reasonLabel}</span>
          <input
            className="input input-bordered"
            required
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        {refund.isError ? (
          <p role="alert" className="text-error">
            {refund.error.message}
          </p>
        ) : null}
        {done ? <p role="status">{done}</p> : null}
        <button type="submit" className="btn btn-primary self-start" disabled={refund.isPending}>
          {text.refund}
        </button>
      </form>
      {nothingShipped ? (
        <div className="flex flex-col gap-2">
          <button type="button" className="btn btn-error self-start" onClick={() => setConfirming(true)}>
            {text.cancelAndRefund}
          </button>
          {cancel.isError ? (
            <p role="alert" className="text-error">
              {cancel.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
      {cancel.isSuccess ? <p role="status">{text.cancelled(cancel.data.number)}</p> : null}
      <ConfirmDialog
        open={confirmingRefund}
        title={text.refundPartTitle}
        confirmLabel={text.refundConfirmYes(asked)}
        cancelLabel={text.keepRefund}
        busy={refund.isPending}
        onCancel={() => setConfirmingRefund(false)}
        onConfirm={sendRefund}
      >
        {text.refundConfirm(asked, line ? `${line.sku} ${line.name}` : '', order.number)}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming}
        title={text.cancelAndRefund}
        confirmLabel={text.cancelConfirmYes}
        cancelLabel={text.keepOrder}
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(order._id, {
            onSettled: () => setConfirming(false),
          })
        }
      >
        {text.cancelConfirm(order.number, formatMoney(order.total))}
      </ConfirmDialog>
    </section>
  );
}
