import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { PagedTable } from '@/components/paged-table';
import { PastLastPage } from '@/components/past-last-page';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { useApprovals } from '../api/approvals';
import { ApprovalActions } from './approval-actions';
import { OrderNumberCell } from './order-number-cell';
import { PlacedByCell } from './placed-by-cell';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/** Orders per page of Approvals. */
export const APPROVALS_PAGE_SIZE = 20;

const text = companyPageMessages;

interface ApprovalsTableProps {
  /** Current page, 1-based (kept in the URL by the route). */
  page: number;
  hrefFor: (page: number) => string;
}

/**
 * The company's orders awaiting approval (owners and managers; docs/requirements.md §14 "Company accounts"): number,
 * who placed it, total, when it was placed and when it expires, with Approve and Reject; "No orders are waiting for
 * approval." when there are none.
 */
export function ApprovalsTable({ page, hrefFor }: ApprovalsTableProps) {
  const offset = (page - 1) * APPROVALS_PAGE_SIZE;
  const approvals = useApprovals({ limit: APPROVALS_PAGE_SIZE, offset });

  if (approvals.isPending) return <PageSpinner label={messages.common.loading} />;
  if (approvals.isError)
    return <ErrorMessage title={text.approvalsLoadFailed} detail={approvals.error.message} />;

  const list = approvals.data.data;
  const total = approvals.data.total ?? list.length;
  if (list.length === 0)
    return total > 0 ? <PastLastPage page={page} firstPage={hrefFor(1)} /> : <p>{text.noApprovals}</p>;

  return (
    <PagedTable
      columns={[text.order, text.placedBy, text.total, text.placedAt, text.approvalExpires, text.actions]}
      page={page}
      pageCount={Math.ceil(total / APPROVALS_PAGE_SIZE)}
      hrefFor={hrefFor}
    >
      {list.map((order, index) => (
        <tr key={order._id}>
          <td>{offset + index + 1}</td>
          <OrderNumberCell order={order} />
          <PlacedByCell order={order} />
          <td className="whitespace-nowrap tabular-nums">{formatMoney(order.total)}</td>
          <td className="whitespace-nowrap">
            <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </td>
          <td className="whitespace-nowrap">
            {order.approvalExpiresAt ? (
              <time dateTime={order.approvalExpiresAt}>{formatDateTime(order.approvalExpiresAt)}</time>
            ) : null}
          </td>
          <td>
            <ApprovalActions order={order} />
          </td>
        </tr>
      ))}
    </PagedTable>
  );
}
