import { returnMessages } from '@partsforge/shared/return-messages';
import { formatMoney } from '@partsforge/shared/money';
import type { Return } from '@partsforge/shared/returns';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '@/components/paged-table';
import { formatDate } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { ReturnStatusBadge } from './return-status-badge';

const text = returnMessages;

/** Returns per page of My Returns and Manage Returns. */
export const RETURNS_PAGE_SIZE = 20;

interface ReturnsTableProps {
  items: readonly Return[];
  /** The first row's offset in the whole list. */
  offset: number;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** Admins' lists: the customer column, and each row's actions (Approve, Reject, Receive). */
  actions?: (item: Return) => ReactNode;
}

/**
 * A page of returns (docs/requirements.md §17 "Returns"): RMA number (a link to the return's page for buyers), order,
 * status, when asked, units, the credit; for admins the customer and the actions too.
 */
export function ReturnsTable({ items, offset, page, pageCount, hrefFor, actions }: ReturnsTableProps) {
  const columns = [
    text.number,
    text.order,
    ...(actions ? [text.customer] : []),
    text.status,
    text.created,
    text.units,
    text.credit,
    ...(actions ? [text.actions] : []),
  ];
  return (
    <PagedTable label={text.caption} columns={columns} page={page} pageCount={pageCount} hrefFor={hrefFor}>
      {items.map((item, index) => (
        <tr key={item._id}>
          <td>{offset + index + 1}</td>
          <th scope="row" className="font-mono font-medium">
            {actions ? (
              item.number
            ) : (
              <Link
                to={paths.dashboard.returnDetail.href(item._id)}
                className="link link-primary"
                aria-label={text.view(item.number)}
              >
                {item.number}
              </Link>
            )}
          </th>
          <td>
            <Link to={paths.dashboard.order.href(item.orderId)} className="link font-mono">
              {item.orderNumber}
            </Link>
          </td>
          {actions ? (
            <td>
              {item.customer.name}
              <div className="text-sm text-base-content/80">{item.customer.email}</div>
            </td>
          ) : null}
          <td>
            <ReturnStatusBadge status={item.status} />
          </td>
          <td className="whitespace-nowrap">
            <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
          </td>
          <td>
            <ul>
              {item.lines.map((line) => (
                <li key={line.lineId}>
                  <span className="font-mono">{line.sku}</span> × {line.quantity} ({text.reasons[line.reason]}
                  )
                </li>
              ))}
            </ul>
          </td>
          <td className="whitespace-nowrap tabular-nums">
            {item.creditMemo ? `${item.creditMemo.number} ${formatMoney(item.creditMemo.total)}` : '—'}
          </td>
          {actions ? <td>{actions(item)}</td> : null}
        </tr>
      ))}
    </PagedTable>
  );
}
