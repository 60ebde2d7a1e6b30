import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { loadChunk } from '@/lib/chunk-load';
import { paths } from '@/lib/paths';
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

/**
 * Every lazy page, in one table: its chunk name (shown in "Loading chunk {n} failed") and its module. The home
 * page is not here: it is in the main bundle (it is the landing page, and a second request for its chunk would
 * delay the first paint).
 */
const pages = {
  parts: lazyPage(
    'parts',
    () => import('./routes/parts'),
    (m) => m.PartsRoute,
  ),
  part: lazyPage(
    'part',
    () => import('./routes/part'),
    (m) => m.PartRoute,
  ),
  login: lazyPage(
    'login',
    () => import('./routes/login'),
    (m) => m.LoginRoute,
  ),
  signup: lazyPage(
    'signup',
    () => import('./routes/signup'),
    (m) => m.SignupRoute,
  ),
  forgotPassword: lazyPage(
    'forgot-password',
    () => import('./routes/forgot-password'),
    (m) => m.ForgotPasswordRoute,
  ),
  resetPassword: lazyPage(
    'reset-password',
    () => import('./routes/reset-password'),
    (m) => m.ResetPasswordRoute,
  ),
  verifyEmail: lazyPage(
    'verify-email',
    () => import('./routes/verify-email'),
    (m) => m.VerifyEmailRoute,
  ),
  purchase: lazyPage(
    'purchase',
    () => import('./routes/purchase'),
    (m) => m.PurchaseRoute,
  ),
  cart: lazyPage(
    'cart',
    () => import('./routes/cart'),
    (m) => m.CartRoute,
  ),
  quickOrder: lazyPage(
    'quick-order',
    () => import('./routes/quick-order'),
    (m) => m.QuickOrderRoute,
  ),
  checkout: lazyPage(
    'checkout',
    () => import('./routes/checkout'),
    (m) => m.CheckoutRoute,
  ),
  updateProfile: lazyPage(
    'updateprofile',
    () => import('./routes/update-profile'),
    (m) => m.UpdateProfileRoute,
  ),
  blogs: lazyPage(
    'blogs',
    () => import('./routes/blogs'),
    (m) => m.BlogsRoute,
  ),
  aboutUs: lazyPage(
    'aboutus',
    () => import('./routes/about-us'),
    (m) => m.AboutUsRoute,
  ),
  contactUs: lazyPage(
    'contactus',
    () => import('./routes/contact-us'),
    (m) => m.ContactUsRoute,
  ),
  myPortfolio: lazyPage(
    'myportfolio',
    () => import('./routes/my-portfolio'),
    (m) => m.MyPortfolioRoute,
  ),
  invitation: lazyPage(
    'invitation',
    () => import('./routes/invitation'),
    (m) => m.InvitationRoute,
  ),
  company: lazyPage(
    'dashboard-company',
    () => import('./routes/dashboard/company'),
    (m) => m.CompanyRoute,
  ),
  approvals: lazyPage(
    'dashboard-approvals',
    () => import('./routes/dashboard/approvals'),
    (m) => m.ApprovalsRoute,
  ),
  account: lazyPage(
    'dashboard-account',
    () => import('./routes/dashboard/account'),
    (m) => m.AccountRoute,
  ),
  companies: lazyPage(
    'dashboard-companies',
    () => import('./routes/dashboard/companies'),
    (m) => m.CompaniesRoute,
  ),
  adminCompany: lazyPage(
    'dashboard-company-admin',
    () => import('./routes/dashboard/admin-company'),
    (m) => m.AdminCompanyRoute,
  ),
  priceLevels: lazyPage(
    'dashboard-price-levels',
    () => import('./routes/dashboard/price-levels'),
    (m) => m.PriceLevelsRoute,
  ),
  receivables: lazyPage(
    'dashboard-receivables',
    () => import('./routes/dashboard/receivables'),
    (m) => m.ReceivablesRoute,
  ),
  myReturns: lazyPage(
    'dashboard-returns',
    () => import('./routes/dashboard/returns'),
    (m) => m.MyReturnsRoute,
  ),
  returnDetail: lazyPage(
    'dashboard-return',
    () => import('./routes/dashboard/return'),
    (m) => m.ReturnRoute,
  ),
  manageReturns: lazyPage(
    'dashboard-manage-returns',
    () => import('./routes/dashboard/manage-returns'),
    (m) => m.ManageReturnsRoute,
  ),
  shippingMethods: lazyPage(
    'dashboard-shipping-methods',
    () => import('./routes/dashboard/shipping-methods'),
    (m) => m.ShippingMethodsRoute,
  ),
  taxRates: lazyPage(
    'dashboard-tax-rates',
    () => import('./routes/dashboard/tax-rates'),
    (m) => m.TaxRatesRoute,
  ),
  notFound: lazyPage(
    'not-found',
    () => import('./routes/not-found'),
    (m) => m.NotFoundRoute,
  ),
  dashboard: lazyPage(
    'dashboard',
    () => import('./routes/dashboard/dashboard-layout'),
    (m) => m.DashboardLayout,
  ),
  myProfile: lazyPage(
    'dashboard-profile',
    () => import('./routes/dashboard/my-profile'),
    (m) => m.MyProfileRoute,
  ),
  myOrders: lazyPage(
    'dashboard-myorders',
    () => import('./routes/dashboard/my-orders'),
    (m) => m.MyOrdersRoute,
  ),
  addReview: lazyPage(
    'dashboard-addreview',
    () => import('./routes/dashboard/add-review'),
    (m) => m.AddReviewRoute,
  ),
  order: lazyPage(
    'dashboard-order',
    () => import('./routes/dashboard/order'),
    (m) => m.OrderRoute,
  ),
  payment: lazyPage(
    'dashboard-payment',
    () => import('./routes/dashboard/payment'),
    (m) => m.PaymentRoute,
  ),
  users: lazyPage(
    'dashboard-users',
    () => import('./routes/dashboard/all-users'),
    (m) => m.AllUsersRoute,
  ),
  manageOrders: lazyPage(
    'dashboard-manageorders',
    () => import('./routes/dashboard/manage-orders'),
    (m) => m.ManageOrdersRoute,
  ),
  addProduct: lazyPage(
    'dashboard-addproduct',
    () => import('./routes/dashboard/add-product'),
    (m) => m.AddProductRoute,
  ),
  manageProducts: lazyPage(
    'dashboard-manageproducts',
    () => import('./routes/dashboard/manage-products'),
    (m) => m.ManageProductsRoute,
  ),
  editProduct: lazyPage(
    'dashboard-editproduct',
    () => import('./routes/dashboard/edit-product'),
    (m) => m.EditProductRoute,
  ),
  overview: lazyPage(
    'dashboard-overview',
    () => import('./routes/dashboard/overview'),
    (m) => m.OverviewRoute,
  ),
};

