import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { PriceLevelsForm } from '@/features/trade-terms/components/price-levels-form';

/**
 * /dashboard/price-levels (admins; docs/requirements.md §15 "Trade terms"): the price levels, their discounts and
 * discounts per category, saved whole.
 */
export function PriceLevelsRoute() {
  return (
    <ContentLayout
      title={messages.tradeTermsPages.priceLevelsTitle}
      lead={messages.tradeTermsPages.priceLevelsLead}
    >
      <PriceLevelsForm />
    </ContentLayout>
  );
}
