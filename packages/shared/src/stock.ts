/**
 * Stock history contract (docs/requirements.md §13 "Stock history"): every change of a part's stock is a movement
 * (signed change, level after, reason, the order or user behind it, time); admins adjust stock with a note and
 * read a part's movements, newest first, paged. One schema for the Adjust stock form and the routes.
 */
import { z } from 'zod';
import { PART_MAX_QUANTITY } from './catalog-admin.js';
import { messages } from './messages.js';
import { requiredText } from './text-fields.js';

/** Why stock changed: the database's reasons (schema stock_movements), in the order the requirements list them. */
export const STOCK_MOVEMENT_REASON_VALUES = [
  'order_placed',
  'order_cancelled',
  'hold_expired',
  'admin_adjustment',
  'import',
  'return',
] as const;
export const stockMovementReasonSchema = z.enum(STOCK_MOVEMENT_REASON_VALUES);
export type StockMovementReasonValue = z.infer<typeof stockMovementReasonSchema>;

/** Longest note of an adjustment, in characters. */
export const STOCK_NOTE_MAX_LENGTH = 200;
/** Movements on a page of a part's history unless `pageSize` says otherwise, and the most it may say. */
export const STOCK_HISTORY_DEFAULT_PAGE_SIZE = 20;
export const STOCK_HISTORY_MAX_PAGE_SIZE = 100;

/**
 * `POST /api/admin/parts/{id}/stock-adjustments` body and the Adjust stock form: `change` is signed whole units
 * (not 0; negative takes stock away), `note` says why ("Cycle count", "Damaged in warehouse"), 1..200 characters.
 */
export const stockAdjustmentInputSchema = z.object({
  change: z
    .number({ message: messages.stock.changeRequired })
    .int({ message: messages.stock.changeRequired })
    .min(-PART_MAX_QUANTITY, { message: messages.validation.atLeast('Change', -PART_MAX_QUANTITY) })
    .max(PART_MAX_QUANTITY, { message: messages.validation.atMost('Change', PART_MAX_QUANTITY) })
    .refine((change) => change !== 0, { message: messages.stock.changeNotZero }),
  note: requiredText('Reason', messages.stock.reasonRequired, STOCK_NOTE_MAX_LENGTH),
});
export type StockAdjustmentInput = z.input<typeof stockAdjustmentInputSchema>;

/** `GET /api/admin/parts/{id}/stock-movements` query: `page` (1-based, default 1) and `pageSize` (default 20, at most 100). */
export const stockMovementsQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'page must be a whole number' })
    .int({ message: 'page must be a whole number' })
    .min(1, { message: 'page must be at least 1' })
    .max(1_000_000, { message: 'page is too large' })
    .default(1),
  pageSize: z.coerce
    .number({ message: 'pageSize must be a whole number' })
    .int({ message: 'pageSize must be a whole number' })
    .min(1, { message: 'pageSize must be at least 1' })
    .max(STOCK_HISTORY_MAX_PAGE_SIZE, { message: `pageSize must be at most ${STOCK_HISTORY_MAX_PAGE_SIZE}` })
    .default(STOCK_HISTORY_DEFAULT_PAGE_SIZE),
});
export type StockMovementsQuery = z.infer<typeof stockMovementsQuerySchema>;

/**
 * One movement: `change` in signed units, `levelAfter` the stock after it, `at` an ISO time; the order behind it
 * (`orderId`, `orderNumber` 'PF-100001') and the user (`userId`, `userName`) when there is one; the admin's note.
 */
export const stockMovementSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  change: z.number().int(),
  levelAfter: z.number().int(),
  reason: stockMovementReasonSchema,
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** A page of a part's history, newest first: its movements, the whole history's `total`, `page` and `pageSize`. */
export const stockMovementPageSchema = z.object({
  items: z.array(stockMovementSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StockMovementPage = z.infer<typeof stockMovementPageSchema>;

/** The answer to an adjustment: the part's stock after it and the movement it wrote. */
export const stockAdjustmentResultSchema = z.object({
  available: z.number().int(),
  movement: stockMovementSchema,
});
export type StockAdjustmentResult = z.infer<typeof stockAdjustmentResultSchema>;
