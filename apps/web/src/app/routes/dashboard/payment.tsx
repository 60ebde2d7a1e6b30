import { messages } from '@partsforge/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { ordersQueryKey } from '@/features/orders/api/get-my-orders';
import { useOrder } from '@/features/orders/api/get-order';
import { CardPaymentForm } from '@/features/payments/components/card-payment-form';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';

/**
 * /dashboard/payment/:id (any signed-in user; the server lets only the owner pay): pay one order by card. A paid
 * order offers no payment: it says it is paid, with its transaction id and a link back to My Orders.
 */
export function PaymentRoute() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const order = useOrder(id);
  const queryClient = useQueryClient();

  if (order.isPending) return <PageSpinner label={messages.common.loading} />;
  if (order.isError)
    return (
      <ContentLayout title={messages.dashboard.payment}>
        <ErrorMessage title={messages.orders.notFound} detail={order.error.message} />
      </ContentLayout>
    );

  const { data } = order;
  if (data.paid)
    return (
      <ContentLayout title={messages.payment.paidHeading(data.productName)}>
        <div className="flex max-w-lg flex-col gap-4">
          <p className="text-lg">
            {messages.orders.quantityLabel}: {data.quantity} · {messages.payment.paidAmount(data.totalPrice)}
          </p>
          <div role="status" className="alert alert-success flex flex-col items-start">
            <p className="font-semibold">
              {messages.payment.alreadyPaid}
              {data.status === 'shipped' ? (
                <span className="badge badge-info ml-2">{messages.orders.shipped}</span>
              ) : null}
            </p>
            <p className="break-all">{messages.payment.transactionId(data.transactionId ?? '')}</p>
          </div>
          <Link to={paths.dashboard.myOrders.href()} className="btn btn-primary self-start">
            {messages.payment.backToOrders}
          </Link>
        </div>
      </ContentLayout>
    );

  return (
    <ContentLayout title={messages.payment.heading(data.productName)}>
      <div className="flex max-w-lg flex-col gap-4">
        <p className="text-lg">
          {messages.orders.quantityLabel}: {data.quantity} · {messages.payment.amount(data.totalPrice)}
        </p>
        {data.status === 'cancelled' || data.status === 'expired' ? (
          <ErrorMessage title={messages.payment.notPayable}>
            <Link to={paths.dashboard.myOrders.href()} className="btn btn-sm mt-3">
              {messages.payment.backToOrders}
            </Link>
          </ErrorMessage>
        ) : (
          <CardPaymentForm
            order={data}
            billing={{ name: user?.name ?? data.customerName, email: user?.email ?? data.email }}
            onPaid={() =>
              void queryClient.invalidateQueries({ queryKey: ordersQueryKey, refetchType: 'none' })
            }
          />
        )}
      </div>
    </ContentLayout>
  );
}