const { dashboard } = paths;

/**
 * The dashboard's pages (docs/requirements.md §2, /dashboard) with their guards; its side menu is
 * routes/dashboard/dashboard-menu.ts.
 */
const dashboardRoutes: RouteObject[] = [
  { index: true, lazy: pages.myProfile },
  { path: dashboard.myProfile.pattern, lazy: pages.myProfile },
  {
    Component: RequireNormalUser,
    children: [
      { path: dashboard.myOrders.pattern, lazy: pages.myOrders },
      { path: dashboard.addReview.pattern, lazy: pages.addReview },
      // docs/requirements.md §14 "Company accounts" (approvals: owners and managers; the server checks).
      { path: dashboard.company.pattern, lazy: pages.company },
      { path: dashboard.approvals.pattern, lazy: pages.approvals },
      // docs/requirements.md §15 "Trade terms" (owners and managers; the server checks).
      { path: dashboard.account.pattern, lazy: pages.account },
      // docs/requirements.md §17 "Returns".
      { path: dashboard.myReturns.pattern, lazy: pages.myReturns },
      { path: dashboard.returnDetail.pattern, lazy: pages.returnDetail },
    ],
  },
  { path: dashboard.payment.pattern, lazy: pages.payment },
  // The order's owner or an admin (the server checks which).
  { path: dashboard.order.pattern, lazy: pages.order },
  {
    Component: RequireAdmin,
    children: [
      // docs/requirements.md §13: the admin's dashboard home (the index stays the profile, as §2 says).
      { path: dashboard.overview.pattern, lazy: pages.overview },
      { path: dashboard.users.pattern, lazy: pages.users },
      { path: dashboard.manageOrders.pattern, lazy: pages.manageOrders },
      { path: dashboard.addProduct.pattern, lazy: pages.addProduct },
      { path: dashboard.manageProducts.pattern, lazy: pages.manageProducts },
      { path: dashboard.editProduct.pattern, lazy: pages.editProduct },
      { path: dashboard.companies.pattern, lazy: pages.companies },
      { path: dashboard.adminCompany.pattern, lazy: pages.adminCompany },
      // docs/requirements.md §15 "Trade terms".
      { path: dashboard.priceLevels.pattern, lazy: pages.priceLevels },
      { path: dashboard.receivables.pattern, lazy: pages.receivables },
      // docs/requirements.md §16 "Shipping".
      { path: dashboard.shippingMethods.pattern, lazy: pages.shippingMethods },
      { path: dashboard.taxRates.pattern, lazy: pages.taxRates },
      // docs/requirements.md §17 "Returns".
      { path: dashboard.manageReturns.pattern, lazy: pages.manageReturns },
    ],
  },
];

