/**
 * Returns with RMA numbers (docs/requirements.md §17 "Returns"): a buyer asks to send back shipped units of an
 * order's lines (returnLines), an admin approves or rejects the request, receives the parts and credits them.
 * Written only by the returns module; the order lines' returned quantities by the orders module.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RETURN_CONDITIONS, RETURN_REASONS, RETURN_STATUSES } from '@partsforge/shared';
import { companies } from './companies.js';
import { users } from './identity.js';
import { orderLines, orders } from './orders.js';

export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export type ReturnReason = (typeof RETURN_REASONS)[number];
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

/** RMA numbers: RMA-100001 is the first; a sequence never hands a value out twice. */
export const returnNumberSequence = pgSequence('return_number_seq', { startWith: 100001 });

/**
 * A return (RMA) of some shipped units of one order: asked by its customer or a member of its company, then
 * approved or rejected by an admin, received, and credited (the credit memo's id, number and amount in cents).
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The readable number's digits ("RMA-" + number). */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('return_number_seq')`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Who asked for it; null once the account is removed. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The order's company (its members see the return), null for an individual customer's order. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    /** What the buyer wrote with the request. */
    note: text('note'),
    /** The admin's reason when rejected. */
    rejectReason: text('reject_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** The credit memo issued when received (the credit-memos module's), its number and total in cents. */
    creditMemoId: uuid('credit_memo_id'),
    creditMemoNumber: text('credit_memo_number'),
    creditCents: bigint('credit_cents', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('returns_number_unique').on(table.number),
    index('returns_order_id_idx').on(table.orderId),
    index('returns_user_id_idx').on(table.userId, table.createdAt),
    index('returns_company_id_idx')
      .on(table.companyId, table.createdAt)
      .where(sql`${table.companyId} is not null`),
    index('returns_status_created_at_idx').on(table.status, table.createdAt),
    check(
      'returns_status_valid',
      sql`${table.status} in ('requested', 'approved', 'rejected', 'received', 'credited')`,
    ),
  ],
);
export type ReturnRow = typeof returns.$inferSelect;

/** The units of each order line a return asks to send back, why, and what arrived (units and condition). */
export const returnLines = pgTable(
  'return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason').$type<ReturnReason>().notNull(),
    /** Units received back, 0..quantity (set when the return is received). */
    receivedQuantity: integer('received_quantity').notNull().default(0),
    /** How they arrived: resellable units go back into stock; null until received. */
    condition: text('condition').$type<ReturnCondition>(),
  },
  (table) => [
    primaryKey({ columns: [table.returnId, table.orderLineId] }),
    index('return_lines_order_line_id_idx').on(table.orderLineId),
    check('return_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('return_lines_received_valid', sql`${table.receivedQuantity} between 0 and ${table.quantity}`),
    check(
      'return_lines_reason_valid',
      sql`${table.reason} in ('core', 'defective', 'wrong-part', 'not-needed')`,
    ),
    check(
      'return_lines_condition_valid',
      sql`${table.condition} is null or ${table.condition} in ('resellable', 'damaged')`,
    ),
  ],
);
export type ReturnLineRow = typeof returnLines.$inferSelect;
