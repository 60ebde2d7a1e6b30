import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { PagedTable } from '@/components/paged-table';
import { PastLastPage } from '@/components/past-last-page';
import { formatDate } from '@/lib/format-date';
import { DEFAULT_ORDER_FILTERS } from '../admin-order-filters';
import { useAllOrders } from '../api/get-all-orders';
import { ALL_ORDERS_PAGE_SIZE } from './manage-orders-table';
import { OrderNumberCell } from './order-number-cell';
import { PlacedByCell } from './placed-by-cell';
import { OrderStatusBadge } from './order-status-badge';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

interface CompanyOrdersTableProps {
  /** The signed-in admin's email (the admin order list's route holds it). */
  adminEmail: string;
  companyId: string;
  /** Current page, 1-based (kept in the URL by the route). */
  page: number;
  hrefFor: (page: number) => string;
}

/**
 * One company's orders for admins (docs/requirements.md §14 "Company accounts"): Manage All Orders' list with its
 * `companyId` filter, newest first (every order but cancelled ones, as that list by default), each with its number
 * (a link to its page), who placed it, date, total and status. Paged; "No orders yet." when there are none.
 */
export function CompanyOrdersTable({ adminEmail, companyId, page, hrefFor }: CompanyOrdersTableProps) {
  const offset = (page - 1) * ALL_ORDERS_PAGE_SIZE;
  const orders = useAllOrders(
    adminEmail,
    { limit: ALL_ORDERS_PAGE_SIZE, offset },
    { ...DEFAULT_ORDER_FILTERS, companyId },
  );

  if (orders.isPending) return <PageSpinner label={messages.common.loading} />;
  if (orders.isError)
    return <ErrorMessage title={messages.orders.loadFailed} detail={orders.error.message} />;

  const list = orders.data.data;
  const total = orders.data.total ?? list.length;
  if (list.length === 0)
    return total > 0 ? <PastLastPage page={page} firstPage={hrefFor(1)} /> : <p>{text.ordersEmpty}</p>;

  return (
    <PagedTable
      label={text.ordersCaption}
      columns={[text.order, text.placedBy, messages.cart.date, text.total, messages.orders.status]}
      page={page}
      pageCount={Math.ceil(total / ALL_ORDERS_PAGE_SIZE)}
      hrefFor={hrefFor}
    >
      {list.map((order, index) => (
        <tr key={order._id}>
          <td>{offset + index + 1}</td>
          <OrderNumberCell order={order} />
          <PlacedByCell order={order} />
          <td className="whitespace-nowrap">
            <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </td>
          <td className="whitespace-nowrap tabular-nums">{formatMoney(order.total)}</td>
          <td>
            <OrderStatusBadge status={order.status} />
          </td>
        </tr>
      ))}
    </PagedTable>
  );
}
