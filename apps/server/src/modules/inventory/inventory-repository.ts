/**
 * Stock ledger storage (docs/requirements.md §13 "Stock history"). The movements themselves are written by the
 * database (migration 0019's trigger on parts.available) from the stock context that stock-writer.ts sets; this
 * repository makes the admin's adjustment (through changeStock) and reads a part's history with the order number
 * and the user's name behind each movement.
 */
import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { orders, parts, stockMovements, users, type StockMovementReason } from '../../db/schema/index.js';
import type { Page } from '../../lib/page.js';
import { changeStock } from './stock-writer.js';

/** A movement as read: the ledger row with its order's number and its user's name (null when none or gone). */
export interface MovementRow {
  id: number;
  createdAt: Date;
  change: number;
  levelAfter: number;
  reason: StockMovementReason;
  orderId: string | null;
  /** The order's number digits (formatOrderNumber makes 'PF-100001'). */
  orderNumber: number | null;
  userId: string | null;
  userName: string | null;
  note: string | null;
}

/** Result of adjust(): the new stock and its movement, or why nothing changed. */
export type AdjustResult =
  | { ok: true; available: number; movement: MovementRow }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'below-zero' | 'above-maximum'; available: number };

/** Stock adjustments and history on one database. */
export interface InventoryRepository {
  /**
   * Adds `change` (signed units) to the part's stock in one conditional update (the result between 0 and
   * PART_MAX_QUANTITY), so concurrent adjustments never lose one, and returns the movement the trigger wrote
   * ('admin_adjustment' with `userId` and `note`), all in one transaction. Nothing changes when the part is
   * unknown or the stock would leave those bounds.
   */
  adjust(partId: string, change: number, by: { userId: string; note: string }): Promise<AdjustResult>;
  /** The part's movements, newest first (by id), and their total; undefined for an unknown part. */
  history(partId: string, page: { limit: number; offset: number }): Promise<Page<MovementRow> | undefined>;
}

/** The columns of a MovementRow: the ledger joined to its order and user. */
const movementColumns = {
  id: stockMovements.id,
  createdAt: stockMovements.createdAt,
  change: stockMovements.change,
  levelAfter: stockMovements.levelAfter,
  reason: stockMovements.reason,
  orderId: stockMovements.orderId,
  orderNumber: orders.number,
  userId: stockMovements.userId,
  userName: users.name,
  note: stockMovements.note,
};

/** Builds the repository on `db`. Database errors propagate. */
export function createInventoryRepository(db: AppDatabase): InventoryRepository {
  /** The movements of `where` joined to their order and user, newest first. */
  const movements = (on: AppDatabase, where: SQL) =>
    on
      .select(movementColumns)
      .from(stockMovements)
      .leftJoin(orders, eq(orders.id, stockMovements.orderId))
      .leftJoin(users, eq(users.id, stockMovements.userId))
      .where(where)
      .orderBy(desc(stockMovements.id));

  return {
    adjust(partId, change, { userId, note }) {
      return db.transaction(async (transaction): Promise<AdjustResult> => {
        const tx = transaction as unknown as AppDatabase;
        const changed = await changeStock(tx, new Map([[partId, change]]), {
          reason: 'admin_adjustment',
          userId,
          note,
        });
        const available = changed.get(partId);
        if (available === undefined) {
          const [part] = await tx
            .select({ available: parts.available })
            .from(parts)
            .where(eq(parts.id, partId));
          if (!part) return { ok: false, reason: 'not-found' };
          const reason = part.available + change < 0 ? 'below-zero' : 'above-maximum';
          return { ok: false, reason, available: part.available };
        }
        // The part's row stays locked until commit, so its newest movement is the one this update wrote.
        const [movement] = await movements(tx, eq(stockMovements.partId, partId)).limit(1);
        return { ok: true, available, movement: movement! };
      });
    },

    async history(partId, { limit, offset }) {
      const [part] = await db.select({ id: parts.id }).from(parts).where(eq(parts.id, partId));
      if (!part) return undefined;
      const where = eq(stockMovements.partId, partId);
      const [items, totals] = await Promise.all([
        movements(db, where).limit(limit).offset(offset),
        db.select({ value: count() }).from(stockMovements).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },
  };
}
