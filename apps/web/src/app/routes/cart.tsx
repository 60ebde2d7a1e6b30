import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { CartView } from '@/features/cart/components/cart-view';

/** /cart (visitors and customers; docs/requirements.md §11): the cart's lines, subtotal, Checkout and Empty cart. */
export function CartRoute() {
  return (
    <ContentLayout title={messages.cart.heading}>
      <CartView />
    </ContentLayout>
  );
}
