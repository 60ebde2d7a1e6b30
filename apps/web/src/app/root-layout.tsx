import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/components/layouts/footer';
import { Navbar } from '@/components/layouts/navbar';
import { NavigationProgress } from '@/components/layouts/navigation-progress';
import { SkipLink } from '@/components/layouts/skip-link';
import { getShopName } from '@/lib/shop-name';

export const MAIN_CONTENT_ID = 'main-content';

/** Every page: skip link, navbar, the page in <main>, footer. */
export function RootLayout() {
  const shopName = getShopName();
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <NavigationProgress />
      <Navbar shopName={shopName} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer shopName={shopName} />
      <ScrollRestoration />
    </div>
  );
}
