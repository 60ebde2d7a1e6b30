import { CategoriesSection } from '@/features/catalog/components/categories-section';
import { FEATURED_PARTS_HEADING_ID, FeaturedParts } from '@/features/catalog/components/featured-parts';
import { MakesSection } from '@/features/catalog/components/makes-section';
import { HeroBanner } from '@/features/marketing/components/hero-banner';
import { TrustSummary } from '@/features/marketing/components/trust-summary';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getShopName } from '@/lib/shop-name';
import { HomeListsSpinner } from '../components/home-lists-spinner';

/** Moves the visitor (and keyboard focus) to the featured parts. */
function showFeaturedParts() {
  const heading = document.getElementById(FEATURED_PARTS_HEADING_ID);
  if (!heading) return;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  heading.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  heading.focus({ preventScroll: true });
}

/** `/` and `/home`: the sections of the spec's home page, in order. */
export function HomeRoute() {
  const shopName = getShopName();
  useDocumentTitle();

  return (
    <>
      <HeroBanner shopName={shopName} onShopNow={showFeaturedParts} />
      <FeaturedParts />
      <TrustSummary />
      <ReviewsSection />
      <CategoriesSection />
      <MakesSection />
      <HomeListsSpinner />
    </>
  );
}
