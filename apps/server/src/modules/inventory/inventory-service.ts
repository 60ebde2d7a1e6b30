/**
 * The admin's stock adjustments and a part's stock history (docs/requirements.md §13 "Stock history"). An
 * adjustment is a signed change with a note; the stock never goes below 0 (400 STOCK_BELOW_ZERO, nothing
 * changed) nor above PART_MAX_QUANTITY. The history is a part's movements, newest first, paged by `page` and
 * `pageSize`. Every adjustment is told to CatalogChanges after it commits.
 */
import {
  PART_MAX_QUANTITY,
  apiErrorCodes,
  formatOrderNumber,
  isId,
  messages,
  type StockAdjustmentResult,
  type StockMovement,
  type StockMovementPage,
  type StockMovementsQuery,
} from '@partsforge/shared';
import type { AppDatabase } from '../../db/connect.js';
import { HttpError, NotFoundError } from '../../lib/http-errors.js';
import type { CatalogChanges } from '../catalog/index.js';
import { createInventoryRepository, type MovementRow } from './inventory-repository.js';

/** Stock use cases; each throws HttpError subclasses the error handler answers with. */
export interface InventoryService {
  /**
   * Adds `change` (signed whole units, not 0) to part `partId`'s stock as `userId`'s adjustment with `note`;
   * returns the stock after it and its movement. 404 unknown part, 400 STOCK_BELOW_ZERO when the stock would go
   * below 0, 400 VALIDATION_FAILED above PART_MAX_QUANTITY (nothing changes either way).
   */
  adjust(
    partId: string,
    input: { change: number; note: string },
    userId: string,
  ): Promise<StockAdjustmentResult>;
  /** A page of part `partId`'s movements, newest first; 404 unknown part. */
  history(partId: string, query: StockMovementsQuery): Promise<StockMovementPage>;
}

/** The API's StockMovement of a row (the order number formatted, the time in ISO). */
export function toStockMovement(row: MovementRow): StockMovement {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    change: row.change,
    levelAfter: row.levelAfter,
    reason: row.reason,
    orderId: row.orderId,
    orderNumber: row.orderNumber === null ? null : formatOrderNumber(row.orderNumber),
    userId: row.userId,
    userName: row.userName,
    note: row.note,
  };
}

/** Builds the service on `db`; `changes` hears of each committed adjustment. */
export function createInventoryService(db: AppDatabase, changes: CatalogChanges): InventoryService {
  const repository = createInventoryRepository(db);
  const notFound = () => new NotFoundError(messages.errors.partNotFound);

  return {
    async adjust(partId, { change, note }, userId) {
      if (!isId(partId)) throw notFound();
      const id = partId.toLowerCase();
      const result = await repository.adjust(id, change, { userId, note });
      if (!result.ok) {
        if (result.reason === 'not-found') throw notFound();
        if (result.reason === 'below-zero')
          throw new HttpError(
            400,
            messages.stock.belowZero(result.available, change),
            apiErrorCodes.stockBelowZero,
            { change: messages.stock.belowZero(result.available, change) },
          );
        throw new HttpError(
          400,
          messages.stock.aboveMaximum(PART_MAX_QUANTITY),
          apiErrorCodes.validationFailed,
          {
            change: messages.stock.aboveMaximum(PART_MAX_QUANTITY),
          },
        );
      }
      changes.stockChanged(id);
      return { available: result.available, movement: toStockMovement(result.movement) };
    },

    async history(partId, { page, pageSize }) {
      if (!isId(partId)) throw notFound();
      const rows = await repository.history(partId.toLowerCase(), {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      if (!rows) throw notFound();
      return { items: rows.items.map(toStockMovement), total: rows.total, page, pageSize };
    },
  };
}
