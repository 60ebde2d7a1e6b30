/**
 * Credit memos and refunds (docs/requirements.md §17 "Credit memos and refunds", docs/decisions/028): a memo
 * credits part of a paid order (a received return, a cancelled order, a goodwill amount), numbered
 * `CM-<year>-<6 digits>` without gaps from one counter row per year (as invoices: decision 024). A card order's memo
 * is refunded through the payment provider (`refundId`, `refundedAt`); an account order's memo lowers its company's
 * balance. Money is integer cents. Written only by the credit-memos module, except `sandbox_refunds` (payments).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { orderLines, orders } from './orders.js';

/** Why a memo was issued: a received return, an admin's cancellation of a paid order, or a goodwill amount. */
export const CREDIT_MEMO_KINDS = ['return', 'cancel', 'goodwill'] as const;
export type CreditMemoKind = (typeof CREDIT_MEMO_KINDS)[number];

/** How a memo is settled: refunded to the card that paid the order, or credited to the company's account. */
export type CreditMemoSettlement = 'card' | 'account';

/** Credit memo numbering, one row per calendar year (`last`: the last number handed out), as invoice_counters. */
export const creditMemoCounters = pgTable(
  'credit_memo_counters',
  {
    year: integer('year').primaryKey(),
    last: integer('last').notNull(),
  },
  (table) => [check('credit_memo_counters_last_positive', sql`${table.last} > 0`)],
);

/**
 * A credit memo: its number, order, return (at most one memo per return), company (account orders), the amounts
 * credited (total = subtotal + tax + core + shipping - restocking fee) and, once refunded, the provider's refund.
 */
export const creditMemos = pgTable(
  'credit_memos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "CM-2026-000001". */
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The return it credits (the returns module's row); null for a cancellation or a goodwill credit. */
    returnId: uuid('return_id'),
    /** The order's company when the memo credits its account; null otherwise. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    kind: text('kind').$type<CreditMemoKind>().notNull(),
    settlement: text('settlement').$type<CreditMemoSettlement>().notNull(),
    /** Unit prices x quantities (goodwill: the amount). */
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    coreCents: bigint('core_cents', { mode: 'number' }).notNull(),
    /** The order's delivery charge, credited only when the whole order is cancelled. */
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    restockingFeeCents: bigint('restocking_fee_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** The admin's reason for a goodwill credit. */
    note: text('note'),
    /** Who issued it (the receiving or refunding admin's user id). */
    actorId: text('actor_id'),
    /** The provider's refund of a card order's memo, and when it was recorded. */
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_memos_number_unique').on(table.number),
    uniqueIndex('credit_memos_year_sequence_unique').on(table.year, table.sequence),
    uniqueIndex('credit_memos_return_id_unique')
      .on(table.returnId)
      .where(sql`${table.returnId} is not null`),
    index('credit_memos_order_id_idx').on(table.orderId, table.createdAt),
    // A company's account credits (its statement, the account checkout's credit check).
    index('credit_memos_company_id_idx')
      .on(table.companyId)
      .where(sql`${table.companyId} is not null and ${table.settlement} = 'account'`),
    check('credit_memos_kind_valid', sql`${table.kind} in ('return', 'cancel', 'goodwill')`),
    check('credit_memos_settlement_valid', sql`${table.settlement} in ('card', 'account')`),
    check(
      'credit_memos_total_non_negative',
      sql`${table.totalCents} >= 0 and ${table.restockingFeeCents} >= 0`,
    ),
  ],
);
export type CreditMemoRow = typeof creditMemos.$inferSelect;

/**
 * The lines of a memo: the order line credited (SKU, name and unit price copied), why, how many units, and its
 * amounts (price x quantity, its tax share, the core deposit, the restocking fee).
 */
export const creditMemoLines = pgTable(
  'credit_memo_lines',
  {
    memoId: uuid('memo_id')
      .notNull()
      .references(() => creditMemos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    /** core | defective | wrong-part | not-needed (a return's), cancel, goodwill. */
    reason: text('reason').notNull(),
    /** Units credited (0 for a goodwill amount). */
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    coreCents: bigint('core_cents', { mode: 'number' }).notNull(),
    restockingFeeCents: bigint('restocking_fee_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memoId, table.position] }),
    index('credit_memo_lines_order_line_id_idx').on(table.orderLineId),
    check('credit_memo_lines_quantity_non_negative', sql`${table.quantity} >= 0`),
  ],
);
export type CreditMemoLineRow = typeof creditMemoLines.$inferSelect;

/** The returns settings, one row (id 1): the restocking fee in whole percent, 0..100 (default 0). */
export const returnSettings = pgTable(
  'return_settings',
  {
    id: integer('id').primaryKey().default(1),
    restockingFeePercent: integer('restocking_fee_percent').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('return_settings_one_row', sql`${table.id} = 1`),
    check('return_settings_percent', sql`${table.restockingFeePercent} between 0 and 100`),
  ],
);

/**
 * Refunds of the built-in `sandbox` payment provider (docs/design.md "Payments"), one per idempotency key, so
 * several partial refunds of one payment (credit memos) are recorded and a retried one is not recorded twice.
 * Written only by the payments module.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_refunds_idempotency_unique').on(table.idempotencyKey),
    index('sandbox_refunds_payment_intent_id_idx').on(table.paymentIntentId),
    check('sandbox_refunds_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
