import { messages } from '@partsforge/shared';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ManageOrdersTable } from '@/features/orders/components/manage-orders-table';
import { useSession } from '@/lib/auth/use-session';

/** /dashboard/manageorders (admins): every order, paged (`?page=`), with the shipping status. */
export function ManageOrdersRoute() {
  const { user } = useSession();
  const [search] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return (
    <ContentLayout title={messages.dashboard.manageOrders}>
      <ManageOrdersTable
        adminEmail={user?.email ?? ''}
        page={page}
        hrefFor={(target) => (target === 1 ? '?' : `?page=${target}`)}
      />
    </ContentLayout>
  );
}
