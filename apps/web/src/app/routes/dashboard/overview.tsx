import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';

/**
 * /dashboard/overview (admins): the admin's dashboard home (docs/requirements.md §13, "Dashboard"), where an admin's
 * Dashboard links go. A lazy page of its own, so its chart library stays out of every other page's code.
 */
export function OverviewRoute() {
  return (
    <ContentLayout title={messages.dashboard.overview} lead={messages.adminDashboard.lead}>
      <DashboardOverview />
    </ContentLayout>
  );
}
