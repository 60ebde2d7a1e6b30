import { managesCompany } from '@partsforge/shared/companies';
import { messages } from '@partsforge/shared/messages';
import { NavLink, Outlet } from 'react-router';
import { RequireAuth } from '@/app/guards/require-auth';
import { useMyCompany } from '@/features/companies/api/get-my-company';
import { useSession } from '@/lib/auth/use-session';
import { dashboardMenuFor } from './dashboard-menu';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-field px-3 py-2 font-medium transition-colors hover:bg-base-300 ${
    isActive ? 'bg-primary text-primary-content hover:bg-primary' : ''
  }`;

/**
 * The side menu for the signed-in user's role (dashboard-menu.ts) beside the dashboard page; a customer's company
 * role adds Approvals (docs/requirements.md §14 "Company accounts").
 */
function DashboardShell() {
  const session = useSession();
  const company = useMyCompany(session.isNormalUser);
  const manages = company.data ? managesCompany(company.data.role) : false;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col md:flex-row">
      <nav
        aria-label={messages.dashboard.menuLabel}
        className="border-b border-base-300 bg-base-200 px-4 py-4 md:min-h-[60vh] md:w-64 md:shrink-0 md:border-r md:border-b-0"
      >
        <p className="mb-2 px-3 text-sm font-semibold tracking-wide text-base-content/80 uppercase">
          {messages.pages.dashboard}
        </p>
        <ul className="flex flex-wrap gap-1 md:flex-col">
          {dashboardMenuFor({ ...session, managesCompany: manages }).map((item) => (
            <li key={item.path}>
              <NavLink to={item.path} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

/** /dashboard (docs/requirements.md §2): signed-in users only, a side menu per role, the chosen page beside it. */
export function DashboardLayout() {
  return (
    <RequireAuth>
      <DashboardShell />
    </RequireAuth>
  );
}
