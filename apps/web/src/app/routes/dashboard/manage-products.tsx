import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { CatalogCsvActions } from '@/features/catalog/components/catalog-csv-actions';
import { ManageProductsTable } from '@/features/catalog/components/manage-products-table';

/**
 * /dashboard/manageproducts (admins): search, page, edit and delete products; export and import the catalogue as CSV
 * (docs/requirements.md §13 "Catalogue in bulk").
 */
export function ManageProductsRoute() {
  return (
    <ContentLayout title={messages.dashboard.manageProducts}>
      <div className="mb-6">
        <CatalogCsvActions />
      </div>
      <ManageProductsTable />
    </ContentLayout>
  );
}
