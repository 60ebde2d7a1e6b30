import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { QuickOrderForm } from '@/features/cart/components/quick-order-form';

/** /quick-order (customers; docs/requirements.md §11): many parts into the cart at once, by SKU and quantity. */
export function QuickOrderRoute() {
  return (
    <ContentLayout title={messages.cart.quickOrder} lead={messages.cart.quickOrderLead}>
      <QuickOrderForm />
    </ContentLayout>
  );
}
