import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { useExportOrders } from '@/features/orders/api/export-orders';
import { ManageOrdersTable } from '@/features/orders/components/manage-orders-table';
import { OrderFiltersForm } from '@/features/orders/components/order-filters-form';
import { useAdminOrderFilters } from '@/features/orders/hooks/use-admin-order-filters';
import { useSession } from '@/lib/auth/use-session';

/**
 * /dashboard/manageorders (admins): every order, searched, filtered and sorted (docs/requirements.md §13
 * "Finding things"; the filters and `?page=` kept in the URL), with the shipping status, and Export CSV of the
 * filtered list.
 */
export function ManageOrdersRoute() {
  const { user } = useSession();
  const { filters, page, hrefFor, setFilters } = useAdminOrderFilters();
  const exportOrders = useExportOrders();
  return (
    <ContentLayout title={messages.dashboard.manageOrders}>
      <div className="flex flex-col gap-4">
        <OrderFiltersForm filters={filters} onChange={setFilters} />
        <div className="flex justify-end">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={exportOrders.isPending}
            aria-busy={exportOrders.isPending}
            onClick={() => exportOrders.mutate(filters)}
          >
            {exportOrders.isPending ? messages.orders.exporting : messages.orders.exportCsv}
          </button>
        </div>
        <ManageOrdersTable adminEmail={user?.email ?? ''} filters={filters} page={page} hrefFor={hrefFor} />
      </div>
    </ContentLayout>
  );
}
