/**
 * The inventory module's public face (docs/design.md "Layout"; docs/decisions/023-stock-ledger.md): the admin's
 * stock adjustment and history routes, and the one way any module changes a part's stock.
 *
 * - `changeStock(tx, changes, context)`: adds signed units per part (order placed: negative; cancelled, expired:
 *   positive), in the caller's transaction; answers the levels after.
 * - `setStock(tx, levels, context)`: sets absolute levels (product form, import), optionally only where the stock is
 *   still what the caller expected; answers the parts whose stock had moved.
 *
 * `context` is the reason (order_placed, order_cancelled, hold_expired, admin_adjustment, import) and the order, user
 * and note behind it; the database writes the ledger and refuses a stock update without a reason (migration 0022).
 */
export { inventoryRoutes } from './inventory-routes.js';
export { changeStock, setStock, type StockContext, type StockLevel } from './stock-writer.js';
export { lockStockInIdOrder, STOCK_NON_NEGATIVE_CONSTRAINT, takeStockSql } from './order-stock.js';
