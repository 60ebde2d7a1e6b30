import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { TaxRatesForm } from '@/features/shipping/components/tax-rates-form';

/** /dashboard/tax-rates (admins; docs/requirements.md §16): sales tax by destination, saved whole. */
export function TaxRatesRoute() {
  return (
    <ContentLayout title={messages.shippingPages.taxTitle} lead={messages.shippingPages.taxIntro}>
      <TaxRatesForm />
    </ContentLayout>
  );
}
