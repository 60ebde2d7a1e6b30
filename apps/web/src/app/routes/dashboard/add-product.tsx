import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { useCreatePart } from '@/features/catalog/api/save-part';
import { ProductForm } from '@/features/catalog/components/product-form';

/**
 * /dashboard/addproduct (admins): Add A Product; the form clears after the 'Successfully added' toast, and a
 * refusal (e.g. 409 SKU_TAKEN) shows the server's reason in the form.
 */
export function AddProductRoute() {
  const createPart = useCreatePart();
  return (
    <ContentLayout title={messages.dashboard.addProduct}>
      <ProductForm
        submitLabel={messages.products.add}
        onSubmit={(input) => createPart.mutateAsync(input).then(() => true)}
      />
    </ContentLayout>
  );
}