/** The route table (docs/requirements.md §2), built from paths.ts and the page table above. */
export const routes: RouteObject[] = [
  {
    path: paths.home.pattern,
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
          { path: paths.homeAlias.pattern, Component: HomeRoute },
          { path: paths.parts.pattern, lazy: pages.parts },
          // docs/requirements.md §12: a part's page, for anyone.
          { path: paths.part.pattern, lazy: pages.part },
          { path: paths.login.pattern, lazy: pages.login },
          { path: paths.signup.pattern, lazy: pages.signup },
          // docs/requirements.md §13, Email: for anyone (the mailed links are the capability).
          { path: paths.forgotPassword.pattern, lazy: pages.forgotPassword },
          { path: paths.resetPassword.pattern, lazy: pages.resetPassword },
          { path: paths.verifyEmail.pattern, lazy: pages.verifyEmail },
          // docs/requirements.md §14 "Company accounts": for anyone (accepting asks to sign in).
          { path: paths.invitation.pattern, lazy: pages.invitation },
          {
            // docs/requirements.md §2: signed-in only.
            path: paths.purchase.pattern,
            Component: RequireAuth,
            children: [{ index: true, lazy: pages.purchase }],
          },
          // docs/requirements.md §11: the cart is for visitors (kept in the browser) and customers.
          { path: paths.cart.pattern, lazy: pages.cart },
          {
            // Customers only, like My Orders: a visitor signs in and comes back; an admin buys nothing.
            Component: RequireNormalUser,
            children: [
              { path: paths.quickOrder.pattern, lazy: pages.quickOrder },
              { path: paths.checkout.pattern, lazy: pages.checkout },
            ],
          },
          { path: dashboard.root.pattern, lazy: pages.dashboard, children: dashboardRoutes },
          {
            // docs/design.md item 6: signed-in only, unlike the first specification.
            path: paths.updateProfile.pattern,
            Component: RequireAuth,
            children: [{ index: true, lazy: pages.updateProfile }],
          },
          { path: paths.blogs.pattern, lazy: pages.blogs },
          { path: paths.aboutUs.pattern, lazy: pages.aboutUs },
          { path: paths.contactUs.pattern, lazy: pages.contactUs },
          { path: paths.myPortfolio.pattern, lazy: pages.myPortfolio },
          { path: paths.notFound.pattern, lazy: pages.notFound },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
