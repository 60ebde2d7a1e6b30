import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { ShippingMethodsForm } from '@/features/shipping/components/shipping-methods-form';

/** /dashboard/shipping-methods (admins; docs/requirements.md §16): the delivery methods, saved whole. */
export function ShippingMethodsRoute() {
  return (
    <ContentLayout title={messages.shippingPages.methodsTitle} lead={messages.shippingPages.methodsIntro}>
      <ShippingMethodsForm />
    </ContentLayout>
  );
}
