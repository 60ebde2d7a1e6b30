import type { StatusCount } from '@partsforge/shared/dashboard';
import { messages } from '@partsforge/shared/messages';
import type { OrderStatusValue } from '@partsforge/shared/orders';
import { FiguresTable } from './figures-table';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/** Each stored status as the admin's order table names it: pending is a paid order waiting to ship. */
const statusLabel: Record<OrderStatusValue, string> = {
  unpaid: messages.orders.unpaid,
  pending: messages.orders.pending,
  shipped: messages.orders.shipped,
  cancelled: messages.orders.cancelled,
  expired: messages.orders.expired,
  'awaiting-approval': companyPageMessages.statusAwaitingApproval,
  rejected: companyPageMessages.statusRejected,
  'partially-shipped': messages.orders.partiallyShipped,
};

/** "Orders by status": every stored status with its count (0 included), or a note when there are no orders. */
export function OrdersByStatus({ counts }: { counts: StatusCount[] }) {
  if (counts.every((entry) => entry.count === 0)) return <p>{messages.adminDashboard.noOrders}</p>;
  return (
    <div className="max-w-md">
      <FiguresTable
        columns={[
          { label: messages.adminDashboard.status },
          { label: messages.adminDashboard.orders, numeric: true },
        ]}
      >
        {counts.map((entry) => (
          <tr key={entry.status}>
            <th scope="row" className="font-medium">
              {statusLabel[entry.status]}
            </th>
            <td className="text-right tabular-nums">{entry.count.toLocaleString('en-US')}</td>
          </tr>
        ))}
      </FiguresTable>
    </div>
  );
}
