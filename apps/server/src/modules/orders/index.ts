/**
 * The orders module's public face (docs/design.md "Layout"): its plugin (app.orders), its routes, and what other
 * modules may know of customers' orders without reading the orders tables (docs/design.md "Modules and tables").
 */
export { orderAdminRoutes } from './order-admin-routes.js';
export { orderRoutes } from './order-routes.js';
export { orderTotalsByUser, PAID_ORDER_STATUSES, type OrderTotals } from './order-stats.js';
export { ordersPlugin } from './orders-plugin.js';
export { expiredHoldQueueStats } from './order-queue-stats.js';
export { recordInvoicePayment, type InvoicePaymentEntry } from './order-repository.js';
export {
  addReturnedUnits,
  lockOrderForReturn,
  recordReturnEvent,
  returnOrderFacts,
  type ReturnableLine,
  type ReturnableOrder,
  type ReturnOrderFacts,
} from './order-returns.js';
export {
  cancelPaidOrder,
  findOrderForMemo,
  lockOrderForCredit,
  maySeeOrder,
  recordOrderCredit,
  type CreditOrder,
  type CreditOrderLine,
  type OrderMemoView,
} from './order-credits.js';
export { orderPagePath } from './order-mail.js';
