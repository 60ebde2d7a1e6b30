/**
 * Test helpers for stock: a test that sets a part's stock directly says why, as every writer must (migration 0022
 * refuses an update of parts.available without a reason; docs/decisions/023-stock-ledger.md). Either is recorded
 * as an admin adjustment noted 'test'.
 */
import type { AppDatabase } from '../db/connect.js';
import { setStockContext } from '../db/stock-context.js';
import { setStock, type StockContext } from '../modules/inventory/index.js';

/** The stock context of a test's direct stock change. */
export const TEST_STOCK_CONTEXT: StockContext = { reason: 'admin_adjustment', note: 'test' };

/** Sets part `partId`'s stock to `level` (units) through the inventory module, in a transaction of its own. */
export async function setStockOf(db: AppDatabase, partId: string, level: number): Promise<void> {
  await db.transaction((tx) =>
    setStock(tx as unknown as AppDatabase, [{ partId, level }], TEST_STOCK_CONTEXT),
  );
}

/**
 * Runs `write` in a transaction whose stock changes carry TEST_STOCK_CONTEXT: for a test that changes the stock
 * with its own SQL, as another process would (several parts, other columns in the same statement). Answers what
 * `write` answers; its errors propagate (and roll the transaction back).
 */
export async function withTestStockReason<T>(
  db: AppDatabase,
  write: (tx: AppDatabase) => Promise<T>,
): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDatabase;
    await setStockContext(tx, TEST_STOCK_CONTEXT);
    return write(tx);
  });
}
