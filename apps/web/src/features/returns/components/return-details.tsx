import { returnMessages } from '@partsforge/shared/return-messages';
import { formatMoney } from '@partsforge/shared/money';
import type { Return } from '@partsforge/shared/returns';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { useDownloadReturnCreditMemo } from '../api/download-credit-memo';
import { ReturnStatusBadge } from './return-status-badge';

const text = returnMessages;

/**
 * One return in full (docs/requirements.md §17 "Returns"): status, order, when asked, the lines (units asked, reason,
 * units received and their condition), the buyer's note, the rejection's reason, where to send the parts once
 * approved, and the credit memo once credited, with its PDF to download (fetched with the access token: a plain link
 * would carry none).
 */
export function ReturnDetails({ item }: { item: Return }) {
  const download = useDownloadReturnCreditMemo();
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">{text.status}</dt>
        <dd>
          <ReturnStatusBadge status={item.status} />
        </dd>
        <dt className="font-semibold">{text.order}</dt>
        <dd>
          <Link to={paths.dashboard.order.href(item.orderId)} className="link link-primary font-mono">
            {item.orderNumber}
          </Link>
        </dd>
        <dt className="font-semibold">{text.created}</dt>
        <dd>
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </dd>
      </dl>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table">
          <caption className="sr-only">{text.linesCaption}</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">{text.sku}</th>
              <th scope="col">{text.part}</th>
              <th scope="col">{text.quantity}</th>
              <th scope="col">{text.reason}</th>
              <th scope="col">{text.received}</th>
              <th scope="col">{text.condition}</th>
            </tr>
          </thead>
          <tbody>
            {item.lines.map((line) => (
              <tr key={line.lineId}>
                <th scope="row" className="font-mono">
                  {line.sku}
                </th>
                <td>{line.name}</td>
                <td className="tabular-nums">{line.quantity}</td>
                <td>{text.reasons[line.reason]}</td>
                <td className="tabular-nums">{line.receivedQuantity}</td>
                <td>{line.condition ? text.conditions[line.condition] : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {item.note ? <p className="whitespace-pre-line">{item.note}</p> : null}
      {item.rejectReason ? <p className="text-error">{text.rejectedBecause(item.rejectReason)}</p> : null}
      {item.sendTo ? (
        <div>
          <h3 className="font-semibold">{text.sendTo}</h3>
          <address className="not-italic">
            {item.sendTo.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </address>
        </div>
      ) : null}
      {item.creditMemo ? (
        <div className="flex flex-col items-start gap-2">
          <p className="font-semibold">
            {text.creditMemo(item.creditMemo.number, formatMoney(item.creditMemo.total))}
          </p>
          <button
            type="button"
            className="btn btn-primary btn-outline"
            aria-busy={download.isPending}
            disabled={download.isPending}
            onClick={() => download.mutate({ returnId: item._id, number: item.creditMemo!.number })}
          >
            {download.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            {download.isPending ? text.downloadingCreditMemo : text.downloadCreditMemo}
          </button>
          {download.isError ? (
            <p role="alert" className="text-error">
              {text.downloadCreditMemoFailed} {download.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
