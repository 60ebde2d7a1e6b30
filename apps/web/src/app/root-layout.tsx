import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/components/layouts/footer';
import { Navbar } from '@/components/layouts/navbar';
import { NavigationProgress } from '@/components/layouts/navigation-progress';
import { SkipLink } from '@/components/layouts/skip-link';
import { useCartLineCount } from '@/features/cart/hooks/use-cart-line-count';
import { useMergeBrowserCartOnSignIn } from '@/features/cart/hooks/use-merge-browser-cart';
import { GarageMenu } from '@/features/vehicles/components/garage-menu';
import { useMergeBrowserGarageOnSignIn } from '@/features/vehicles/hooks/use-merge-browser-garage';
import { getShopName } from '@/lib/shop-name';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * Every page: skip link, navbar (with the cart's line count and the My Garage control, docs/requirements.md §12),
 * the page in <main>, footer. A visitor's browser cart and garage are merged into their account's once they sign in.
 */
export function RootLayout() {
  const shopName = getShopName();
  const cartLines = useCartLineCount();
  useMergeBrowserCartOnSignIn();
  useMergeBrowserGarageOnSignIn();
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <NavigationProgress />
      <Navbar shopName={shopName} cartLines={cartLines} garage={<GarageMenu />} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer shopName={shopName} />
      <ScrollRestoration />
    </div>
  );
}
