import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { ManageProductsTable } from '@/features/catalog/components/manage-products-table';

/** /dashboard/manageproducts (admins): search, page, edit and delete products. */
export function ManageProductsRoute() {
  return (
    <ContentLayout title={messages.dashboard.manageProducts}>
      <ManageProductsTable />
    </ContentLayout>
  );
}
