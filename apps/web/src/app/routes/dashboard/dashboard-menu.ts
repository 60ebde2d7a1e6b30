import type { UserRole } from '@partsforge/shared/identity';
import { messages } from '@partsforge/shared/messages';
import { paths } from '@/lib/paths';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/** One entry of the dashboard's side menu: who sees it and where it goes (under /dashboard). */
export interface DashboardMenuItem {
  label: string;
  /** Where it goes. */
  path: string;
  roles: readonly UserRole[];
  /** Only for customers who own or manage a company (docs/requirements.md §14 "Company accounts"). */
  companyManagers?: true;
}

/**
 * The dashboard menu, exactly as docs/requirements.md §2 (Navigation) lists it per role: My Orders and Add A Review
 * for normal users; My Profile for everyone; All Users, Manage All Orders, Add A Product and Manage Products
 * for admins; and first, for admins, Overview, their dashboard home (docs/requirements.md §13, "Dashboard"). The
 * routes themselves, with their guards, are in app/router.tsx. Company accounts (docs/requirements.md §14 "Company
 * accounts") add Company for customers, Approvals for those who own or manage a company, and Companies for admins;
 * trade terms (docs/requirements.md §15) add Account for those who own or manage a company, and Price levels and
 * Receivables for admins; shipping (docs/requirements.md §16) adds Shipping methods and Tax rates for admins; returns
 * (docs/requirements.md §17) add My Returns for customers and Manage Returns for admins.
 */
export const dashboardMenu: readonly DashboardMenuItem[] = [
  { label: messages.dashboard.overview, path: paths.dashboard.overview.href(), roles: ['admin'] },
  { label: messages.dashboard.myOrders, path: paths.dashboard.myOrders.href(), roles: ['user'] },
  { label: companyPageMessages.menuCompany, path: paths.dashboard.company.href(), roles: ['user'] },
  {
    label: companyPageMessages.menuApprovals,
    path: paths.dashboard.approvals.href(),
    roles: ['user'],
    companyManagers: true,
  },
  {
    label: messages.tradeTermsPages.menuAccount,
    path: paths.dashboard.account.href(),
    roles: ['user'],
    companyManagers: true,
  },
  { label: messages.dashboard.myReturns, path: paths.dashboard.myReturns.href(), roles: ['user'] },
  { label: messages.dashboard.addReview, path: paths.dashboard.addReview.href(), roles: ['user'] },
  { label: messages.dashboard.myProfile, path: paths.dashboard.myProfile.href(), roles: ['user', 'admin'] },
  { label: messages.dashboard.allUsers, path: paths.dashboard.users.href(), roles: ['admin'] },
  { label: messages.dashboard.manageOrders, path: paths.dashboard.manageOrders.href(), roles: ['admin'] },
  { label: messages.dashboard.manageReturns, path: paths.dashboard.manageReturns.href(), roles: ['admin'] },
  { label: companyPageMessages.menuCompanies, path: paths.dashboard.companies.href(), roles: ['admin'] },
  {
    label: messages.tradeTermsPages.menuPriceLevels,
    path: paths.dashboard.priceLevels.href(),
    roles: ['admin'],
  },
  {
    label: messages.tradeTermsPages.menuReceivables,
    path: paths.dashboard.receivables.href(),
    roles: ['admin'],
  },
  {
    label: messages.shippingPages.menuShippingMethods,
    path: paths.dashboard.shippingMethods.href(),
    roles: ['admin'],
  },
  { label: messages.shippingPages.menuTaxRates, path: paths.dashboard.taxRates.href(), roles: ['admin'] },
  { label: messages.dashboard.addProduct, path: paths.dashboard.addProduct.href(), roles: ['admin'] },
  { label: messages.dashboard.manageProducts, path: paths.dashboard.manageProducts.href(), roles: ['admin'] },
];

/** The items a user with these flags sees (`managesCompany`: owner or manager of a company). */
export function dashboardMenuFor({
  isAdmin,
  isNormalUser,
  managesCompany = false,
}: {
  isAdmin: boolean;
  isNormalUser: boolean;
  managesCompany?: boolean;
}): DashboardMenuItem[] {
  return dashboardMenu.filter(
    (item) =>
      (!item.companyManagers || managesCompany) &&
      ((isAdmin && item.roles.includes('admin')) || (isNormalUser && item.roles.includes('user'))),
  );
}
