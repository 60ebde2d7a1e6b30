import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { ManageOrdersTable } from '@/features/orders/components/manage-orders-table';
import { usePageParam } from '@/hooks/use-page-param';
import { useSession } from '@/lib/auth/use-session';

/** /dashboard/manageorders (admins): every order, paged (`?page=`), with the shipping status. */
export function ManageOrdersRoute() {
  const { user } = useSession();
  const { page, hrefFor } = usePageParam();
  return (
    <ContentLayout title={messages.dashboard.manageOrders}>
      <ManageOrdersTable adminEmail={user?.email ?? ''} page={page} hrefFor={hrefFor} />
    </ContentLayout>
  );
}
