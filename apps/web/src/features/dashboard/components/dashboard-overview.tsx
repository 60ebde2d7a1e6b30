import { messages } from '@partsforge/shared/messages';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { useDashboard } from '../api/get-dashboard';
import { DashboardSection } from './dashboard-section';
import { LowStockTable } from './low-stock-table';
import { OrdersByStatus } from './orders-by-status';
import { RevenueChart } from './revenue-chart';
import { TopPartsTable } from './top-parts-table';

/**
 * The admin's dashboard figures (docs/requirements.md §13, "Dashboard"): revenue per day over the last 30 days (a
 * chart with a text summary), orders by status, the top 10 parts by revenue and the parts low on stock. A spinner
 * while they load; the error with Try again when they cannot be read.
 */
export function DashboardOverview() {
  const dashboard = useDashboard();
  const text = messages.adminDashboard;

  if (dashboard.isPending) return <PageSpinner label={messages.common.loading} />;
  if (dashboard.isError)
    return (
      <ErrorMessage title={text.loadFailed} detail={dashboard.error.message}>
        <button type="button" className="btn btn-sm mt-3" onClick={() => void dashboard.refetch()}>
          {messages.common.tryAgain}
        </button>
      </ErrorMessage>
    );

  const figures = dashboard.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <DashboardSection title={text.revenueHeading}>
        <RevenueChart days={figures.revenueByDay} />
      </DashboardSection>
      <DashboardSection title={text.ordersByStatusHeading}>
        <OrdersByStatus counts={figures.ordersByStatus} />
        {/* docs/requirements.md §16: the shipping backlog. */}
        <p className="mt-2 text-sm">
          {messages.shippingPages.shippingBacklog(figures.waitingToShip, figures.unitsBackordered)}
        </p>
      </DashboardSection>
      <DashboardSection title={text.topPartsHeading} note={text.topPartsNote}>
        <TopPartsTable parts={figures.topParts} />
      </DashboardSection>
      <DashboardSection title={text.lowStockHeading} note={text.lowStockNote}>
        <LowStockTable parts={figures.lowStock} total={figures.lowStockTotal} />
      </DashboardSection>
    </div>
  );
}
