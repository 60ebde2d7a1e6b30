import type { UserRole } from '@partsforge/shared/identity';
import { messages } from '@partsforge/shared/messages';
import { paths } from '@/lib/paths';

/** One entry of the dashboard's side menu: who sees it and where it goes (under /dashboard). */
export interface DashboardMenuItem {
  label: string;
  /** Where it goes. */
  path: string;
  roles: readonly UserRole[];
}

/**
 * The dashboard menu, exactly as docs/requirements.md §2 (Navigation) lists it per role: My Orders and Add A Review
 * for normal users; My Profile for everyone; All Users, Manage All Orders, Add A Product and Manage Products
 * for admins; and first, for admins, Overview, their dashboard home (docs/requirements.md §13, "Dashboard"). The
 * routes themselves, with their guards, are in app/router.tsx.
 */
export const dashboardMenu: readonly DashboardMenuItem[] = [
  { label: messages.dashboard.overview, path: paths.dashboard.overview.href(), roles: ['admin'] },
  { label: messages.dashboard.myOrders, path: paths.dashboard.myOrders.href(), roles: ['user'] },
  { label: messages.dashboard.addReview, path: paths.dashboard.addReview.href(), roles: ['user'] },
  { label: messages.dashboard.myProfile, path: paths.dashboard.myProfile.href(), roles: ['user', 'admin'] },
  { label: messages.dashboard.allUsers, path: paths.dashboard.users.href(), roles: ['admin'] },
  { label: messages.dashboard.manageOrders, path: paths.dashboard.manageOrders.href(), roles: ['admin'] },
  { label: messages.dashboard.addProduct, path: paths.dashboard.addProduct.href(), roles: ['admin'] },
  { label: messages.dashboard.manageProducts, path: paths.dashboard.manageProducts.href(), roles: ['admin'] },
];

/** The items a user with these flags sees. */
export function dashboardMenuFor({
  isAdmin,
  isNormalUser,
}: {
  isAdmin: boolean;
  isNormalUser: boolean;
}): DashboardMenuItem[] {
  return dashboardMenu.filter(
    (item) => (isAdmin && item.roles.includes('admin')) || (isNormalUser && item.roles.includes('user')),
  );
}
