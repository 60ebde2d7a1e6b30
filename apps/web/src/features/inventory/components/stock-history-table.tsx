import { messages } from '@partsforge/shared/messages';
import { STOCK_HISTORY_DEFAULT_PAGE_SIZE, type StockMovement } from '@partsforge/shared/stock';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '@/components/error-message';
import { Spinner } from '@/components/spinner';
import { formatDateTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { useStockMovements } from '../api/get-stock-movements';

const text = messages.stock;
const COLUMNS = [text.date, text.change, text.level, text.reason, text.order, text.by, text.note] as const;
const signed = new Intl.NumberFormat('en-US', { signDisplay: 'always' });

/** One movement: when, the signed change, the level after it, why, the order (a link to its page), who, the note. */
function StockMovementRow({ movement }: { movement: StockMovement }) {
  return (
    <tr>
      <td className="whitespace-nowrap">
        <time dateTime={movement.at}>{formatDateTime(movement.at)}</time>
      </td>
      <td className={`font-mono ${movement.change < 0 ? 'text-error' : 'text-success'}`}>
        {signed.format(movement.change)}
      </td>
      <td className="font-mono">{movement.levelAfter.toLocaleString('en-US')}</td>
      <td>{text.reasons[movement.reason]}</td>
      <td className="whitespace-nowrap">
        {movement.orderId ? (
          <Link to={paths.dashboard.order.href(movement.orderId)} className="link link-primary font-mono">
            {movement.orderNumber ?? movement.orderId}
          </Link>
        ) : (
          text.none
        )}
      </td>
      <td>{movement.userName ?? text.none}</td>
      <td className="min-w-40">{movement.note ?? text.none}</td>
    </tr>
  );
}

/**
 * A part's Stock history (docs/requirements.md §13): its movements, newest first, a page at a time with Previous
 * and Next; loading, empty and failed states of their own. The page on screen stays while the next one loads.
 */
export function StockHistoryTable({ partId }: { partId: string }) {
  const [page, setPage] = useState(1);
  const history = useStockMovements(partId, { page, pageSize: STOCK_HISTORY_DEFAULT_PAGE_SIZE });
  if (history.isPending)
    return (
      <div role="status" aria-label={text.loading} className="flex justify-center p-4">
        <Spinner />
      </div>
    );
  if (history.isError)
    return (
      <ErrorMessage title={text.loadFailed} detail={history.error.message}>
        <button type="button" className="btn btn-sm mt-3" onClick={() => void history.refetch()}>
          {messages.common.tryAgain}
        </button>
      </ErrorMessage>
    );
  const { items, total, pageSize } = history.data;
  if (total === 0) return <p className="text-base-content/70">{text.empty}</p>;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const shown = Math.min(history.data.page, pages);
  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table" aria-busy={history.isPlaceholderData}>
          <caption className="sr-only">{text.historyCaption}</caption>
          <thead className="text-base-content">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((movement) => (
              <StockMovementRow key={movement.id} movement={movement} />
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label={text.pagesLabel} className="mt-4 flex flex-wrap items-center justify-center gap-3">
          <button
            type="button"
            className="btn btn-sm"
            disabled={shown <= 1 || history.isPlaceholderData}
            onClick={() => setPage(shown - 1)}
          >
            {messages.pagination.previous}
          </button>
          <p className="text-sm text-base-content/70" aria-live="polite">
            {messages.pagination.pageOf(shown, pages)}
          </p>
          <button
            type="button"
            className="btn btn-sm"
            disabled={shown >= pages || history.isPlaceholderData}
            onClick={() => setPage(shown + 1)}
          >
            {messages.pagination.next}
          </button>
        </nav>
      ) : null}
    </>
  );
}
