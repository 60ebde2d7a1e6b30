import { messages, type UserRole } from '@partsforge/shared';

/** One entry of the dashboard's side menu: who sees it and where it goes (under /dashboard). */
export interface DashboardMenuItem {
  label: string;
  /** Path under /dashboard. */
  path: string;
  roles: readonly UserRole[];
}

/**
 * The dashboard menu, exactly as docs/requirements.md §2 (Navigation) lists it per role: My Orders and Add A Review
 * for normal users; My Profile for everyone; All Users, Manage All Orders, Add A Product and Manage Products
 * for admins. The routes themselves, with their guards, are in app/router.tsx.
 */
export const dashboardMenu: readonly DashboardMenuItem[] = [
  { label: messages.dashboard.myOrders, path: 'myorders', roles: ['user'] },
  { label: messages.dashboard.addReview, path: 'addreview', roles: ['user'] },
  { label: messages.dashboard.myProfile, path: 'myprofile', roles: ['user', 'admin'] },
  { label: messages.dashboard.allUsers, path: 'users', roles: ['admin'] },
  { label: messages.dashboard.manageOrders, path: 'manageorders', roles: ['admin'] },
  { label: messages.dashboard.addProduct, path: 'addproduct', roles: ['admin'] },
  { label: messages.dashboard.manageProducts, path: 'manageproducts', roles: ['admin'] },
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
