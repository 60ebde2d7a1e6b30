/**
 * The one writer of parts' stock (docs/decisions/023-stock-ledger.md; docs/requirements.md §13 "Stock history").
 * Every change of `parts.available` goes through changeStock() (relative: orders, cancellations, expiries, admin
 * adjustments) or setStock() (absolute: the product form, the catalogue import), each with its StockContext (the
 * reason and the order, user and note behind it). Both run in the caller's transaction `tx`: they set the stock
 * context for it (db/stock-context.ts), and migration 0019's trigger writes one stock_movements row per part whose
 * stock changed. An update of the stock without a reason is refused by the database (migration 0022, SQLSTATE
 * PF001), so a path that bypasses this file fails instead of writing a ledger row that names no one.
 */
import { PART_MAX_QUANTITY } from '@partsforge/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { parts } from '../../db/schema/index.js';
import { setStockContext, type StockContext } from '../../db/stock-context.js';

export type { StockContext } from '../../db/stock-context.js';

/** A part's new stock level for setStock(). */
export interface StockLevel {
  partId: string;
  /** Units in stock after the write, 0..PART_MAX_QUANTITY (the caller validated it). */
  level: number;
  /**
   * The stock the caller's level was decided from (e.g. what the Edit Product form showed): when the part's stock
   * is no longer this, nothing is written for it and setStock() answers its current stock. Omitted: written as is.
   */
  expected?: number | undefined;
}

/** `{ id, available }` rows of the parts a statement changed or read. */
interface StockRow {
  id: string;
  available: number;
}

const levelsOf = (rows: readonly StockRow[]) => new Map(rows.map((row) => [row.id, row.available]));

/**
 * Adds `changes` (part id -> signed units, negative to take) to the parts' stock in one statement, recorded with
 * `context`. Answers part id -> stock after the change for every part changed. A part that is unknown, or whose
 * stock would leave 0..PART_MAX_QUANTITY, is not changed and is missing from the answer: a caller that needs all or
 * nothing compares the answer's size with `changes.size` and throws to roll `tx` back. The updated rows stay locked
 * until `tx` ends; a caller changing several parts that others change too locks them in id order first (as the
 * orders module does), so two writers never wait for each other in a circle. Database errors propagate.
 */
export async function changeStock(
  tx: AppDatabase,
  changes: ReadonlyMap<string, number>,
  context: StockContext,
): Promise<Map<string, number>> {
  if (changes.size === 0) return new Map();
  const ids = [...changes.keys()];
  await setStockContext(tx, context);
  const rows = await queryRows<StockRow>(
    tx,
    sql`update ${parts} set available = ${parts.available} + changed.units, updated_at = now()
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(ids.map((id) => changes.get(id)!))}::int[])
          as changed(id, units)
        where ${parts.id} = changed.id
          and ${parts.available}::bigint + changed.units between 0 and ${PART_MAX_QUANTITY}
        returning ${parts.id} as id, ${parts.available} as available`,
  );
  return levelsOf(rows);
}

/**
 * Sets each part of `levels` to its `level`, recorded with `context`, in `tx`. A level with `expected` is written
 * only when the part's stock is still `expected` (read under the row's lock, taken in id order, so a concurrent
 * order either committed before and is seen, or waits and is not lost); the others are written as given. Answers
 * part id -> current stock for the parts left unchanged because their stock was not `expected` (empty when every
 * level was written). Unknown parts are ignored; a part already at its level writes no movement. Levels are the
 * caller's to check (0..PART_MAX_QUANTITY: the CHECK constraint refuses a negative one). Database errors propagate.
 */
export async function setStock(
  tx: AppDatabase,
  levels: readonly StockLevel[],
  context: StockContext,
): Promise<Map<string, number>> {
  const conflicts = new Map<string, number>();
  let writes = levels;
  const guarded = levels.filter((entry) => entry.expected !== undefined);
  if (guarded.length > 0) {
    const ids = [...new Set(guarded.map((entry) => entry.partId))].sort();
    const current = levelsOf(
      await queryRows<StockRow>(
        tx,
        sql`select id, available from ${parts} where id = any(${sql.param(ids)}::uuid[])
            order by id for no key update`,
      ),
    );
    writes = levels.filter((entry) => {
      const now = current.get(entry.partId);
      if (entry.expected === undefined || now === undefined || now === entry.expected) return true;
      conflicts.set(entry.partId, now);
      return false;
    });
  }
  if (writes.length === 0) return conflicts;
  await setStockContext(tx, context);
  await tx.execute(
    sql`update ${parts} set available = wanted.level, updated_at = now()
        from unnest(${sql.param(writes.map((entry) => entry.partId))}::uuid[],
                    ${sql.param(writes.map((entry) => entry.level))}::int[]) as wanted(id, level)
        where ${parts.id} = wanted.id and ${parts.available} <> wanted.level`,
  );
  return conflicts;
}
