import { CategoriesSection } from '@/features/catalog/components/categories-section';
import { FeaturedParts } from '@/features/catalog/components/featured-parts';
import { MakesSection } from '@/features/catalog/components/makes-section';
import { HeroBanner } from '@/features/marketing/components/hero-banner';
import { TrustSummary } from '@/features/marketing/components/trust-summary';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { FindPartsForVehicle } from '@/features/vehicles/components/find-parts-for-vehicle';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getShopName } from '@/lib/shop-name';
import { addToCartAction } from '../components/add-to-cart-action';
import { fitmentBadgeAction } from '../components/fitment-badge-action';
import { HomeListsSpinner } from '../components/home-lists-spinner';

/**
 * `/` and `/home`: the sections of the spec's home page, in order, with "Find parts for your vehicle" (the
 * vehicle selector, docs/requirements.md §12) under the hero and fitment badges on the featured cards.
 */
export function HomeRoute() {
  const shopName = getShopName();
  useDocumentTitle();

  return (
    <>
      <HeroBanner shopName={shopName} />
      <FindPartsForVehicle />
      <FeaturedParts partAction={addToCartAction} partBadge={fitmentBadgeAction} />
      <TrustSummary />
      <ReviewsSection />
      <CategoriesSection />
      <MakesSection />
      <HomeListsSpinner />
    </>
  );
}
