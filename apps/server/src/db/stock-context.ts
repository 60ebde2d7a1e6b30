/**
 * Why stock changes in a transaction (docs/requirements.md §13, migrations 0019 and 0022): the trigger on
 * parts.available writes one stock_movements row per changed part and reads the reason, order, user and note set
 * here, and refuses an update of the stock without a reason (STOCK_REASON_MISSING). The settings are
 * transaction-local: they end with `tx`, and a later call in the same transaction replaces them. Modules change
 * stock through the inventory module's changeStock() and setStock() (modules/inventory/index.ts), which call this;
 * docs/decisions/023-stock-ledger.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from './connect.js';
import type { StockMovementReason } from './schema/index.js';

/** SQLSTATE of an update of parts.available made without a stock reason (migration 0022's trigger). */
export const STOCK_REASON_MISSING = 'PF001';

/** What the next stock changes in the transaction are recorded with. */
export interface StockContext {
  reason: StockMovementReason;
  /** The order behind the change (placing, cancelling or expiring it). */
  orderId?: string | null | undefined;
  /** The user behind the change (the customer who ordered, the admin who adjusted or imported). */
  userId?: string | null | undefined;
  /** The admin's note on an adjustment. */
  note?: string | null | undefined;
}

/**
 * The select-list expressions that set `context` for the rest of the transaction (set_config, transaction-local):
 * for a statement that sets the context and changes stock in one round trip (docs/decisions/022).
 */
export function stockContextSql(context: StockContext): SQL {
  return sql`set_config('partsforge.stock_reason', ${context.reason}, true),
    set_config('partsforge.stock_order_id', ${context.orderId ?? ''}, true),
    set_config('partsforge.stock_user_id', ${context.userId ?? ''}, true),
    set_config('partsforge.stock_note', ${context.note ?? ''}, true)`;
}

/** Sets the stock context for the rest of transaction `tx` (it must be a transaction, or the settings do nothing). */
export async function setStockContext(tx: AppDatabase, context: StockContext): Promise<void> {
  await tx.execute(sql`select ${stockContextSql(context)}`);
}
