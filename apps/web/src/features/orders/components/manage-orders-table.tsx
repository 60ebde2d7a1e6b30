import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import type { Order } from '@partsforge/shared/orders';
import { useState } from 'react';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { PagedTable } from '@/components/paged-table';
import { PastLastPage } from '@/components/past-last-page';
import { formatDate } from '@/lib/format-date';
import { narrowsOrders, type AdminOrderFilters } from '../admin-order-filters';
import { useAllOrders } from '../api/get-all-orders';
import { useShipOrder } from '../api/ship-order';
import { OrderNumberCell } from './order-number-cell';
import { OrderStatusBadge } from './order-status-badge';
import { ShipOrderDialog } from './ship-order-dialog';

/** Orders per page of Manage All Orders. */
export const ALL_ORDERS_PAGE_SIZE = 20;

interface ManageOrdersTableProps {
  adminEmail: string;
  /** The search, filters and order (kept in the URL by the route). */
  filters: AdminOrderFilters;
  /** Current page, 1-based (kept in the URL by the route). */
  page: number;
  hrefFor: (page: number) => string;
}

/**
 * Manage All Orders (docs/requirements.md §4, §11 and §13, docs/design.md item 4): the orders `filters` match,
 * each with its number (a link to its page), customer, date and total. A paid order shows a Pending button that
 * ships it (saved on the server, with the carrier and tracking number when given) after a confirmation, since
 * shipping cannot be undone; then Shipped, with the carrier and tracking number. Other orders show their status
 * (Unpaid, Cancelled, Expired: docs/decisions/012), with any refund of a payment that came too late. Paged;
 * "No orders match" when the filters find nothing.
 */
export function ManageOrdersTable({ adminEmail, filters, page, hrefFor }: ManageOrdersTableProps) {
  const orders = useAllOrders(
    adminEmail,
    { limit: ALL_ORDERS_PAGE_SIZE, offset: (page - 1) * ALL_ORDERS_PAGE_SIZE },
    filters,
  );
  const shipOrder = useShipOrder();
  const [toShip, setToShip] = useState<Order | null>(null);

  if (orders.isPending) return <PageSpinner label={messages.common.loading} />;
  if (orders.isError)
    return <ErrorMessage title={messages.orders.loadFailed} detail={orders.error.message} />;

  const list = orders.data.data;
  const total = orders.data.total ?? list.length;
  if (list.length === 0) {
    if (total > 0) return <PastLastPage page={page} firstPage={hrefFor(1)} />;
    if (!narrowsOrders(filters)) return <p>{messages.orders.empty}</p>;
    return (
      <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
        <p className="text-lg font-semibold">{messages.orders.noMatch}</p>
        <p className="mt-1 text-sm text-base-content/80">{messages.orders.noMatchHint}</p>
      </div>
    );
  }

  const statusCell = (order: Order) => {
    if (order.status !== 'pending')
      return (
        <div className="flex flex-col items-start gap-1">
          <OrderStatusBadge status={order.status} />
          {order.carrier ? (
            <span className="text-sm">{messages.orders.carrierValue(order.carrier)}</span>
          ) : null}
          {order.trackingNumber ? (
            <span className="text-sm break-all">
              {messages.orders.trackingNumberValue(order.trackingNumber)}
            </span>
          ) : null}
          {order.refundedAmount !== null ? (
            <span className="text-sm">{messages.orders.refundedLabel(order.refundedAmount)}</span>
          ) : null}
        </div>
      );
    return (
      <button
        type="button"
        className="btn btn-warning btn-sm"
        aria-label={`${messages.orders.pending}: ${order.productName}, ${order.email}`}
        disabled={shipOrder.isPending}
        onClick={() => setToShip(order)}
      >
        {messages.orders.pending}
      </button>
    );
  };

  return (
    <>
      <PagedTable
        columns={[
          messages.cart.order,
          messages.orders.customer,
          messages.cart.date,
          messages.orders.totalPrice,
          messages.orders.status,
        ]}
        page={page}
        pageCount={Math.ceil(total / ALL_ORDERS_PAGE_SIZE)}
        hrefFor={hrefFor}
      >
        {list.map((order, index) => (
          <tr key={order._id}>
            <td>{(page - 1) * ALL_ORDERS_PAGE_SIZE + index + 1}</td>
            <OrderNumberCell order={order} />
            <td>
              <div>{order.customerName}</div>
              <div className="text-sm break-all text-base-content/80">{order.email}</div>
            </td>
            <td className="whitespace-nowrap">
              <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
            </td>
            <td>{formatMoney(order.totalPrice)}</td>
            <td>{statusCell(order)}</td>
          </tr>
        ))}
      </PagedTable>
      <ShipOrderDialog
        order={toShip}
        busy={shipOrder.isPending}
        onCancel={() => setToShip(null)}
        onConfirm={(shipment) => {
          if (toShip) shipOrder.mutate({ id: toShip._id, shipment }, { onSettled: () => setToShip(null) });
        }}
      />
    </>
  );
}
