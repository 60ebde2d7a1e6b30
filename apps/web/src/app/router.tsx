import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { loadChunk } from '@/lib/chunk-load';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { RequireNormalUser } from './guards/require-normal-user';
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

const myProfile = lazyPage(
  'dashboard-profile',
  () => import('./routes/dashboard/my-profile'),
  (m) => m.MyProfileRoute,
);

/**
 * The dashboard's pages (docs/requirements.md §2, /dashboard) with the spec's guards; its side menu is
 * routes/dashboard/dashboard-menu.ts. Pages of later issues stay honest placeholders until they land.
 */
const dashboardRoutes: RouteObject[] = [
  { index: true, lazy: myProfile },
  { path: 'myprofile', lazy: myProfile },
  {
    Component: RequireNormalUser,
    children: [
      {
        path: 'myorders',
        lazy: lazyPage(
          'dashboard-myorders',
          () => import('./routes/dashboard/my-orders'),
          (m) => m.MyOrdersRoute,
        ),
      },
      {
        path: 'addreview',
        lazy: lazyPage(
          'dashboard-addreview',
          () => import('./routes/dashboard/add-review'),
          (m) => m.AddReviewRoute,
        ),
      },
    ],
  },
  {
    path: 'payment/:id',
    lazy: lazyPage(
      'dashboard-payment',
      () => import('./routes/dashboard/payment'),
      (m) => m.PaymentRoute,
    ),
  },
  {
    Component: RequireAdmin,
    children: [
      {
        path: 'users',
        lazy: lazyPage(
          'dashboard-users',
          () => import('./routes/dashboard/all-users'),
          (m) => m.AllUsersRoute,
        ),
      },
      {
        path: 'manageorders',
        lazy: lazyPage(
          'dashboard-manageorders',
          () => import('./routes/dashboard/manage-orders'),
          (m) => m.ManageOrdersRoute,
        ),
      },
      {
        path: 'addproduct',
        lazy: lazyPage(
          'dashboard-addproduct',
          () => import('./routes/dashboard/add-product'),
          (m) => m.AddProductRoute,
        ),
      },
      {
        path: 'manageproducts',
        lazy: lazyPage(
          'dashboard-manageproducts',
          () => import('./routes/dashboard/manage-products'),
          (m) => m.ManageProductsRoute,
        ),
      },
      {
        path: 'manageproducts/:id',
        lazy: lazyPage(
          'dashboard-editproduct',
          () => import('./routes/dashboard/edit-product'),
          (m) => m.EditProductRoute,
        ),
      },
    ],
  },
];

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
            path: 'parts',
            lazy: lazyPage(
              'parts',
              () => import('./routes/parts'),
              (m) => m.PartsRoute,
            ),
          },
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
            // Spec section 2: signed-in only.
            path: 'purchase/:productId',
            Component: RequireAuth,
            children: [
              {
                index: true,
                lazy: lazyPage(
                  'purchase',
                  () => import('./routes/purchase'),
                  (m) => m.PurchaseRoute,
                ),
              },
            ],
          },
          {
            path: 'dashboard',
            lazy: lazyPage(
              'dashboard',
              () => import('./routes/dashboard/dashboard-layout'),
              (m) => m.DashboardLayout,
            ),
            children: dashboardRoutes,
          },
          {
            // docs/design.md item 6: signed-in only, unlike the spec.
            path: 'updateprofile',
            Component: RequireAuth,
            children: [
              {
                index: true,
                lazy: lazyPage(
                  'updateprofile',
                  () => import('./routes/update-profile'),
                  (m) => m.UpdateProfileRoute,
                ),
              },
            ],
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
