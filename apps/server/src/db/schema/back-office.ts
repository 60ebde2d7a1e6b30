/**
 * Back-office tables (docs/requirements.md §13): invoices and their gapless numbering, the stock ledger, and the
 * outbox of customer email. Money is integer cents.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { parts } from './catalog.js';
import { companies } from './companies.js';
import { users } from './identity.js';
import { orders } from './orders.js';

/**
 * Invoice numbering, one row per calendar year: `last` is the last number handed out. Taking a number is an upsert
 * that increments `last` inside the payment's transaction, so the row lock serialises concurrent payments and a
 * rolled-back payment gives its number back: no number is skipped or used twice (docs/requirements.md §13).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    year: integer('year').primaryKey(),
    last: integer('last').notNull(),
  },
  (table) => [check('invoice_counters_last_positive', sql`${table.last} > 0`)],
);

/**
 * An order's invoice, issued once: when a card order is paid (then `paidCents` = total at once), or when an account
 * order is accepted (docs/requirements.md §15: due `dueAt`, paid by the payments admins record). Number
 * `INV-<year>-<sequence padded to 6>`. Amounts are copied from the order at issue time (integer cents); the tax rate
 * is in basis points (1% = 100).
 */
export const invoices = pgTable(
  'invoices',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** e.g. 'INV-2026-000001'. */
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** The ordering company (statements, credit); null for an individual customer's order. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** When an account invoice falls due; null for one paid by card at issue. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Sum of the payments against it, integer cents (never above the total). */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    /** When the last overdue reminder was mailed (at most one a week). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    // A company's statement, and its open balance under the credit check: its invoices newest first.
    index('invoices_company_id_idx')
      .on(table.companyId, table.issuedAt)
      .where(sql`${table.companyId} is not null`),
    // The receivables report and the reminder job read open account invoices only.
    index('invoices_open_due_at_idx')
      .on(table.dueAt)
      .where(sql`${table.paidCents} < ${table.totalCents}`),
    check('invoices_paid_within_total', sql`${table.paidCents} between 0 and ${table.totalCents}`),
    uniqueIndex('invoices_year_sequence_unique').on(table.year, table.sequence),
    check('invoices_tax_rate_valid', sql`${table.taxRateBasisPoints} between 0 and 10000`),
  ],
);

/** What an admin recorded a payment by. */
export const INVOICE_PAYMENT_METHOD_VALUES = ['ach', 'check', 'wire', 'card'] as const;

/** Payments against an invoice (docs/requirements.md §15), recorded by admins; partial payments allowed. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => invoices.orderId, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method').$type<(typeof INVOICE_PAYMENT_METHOD_VALUES)[number]>().notNull(),
    reference: text('reference').notNull().default(''),
    /** The admin's name as it was then. */
    recordedBy: text('recorded_by'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invoice_payments_order_id_idx').on(table.orderId, table.id),
    check('invoice_payments_amount_positive', sql`${table.amountCents} > 0`),
    check('invoice_payments_method_valid', sql`${table.method} in ('ach', 'check', 'wire', 'card')`),
  ],
);

/** Why stock changed (docs/requirements.md §13). */
export const STOCK_MOVEMENT_REASONS = [
  'order_placed',
  'order_cancelled',
  'hold_expired',
  'admin_adjustment',
  'import',
  'return',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/**
 * The stock ledger: one row per change of a part's `available` — the change (signed units), the level after it, the
 * reason, and the order or user behind it. Newest first by `id`.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    /** Signed units: negative when stock went down. */
    change: integer('change').notNull(),
    /** `available` after the change. */
    levelAfter: integer('level_after').notNull(),
    reason: text('reason').$type<StockMovementReason>().notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin's note on an adjustment. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_movements_part_id_idx').on(table.partId, table.id),
    index('stock_movements_order_id_idx').on(table.orderId),
    check(
      'stock_movements_reason_valid',
      sql`${table.reason} in ('order_placed', 'order_cancelled', 'hold_expired', 'admin_adjustment', 'import', 'return')`,
    ),
  ],
);
export type StockMovementRow = typeof stockMovements.$inferSelect;

/**
 * The outbox of customer email, which is also its delivery queue (docs/decisions/022-order-path-and-mail-outbox.md):
 * every message is written here, rendered, in the same transaction as the change that causes it (modules/mail).
 * A delivery worker claims due rows (`nextAttemptAt` reached, not claimed or its claim lapsed) with SKIP LOCKED,
 * sends them and sets `sentAt`, so a message is sent once however many workers run; a failure sets the next
 * attempt with backoff, and after the last one `failedAt`. `attachments` names documents made at delivery time,
 * e.g. `[{ "kind": "invoice", "orderId" }]` or a credit memo's `[{ "kind": "credit-memo", "orderId", "memoId" }]`.
 */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** e.g. 'verify-email', 'reset-password', 'order-confirmation', 'payment-receipt', 'order-shipped'. */
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments')
      .$type<
        ({ kind: 'invoice'; orderId: string } | { kind: 'credit-memo'; orderId: string; memoId: string })[]
      >()
      .notNull()
      .default(sql`'[]'::jsonb`),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The Message-ID the transport gave it; set with sentAt. */
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the message is next due for delivery (now when queued; later after a failed attempt). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim: until then no other worker takes the row; a lapsed claim is a crashed worker's. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Set when the last attempt failed: the message is no longer retried. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('outbound_emails_order_id_idx').on(table.orderId),
    // The delivery worker's claim: due messages still to send, oldest due first.
    index('outbound_emails_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);
export type OutboundEmailRow = typeof outboundEmails.$inferSelect;
