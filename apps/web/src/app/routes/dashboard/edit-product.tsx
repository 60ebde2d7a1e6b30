import { messages } from '@partsforge/shared/messages';
import { useNavigate, useParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { usePart } from '@/features/catalog/api/get-part';
import { useUpdatePart } from '@/features/catalog/api/save-part';
import { FitmentForm } from '@/features/catalog/components/fitment-form';
import { ProductForm } from '@/features/catalog/components/product-form';
import { StockSection } from '@/features/inventory/components/stock-section';
import { paths } from '@/lib/paths';

/**
 * /dashboard/manageproducts/:id (admins): the product form pre-filled with the part (interchange numbers
 * included); saves with PUT. A refusal (e.g. 409 SKU_TAKEN) shows the server's reason in the form. Under it, the
 * part's Stock (docs/requirements.md §13: current stock, Adjust stock, Stock history; the form's quantity field
 * follows an adjustment while untouched) and its Fitment (docs/requirements.md §12: universal or application
 * rows), each a form of its own with its own button.
 */
export function EditProductRoute() {
  const { id = '' } = useParams();
  const part = usePart(id);
  const update = useUpdatePart(id);
  const navigate = useNavigate();
  return (
    <ContentLayout title={part.data ? messages.products.editTitle(part.data.name) : messages.products.edit}>
      {part.isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : part.isError ? (
        <ErrorMessage title={messages.errors.partNotFound} detail={part.error.message} />
      ) : (
        <ProductForm
          defaultValues={{
            name: part.data.name,
            description: part.data.description,
            available: part.data.available,
            minqty: part.data.minqty,
            price: part.data.price,
            img: part.data.img,
            sku: part.data.sku,
            category: part.data.category ?? '',
            make: part.data.make ?? '',
            packSize: part.data.packSize,
            weightKg: part.data.weightKg,
            coreCharge: part.data.coreCharge,
            priceBreaks: part.data.priceBreaks,
            interchangeNumbers: part.data.interchangeNumbers,
            supersededBy: part.data.supersededBy ?? '',
          }}
          submitLabel={messages.products.save}
          currentStock={part.data.available}
          onSubmit={async (input) => {
            await update.mutateAsync(input);
            await navigate(paths.dashboard.manageProducts.href());
            return true;
          }}
        />
      )}
      {part.data ? <StockSection partId={part.data._id} available={part.data.available} /> : null}
      {part.data ? (
        <section aria-labelledby="fitment-heading" className="mt-10 max-w-4xl border-t border-base-300 pt-8">
          <h2 id="fitment-heading" className="mb-4 text-2xl font-bold tracking-tight">
            {messages.fitment.form.heading}
          </h2>
          <FitmentForm key={part.data._id} part={part.data} />
        </section>
      ) : null}
    </ContentLayout>
  );
}
