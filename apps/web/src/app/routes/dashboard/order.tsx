import { messages } from '@partsforge/shared/messages';
import { useParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { ReorderPanel } from '@/features/cart/components/reorder-panel';
import { useOrder } from '@/features/orders/api/get-order';
import { OrderDetails } from '@/features/orders/components/order-details';
import { useSession } from '@/lib/auth/use-session';

/**
 * /dashboard/orders/:id (the customer who placed it, or an admin; the server checks): one order in full, and for
 * the customer, Reorder.
 */
export function OrderRoute() {
  const { id = '' } = useParams();
  const { isNormalUser } = useSession();
  const order = useOrder(id);

  if (order.isPending) return <PageSpinner label={messages.common.loading} />;
  if (order.isError)
    return (
      <ContentLayout title={messages.orders.notFound}>
        <ErrorMessage title={messages.orders.notFound} detail={order.error.message} />
      </ContentLayout>
    );
  return (
    <ContentLayout title={messages.cart.orderHeading(order.data.number)}>
      <div className="flex flex-col gap-8">
        <OrderDetails order={order.data} />
        {isNormalUser ? <ReorderPanel orderId={order.data._id} /> : null}
      </div>
    </ContentLayout>
  );
}
