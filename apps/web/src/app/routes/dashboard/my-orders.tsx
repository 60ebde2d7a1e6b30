import { managesCompany } from '@partsforge/shared/companies';
import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { useMyCompany } from '@/features/companies/api/get-my-company';
import { MyOrdersTable } from '@/features/orders/components/my-orders-table';
import { usePageParam } from '@/hooks/use-page-param';
import { useSession } from '@/lib/auth/use-session';

/**
 * /dashboard/myorders (normal users): the customer's orders with Pay and Cancel; for a company member, the
 * company's orders (docs/requirements.md §14 "Company accounts"), which owners and managers may all pay and cancel.
 */
export function MyOrdersRoute() {
  const { user } = useSession();
  const { page, hrefFor } = usePageParam();
  const company = useMyCompany();
  return (
    <ContentLayout title={messages.dashboard.myOrders}>
      <MyOrdersTable
        email={user?.email ?? ''}
        page={page}
        hrefFor={hrefFor}
        managesCompany={company.data ? managesCompany(company.data.role) : false}
      />
    </ContentLayout>
  );
}
