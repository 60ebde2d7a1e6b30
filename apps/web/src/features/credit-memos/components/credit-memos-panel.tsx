import { creditMemoMessages } from '@partsforge/shared/credit-memo-messages';
import { formatMoney } from '@partsforge/shared/money';
import type { Order } from '@partsforge/shared/orders';
import { useId } from 'react';
import { Spinner } from '@/components/spinner';
import { formatDate } from '@/lib/format-date';
import { useCreditMemos, useDownloadCreditMemo } from '../api/credit-memos';

const text = creditMemoMessages;

/**
 * An order's refunded amount and credit memos (docs/requirements.md §17 "Credit memos and refunds"): each memo's
 * number, kind, date, total and how it was settled, with its PDF for admins (any memo) and the buyer (a return's).
 */
export function CreditMemosPanel({ order, admin }: { order: Order; admin: boolean }) {
  const id = useId();
  const memos = useCreditMemos(order._id);
  const download = useDownloadCreditMemo();
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-box border border-base-300 p-4">
      <h2 id={`${id}-heading`} className="mb-3 text-xl font-semibold">
        {text.heading}
      </h2>
      {order.refundedAmount !== null ? (
        <p className="mb-3 font-semibold">{text.refundedAmount(formatMoney(order.refundedAmount))}</p>
      ) : null}
      {memos.isPending ? (
        <p role="status" aria-label={text.loading}>
          <Spinner size="sm" />
        </p>
      ) : memos.isError ? (
        <p role="alert" className="text-error">
          {text.loadFailed}
        </p>
      ) : memos.data.length === 0 ? (
        <p>{text.none}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {memos.data.map((memo) => (
            <li key={memo._id} className="flex flex-wrap items-center gap-3">
              <span className="font-mono">{memo.number}</span>
              <span>{text.kinds[memo.kind]}</span>
              <span>{formatDate(memo.createdAt)}</span>
              <span className="font-semibold">{formatMoney(memo.total)}</span>
              <span className="text-sm">
                {memo.settlement === 'account'
                  ? text.creditedToAccount
                  : memo.refundId
                    ? text.refundedToCard
                    : text.refundPending}
              </span>
              {admin || memo.returnId !== null ? (
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  disabled={download.isPending}
                  onClick={() => download.mutate({ memo, admin })}
                >
                  {text.downloadPdf(memo.number)}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {download.isError ? (
        <p role="alert" className="text-error">
          {download.error.message}
        </p>
      ) : null}
    </section>
  );
}
