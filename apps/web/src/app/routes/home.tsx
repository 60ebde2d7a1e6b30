import { CategoriesSection } from '@/features/catalog/components/categories-section';
import { FeaturedParts } from '@/features/catalog/components/featured-parts';
import { MakesSection } from '@/features/catalog/components/makes-section';
import { HeroBanner } from '@/features/marketing/components/hero-banner';
import { TrustSummary } from '@/features/marketing/components/trust-summary';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getShopName } from '@/lib/shop-name';
import { addToCartAction } from '../components/add-to-cart-action';
import { HomeListsSpinner } from '../components/home-lists-spinner';

/** `/` and `/home`: the sections of the spec's home page, in order. */
export function HomeRoute() {
  const shopName = getShopName();
  useDocumentTitle();

  return (
    <>
      <HeroBanner shopName={shopName} />
      <FeaturedParts partAction={addToCartAction} />
      <TrustSummary />
      <ReviewsSection />
      <CategoriesSection />
      <MakesSection />
      <HomeListsSpinner />
    </>
  );
}
