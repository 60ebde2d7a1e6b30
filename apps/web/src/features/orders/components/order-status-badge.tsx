import type { OrderStatusValue } from '@partsforge/shared/orders';
import { orderStatusBadge, orderStatusLabel } from '../order-status';

/** An order's status as a badge: Unpaid, Paid, Shipped, Cancelled, Expired, Awaiting approval or Rejected. */
export function OrderStatusBadge({ status }: { status: OrderStatusValue }) {
  return <span className={`badge ${orderStatusBadge[status]}`}>{orderStatusLabel[status]}</span>;
}
