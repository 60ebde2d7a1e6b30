import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import type { Order } from '@partsforge/shared/orders';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { PagedTable } from '@/components/paged-table';
import { PastLastPage } from '@/components/past-last-page';
import { ApiError } from '@/lib/api-client';
import { useSignOut } from '@/lib/auth/use-session';
import { formatDate } from '@/lib/format-date';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { orderNaming } from '../order-naming';
import { paths } from '@/lib/paths';
import { OrderNumberCell } from './order-number-cell';
import { OrderStatusBadge } from './order-status-badge';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/** Orders per page of My Orders. */
export const MY_ORDERS_PAGE_SIZE = 20;

interface MyOrdersTableProps {
  email: string;
  /** Current page, 1-based (kept in the URL by the route). */
  page: number;
  hrefFor: (page: number) => string;
  /** The customer owns or manages their company: they pay and cancel any of its orders, not only their own. */
  managesCompany?: boolean;
}

/**
 * My Orders (docs/requirements.md §2, §4 and §11): each order's number (a link to its page), date, who placed it
 * (a company's orders: docs/requirements.md §14 "Company accounts"), number of lines,
 * total and status (Unpaid, Paid, Shipped, Cancelled, Expired, with any refund); paid orders show the
 * transaction id; unpaid ones Pay (to the payment page) and Cancel after a confirmation, an order awaiting approval
 * Cancel only (a company's orders: only to whoever placed it and the company's owners and managers). A 401 or 403
 * on this call signs the user out and goes to /.
 */
export function MyOrdersTable({ email, page, hrefFor, managesCompany = false }: MyOrdersTableProps) {
  const offset = (page - 1) * MY_ORDERS_PAGE_SIZE;
  const orders = useMyOrders(email, { limit: MY_ORDERS_PAGE_SIZE, offset });
  const cancelOrder = useCancelOrder();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const signOut = useSignOut();
  const navigate = useNavigate();

  const denied =
    orders.error instanceof ApiError && (orders.error.status === 401 || orders.error.status === 403);
  useEffect(() => {
    if (denied) void signOut().then(() => navigate(paths.home.href(), { replace: true }));
  }, [denied, signOut, navigate]);

  if (orders.isPending || denied) return <PageSpinner label={messages.common.loading} />;
  if (orders.isError)
    return <ErrorMessage title={messages.orders.loadFailed} detail={orders.error.message} />;

  const list = orders.data.data;
  const total = orders.data.total ?? list.length;
  if (list.length === 0)
    return total > 0 ? <PastLastPage page={page} firstPage={hrefFor(1)} /> : <p>{messages.orders.empty}</p>;
  // A company's orders say who placed each (docs/requirements.md §14 "Company accounts").
  const placedBy = list.some((order) => order.company !== null);
  const mayAct = (order: Order) =>
    order.company === null || managesCompany || order.placedBy.email.toLowerCase() === email.toLowerCase();
  const cancelButton = (order: Order) => (
    <button
      type="button"
      className="btn btn-error btn-outline btn-sm"
      aria-label={`${messages.orders.cancel}: ${order.productName}`}
      onClick={() => setToCancel(order)}
    >
      {messages.orders.cancel}
    </button>
  );

  return (
    <>
      <PagedTable
        columns={[
          messages.cart.order,
          messages.cart.date,
          ...(placedBy ? [companyPageMessages.placedBy] : []),
          messages.cart.lines,
          messages.orders.totalPrice,
          messages.orders.status,
          messages.orders.actions,
        ]}
        page={page}
        pageCount={Math.ceil(total / MY_ORDERS_PAGE_SIZE)}
        hrefFor={hrefFor}
      >
        {list.map((order, index) => (
          <tr key={order._id}>
            <td>{offset + index + 1}</td>
            <OrderNumberCell order={order} />
            <td className="whitespace-nowrap">
              <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
            </td>
            {placedBy ? <td>{order.company ? order.placedBy.name : null}</td> : null}
            <td>{order.lines.length}</td>
            <td>{formatMoney(order.totalPrice)}</td>
            <td>
              <div className="flex flex-col items-start gap-1">
                <OrderStatusBadge status={order.status} />
                {order.refundedAmount !== null ? (
                  <span className="text-sm">{messages.orders.refundedLabel(order.refundedAmount)}</span>
                ) : null}
              </div>
            </td>
            <td>
              {order.status === 'unpaid' && mayAct(order) && order.paymentMethod !== 'account' ? (
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={paths.dashboard.payment.href(order._id)}
                    className="btn btn-primary btn-sm"
                    aria-label={`${messages.payment.pay}: ${order.productName}`}
                  >
                    {messages.payment.pay}
                  </Link>
                  {cancelButton(order)}
                </div>
              ) : order.status === 'awaiting-approval' && mayAct(order) ? (
                cancelButton(order)
              ) : order.paid && order.transactionId ? (
                <span className="text-sm break-all">{messages.orders.transaction(order.transactionId)}</span>
              ) : order.paymentMethod === 'account' ? (
                // On the company's account (docs/requirements.md §15): its invoice, due date and balance.
                <span className="flex flex-col text-sm">
                  <span className="font-medium">{messages.tradeTermsPages.onAccount}</span>
                  {order.invoice ? (
                    <span>
                      {`${messages.tradeTermsPages.invoice} ${order.invoice.number}`}
                      {order.invoice.dueAt
                        ? ` · ${messages.tradeTermsPages.invoiceDue} ${formatDate(order.invoice.dueAt)}`
                        : ''}
                      {` · ${messages.tradeTermsPages.invoiceBalance} ${formatMoney(order.invoice.balance)}`}
                    </span>
                  ) : null}
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </PagedTable>
      <ConfirmDialog
        open={toCancel !== null}
        title={toCancel ? messages.orders.confirmCancelTitle(toCancel.number) : ''}
        confirmLabel={messages.orders.cancelOrder}
        cancelLabel={messages.orders.keepOrder}
        busy={cancelOrder.isPending}
        onCancel={() => setToCancel(null)}
        onConfirm={() => {
          if (toCancel) cancelOrder.mutate(toCancel, { onSettled: () => setToCancel(null) });
        }}
      >
        {toCancel ? <p>{messages.orders.confirmCancelText(orderNaming(toCancel))}</p> : null}
      </ConfirmDialog>
    </>
  );
}
