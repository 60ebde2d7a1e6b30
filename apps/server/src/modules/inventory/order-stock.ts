/**
 * The stock an order takes, as a piece of the statement that places the order (docs/decisions/022-order-path-and-
 * mail-outbox.md): the orders module writes an order, its lines, its first event, its mail and its stock in one
 * statement, and the stock part of it is this module's SQL. The stock ledger's trigger records each change with the
 * context the same statement sets (db/stock-context.ts, `stockContextSql`). Stock never goes below zero: the parts
 * table's CHECK (parts_available_non_negative) fails the whole statement instead, which the caller reports.
 */
import { sql, type SQL } from 'drizzle-orm';
import { anyLengthArray, type AppDatabase } from '../../db/connect.js';
import { parts } from '../../db/schema/index.js';

/** The CHECK a take of more than the stock breaks (SQLSTATE 23514 with this constraint name). */
export const STOCK_NON_NEGATIVE_CONSTRAINT = 'parts_available_non_negative';

/**
 * Locks the stock rows of `partIds` in id order until `tx` (a transaction) ends, so that several writers taking
 * stock of the same parts wait for each other instead of deadlocking. A statement that takes stock of several parts
 * runs after this one: its snapshot then sees every locked row as it is (docs/decisions/022: locking them inside the
 * same statement as the UPDATE left the UPDATE on older row versions, whose tuple locks deadlocked).
 */
export async function lockStockInIdOrder(tx: AppDatabase, partIds: readonly string[]): Promise<void> {
  const ids = [...new Set(partIds)].sort();
  await tx.execute(
    sql`select id from ${parts} where id = any(${sql.param(ids)}::uuid[]) order by id for no key update`,
  );
}

/**
 * An UPDATE, for a data-modifying WITH item, that takes each line's quantity from its part, once for each row of
 * `when` (a WITH item of one row, or none: nothing is taken), returning the ids of the parts changed. With several
 * lines, the caller's transaction has locked them with lockStockInIdOrder first.
 */
export function takeStockSql(lines: readonly { partId: string; quantity: number }[], when: SQL): SQL {
  const ids = lines.map((line) => line.partId);
  const units = lines.map((line) => line.quantity);
  return sql`update ${parts} set available = ${parts.available} - taken.units
    from unnest(${anyLengthArray(sql.param(ids), 'uuid[]')}, ${anyLengthArray(sql.param(units), 'int[]')}) as taken(id, units), ${when}
    where ${parts.id} = taken.id
    returning ${parts.id}`;
}
