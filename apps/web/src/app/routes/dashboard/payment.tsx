import { messages } from '@partsforge/shared/messages';
import type { Order } from '@partsforge/shared/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { ordersQueryKey } from '@/features/orders/api/get-my-orders';
import { useOrder } from '@/features/orders/api/get-order';
import { DownloadInvoiceButton } from '@/features/orders/components/download-invoice-button';
import { orderNaming } from '@/features/orders/order-naming';
import { CardPaymentForm } from '@/features/payments/components/card-payment-form';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';

/** What a paid order offers next: its page ("View order PF-100001"), its invoice, and My Orders. */
function PaidOrderLinks({ order }: { order: Order }) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      <Link to={paths.dashboard.order.href(order._id)} className="btn btn-primary">
        {messages.payment.viewOrder(order.number)}
      </Link>
      <DownloadInvoiceButton orderId={order._id} />
      <Link to={paths.dashboard.myOrders.href()} className="btn btn-ghost">
        {messages.payment.backToOrders}
      </Link>
    </div>
  );
}

/**
 * /dashboard/payment/:id (any signed-in user; the server lets only the owner pay): pay one order by card. The
 * order is named by its number, PO number, line count and total ("Pay order PF-100001 (PO PO-7781): 3 lines,
 * $4,177.00"). Once paid (here or before), it links to the order's page, its invoice and My Orders; a paid order
 * offers no payment: it says it is paid, with its transaction id.
 */
export function PaymentRoute() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const order = useOrder(id);
  const queryClient = useQueryClient();
  const [paidHere, setPaidHere] = useState(false);

  if (order.isPending) return <PageSpinner label={messages.common.loading} />;
  if (order.isError)
    return (
      <ContentLayout title={messages.dashboard.payment}>
        <ErrorMessage title={messages.orders.notFound} detail={order.error.message} />
      </ContentLayout>
    );

  const { data } = order;
  if (data.paid && !paidHere)
    return (
      <ContentLayout title={messages.payment.paidHeading(orderNaming(data))}>
        <div className="flex max-w-lg flex-col gap-4">
          <p className="text-lg">{messages.payment.paidAmount(data.total)}</p>
          <div role="status" className="alert alert-success flex flex-col items-start">
            <p className="font-semibold">
              {messages.payment.alreadyPaid}
              {data.status === 'shipped' ? (
                <span className="badge badge-info ml-2">{messages.orders.shipped}</span>
              ) : null}
            </p>
            <p className="break-all">{messages.payment.transactionId(data.transactionId ?? '')}</p>
          </div>
          <PaidOrderLinks order={data} />
        </div>
      </ContentLayout>
    );

  return (
    <ContentLayout title={messages.payment.heading(orderNaming(data))}>
      <div className="flex max-w-lg flex-col gap-4">
        <p className="text-lg">{messages.payment.amount(data.total)}</p>
        {data.status === 'cancelled' || data.status === 'expired' ? (
          <ErrorMessage title={messages.payment.notPayable}>
            <Link to={paths.dashboard.myOrders.href()} className="btn btn-sm mt-3">
              {messages.payment.backToOrders}
            </Link>
          </ErrorMessage>
        ) : (
          <>
            <CardPaymentForm
              order={data}
              billing={{ name: user?.name ?? data.customerName, email: user?.email ?? data.email }}
              onPaid={() => {
                setPaidHere(true);
                void queryClient.invalidateQueries({ queryKey: ordersQueryKey, refetchType: 'none' });
              }}
            />
            {paidHere ? <PaidOrderLinks order={data} /> : null}
          </>
        )}
      </div>
    </ContentLayout>
  );
}
