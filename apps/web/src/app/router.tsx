import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { loadChunk } from '@/lib/chunk-load';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { HomeRoute } from './routes/home';

/**
 * A lazy route whose code is the chunk `chunk`: a failed or timed-out download becomes a ChunkLoadError, which
 * the error boundary shows as "Loading chunk {chunk} failed" with a Reload button.
 */
function lazyPage<M>(chunk: string, importer: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await loadChunk(chunk, importer)) });
}

/**
 * The spec's route table. The home page is in the main bundle (it is the landing page, and a second request for its
 * chunk would delay the first paint); every other page is a lazy chunk.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    // Errors of the layout itself; page errors are caught below and keep the navbar and footer.
    ErrorBoundary: RouteErrorBoundary,
    // Shown alone (no layout) while the first page's chunk downloads on a direct visit: the layout then appears
    // whole, so nothing already on screen moves (no layout shift).
    HydrateFallback: PageSpinner,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, Component: HomeRoute },
          { path: 'home', Component: HomeRoute },
          {
            path: 'login',
            lazy: lazyPage(
              'login',
              () => import('./routes/login'),
              (m) => m.LoginRoute,
            ),
          },
          {
            path: 'signup',
            lazy: lazyPage(
              'signup',
              () => import('./routes/signup'),
              (m) => m.SignupRoute,
            ),
          },
          {
            path: 'purchase/:productId',
            lazy: lazyPage(
              'purchase',
              () => import('./routes/purchase'),
              (m) => m.PurchaseRoute,
            ),
          },
          {
            path: 'dashboard/*',
            lazy: lazyPage(
              'dashboard',
              () => import('./routes/dashboard'),
              (m) => m.DashboardRoute,
            ),
          },
          {
            path: 'updateprofile',
            lazy: lazyPage(
              'updateprofile',
              () => import('./routes/update-profile'),
              (m) => m.UpdateProfileRoute,
            ),
          },
          {
            path: 'blogs',
            lazy: lazyPage(
              'blogs',
              () => import('./routes/blogs'),
              (m) => m.BlogsRoute,
            ),
          },
          {
            path: 'aboutus',
            lazy: lazyPage(
              'aboutus',
              () => import('./routes/about-us'),
              (m) => m.AboutUsRoute,
            ),
          },
          {
            path: 'contactus',
            lazy: lazyPage(
              'contactus',
              () => import('./routes/contact-us'),
              (m) => m.ContactUsRoute,
            ),
          },
          {
            path: 'myportfolio',
            lazy: lazyPage(
              'myportfolio',
              () => import('./routes/my-portfolio'),
              (m) => m.MyPortfolioRoute,
            ),
          },
          {
            path: '*',
            lazy: lazyPage(
              'not-found',
              () => import('./routes/not-found'),
              (m) => m.NotFoundRoute,
            ),
          },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
