import { messages } from '@partsforge/shared/messages';
import type { OrderStatusValue } from '@partsforge/shared/orders';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/** What the buyer reads for each stored status: pending (paid, waiting to ship) is "Paid"; awaiting-approval is "Awaiting approval". */
export const orderStatusLabel: Record<OrderStatusValue, string> = {
  unpaid: messages.orders.unpaid,
  pending: messages.orders.paid,
  shipped: messages.orders.shipped,
  cancelled: messages.orders.cancelled,
  expired: messages.orders.expired,
  // docs/requirements.md §14 "Company accounts": a buyer's order above their spending limit, and its refusal.
  'awaiting-approval': companyPageMessages.statusAwaitingApproval,
  rejected: companyPageMessages.statusRejected,
  'partially-shipped': messages.orders.partiallyShipped,
};

/** The badge colour of each status. */
export const orderStatusBadge: Record<OrderStatusValue, string> = {
  unpaid: 'badge-ghost',
  pending: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
  expired: 'badge-ghost',
  'awaiting-approval': 'badge-warning',
  rejected: 'badge-error',
  'partially-shipped': 'badge-info',
};
