import { messages } from '@partsforge/shared/messages';
import { useNavigate, useParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { usePart } from '@/features/catalog/api/get-part';
import { useUpdatePart } from '@/features/catalog/api/save-part';
import { ProductForm } from '@/features/catalog/components/product-form';
import { paths } from '@/lib/paths';

/**
 * /dashboard/manageproducts/:id (admins): the product form pre-filled with the part; saves with PUT. A refusal
 * (e.g. 409 SKU_TAKEN) shows the server's reason in the form.
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
            priceBreaks: part.data.priceBreaks,
          }}
          submitLabel={messages.products.save}
          onSubmit={async (input) => {
            await update.mutateAsync(input);
            await navigate(paths.dashboard.manageProducts.href());
            return true;
          }}
        />
      )}
    </ContentLayout>
  );
}
