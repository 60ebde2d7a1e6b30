/**
 * Returns with RMA numbers (docs/requirements.md §17 "Returns"): the request a buyer makes for shipped units of an
 * order's lines, the admins' approve, reject and receive steps, and the return as every returns call answers it.
 * Money is dollars on the wire.
 */
import { returnMessages } from './return-messages.js';
import { z } from 'zod';
import { ORDER_QUANTITY_MAX } from './constants.js';
import { pageQuerySchema } from './catalog.js';
import { orderQuantitySchema } from './orders.js';
import { optionalText, requiredText } from './text-fields.js';

/** A return's statuses, in the order it moves through them ('rejected' ends it early). */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'credited'] as const;
export type ReturnStatusValue = (typeof RETURN_STATUSES)[number];
/** The statuses of a return still open: its units count against what may still be asked for. */
export const OPEN_RETURN_STATUSES = ['requested', 'approved'] as const satisfies readonly ReturnStatusValue[];

/** Why a unit comes back: `core` is the old unit that earns back the line's core deposit. */
export const RETURN_REASONS = ['core', 'defective', 'wrong-part', 'not-needed'] as const;
export type ReturnReasonValue = (typeof RETURN_REASONS)[number];

/** How received units arrived: resellable ones go back into stock. */
export const RETURN_CONDITIONS = ['resellable', 'damaged'] as const;
export type ReturnConditionValue = (typeof RETURN_CONDITIONS)[number];

/** Days after the shipment within which units may be asked back, unless RETURN_DAYS / CORE_RETURN_DAYS say. */
export const DEFAULT_RETURN_DAYS = 30;
export const DEFAULT_CORE_RETURN_DAYS = 90;

/** Longest note of a return request and reason of a rejection, in characters. */
export const RETURN_NOTE_MAX_LENGTH = 500;

/** What an RMA number's digits follow. */
export const RETURN_NUMBER_PREFIX = 'RMA-';

/** The readable RMA number of a stored sequence value: 100001 -> "RMA-100001". */
export function formatReturnNumber(sequence: number): string {
  return `${RETURN_NUMBER_PREFIX}${sequence}`;
}

const lineIdSchema = z.string().trim().min(1).max(64);

/** Adds an issue for every line named a second time in `lines`. */
function uniqueLines(lines: readonly { lineId: string }[], context: z.RefinementCtx) {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (seen.has(line.lineId.toLowerCase()))
      context.addIssue({
        code: 'custom',
        path: ['lines', index, 'lineId'],
        message: 'A line is named twice',
      });
    seen.add(line.lineId.toLowerCase());
  });
}

/**
 * `POST /returns` body and the Return items form: the order, the units of each of its lines to send back (line by
 * its `_id`, each at most once) with the reason, and an optional note.
 */
export const createReturnSchema = z
  .object({
    orderId: z.string().trim().min(1).max(64),
    lines: z
      .array(
        z.object({ lineId: lineIdSchema, quantity: orderQuantitySchema, reason: z.enum(RETURN_REASONS) }),
      )
      .min(1, { message: returnMessages.chooseUnits })
      .max(500),
    note: optionalText(returnMessages.noteLabel, RETURN_NOTE_MAX_LENGTH, { multiLine: true }),
  })
  .superRefine((body, context) => uniqueLines(body.lines, context));
export type CreateReturnInput = z.input<typeof createReturnSchema>;

/** `POST /admin/returns/{id}/reject` body: the reason the buyer is told. */
export const rejectReturnSchema = z.object({
  reason: requiredText(
    returnMessages.rejectReasonLabel,
    returnMessages.rejectReasonRequired,
    RETURN_NOTE_MAX_LENGTH,
  ),
});
export type RejectReturnInput = z.input<typeof rejectReturnSchema>;

/**
 * `POST /admin/returns/{id}/receive` body: the units of each line of the return that arrived (0 to what it asked for;
 * lines left out: none) and their condition.
 */
export const receiveReturnSchema = z
  .object({
    lines: z
      .array(
        z.object({
          lineId: lineIdSchema,
          quantity: z.number().int().min(0).max(ORDER_QUANTITY_MAX),
          condition: z.enum(RETURN_CONDITIONS),
        }),
      )
      .min(1, { message: returnMessages.nothingReceived })
      .max(500),
  })
  .superRefine((body, context) => uniqueLines(body.lines, context));
export type ReceiveReturnInput = z.input<typeof receiveReturnSchema>;

/** `GET /admin/returns` query: paging and an optional status. */
export const adminReturnsQuerySchema = pageQuerySchema.extend({ status: z.enum(RETURN_STATUSES).optional() });
export type AdminReturnsQuery = z.input<typeof adminReturnsQuerySchema>;

/** One line of a return: the order line (id, SKU, name, unit price), units asked, reason, units received, condition. */
export const returnLineSchema = z.object({
  lineId: z.string(),
  sku: z.string(),
  name: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  reason: z.enum(RETURN_REASONS),
  receivedQuantity: z.number().int(),
  condition: z.enum(RETURN_CONDITIONS).nullable(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

/** A return (RMA) as every returns call answers it. */
export const returnSchema = z.object({
  _id: z.string(),
  /** "RMA-100001". */
  number: z.string(),
  status: z.enum(RETURN_STATUSES),
  orderId: z.string(),
  orderNumber: z.string(),
  /** Who asked for it: name and email as the order has them. */
  customer: z.object({ name: z.string(), email: z.string() }),
  lines: z.array(returnLineSchema),
  note: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  /** Where to send the parts (the shop's return address), once approved; else null. */
  sendTo: z.array(z.string()).nullable(),
  /** The credit memo issued when received: its number and total in dollars; null before. */
  creditMemo: z.object({ number: z.string(), total: z.number() }).nullable(),
});
export type Return = z.infer<typeof returnSchema>;
