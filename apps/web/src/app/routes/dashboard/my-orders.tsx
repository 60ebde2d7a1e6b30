import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { MyOrdersTable } from '@/features/orders/components/my-orders-table';
import { usePageParam } from '@/hooks/use-page-param';
import { useSession } from '@/lib/auth/use-session';

/** /dashboard/myorders (normal users): the customer's orders with Pay and Cancel. */
export function MyOrdersRoute() {
  const { user } = useSession();
  const { page, hrefFor } = usePageParam();
  return (
    <ContentLayout title={messages.dashboard.myOrders}>
      <MyOrdersTable email={user?.email ?? ''} page={page} hrefFor={hrefFor} />
    </ContentLayout>
  );
}
