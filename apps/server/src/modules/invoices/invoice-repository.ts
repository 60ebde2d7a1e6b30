/**
 * Invoice storage (docs/requirements.md §13 "Invoices"): issuing an order's invoice with the next number of the
 * year, and reading an invoice with what its document shows. Numbers come from one counter row per year, taken
 * with an upsert in the transaction that marks the order paid: the row lock makes concurrent payments wait
 * for each other, and a payment that rolls back gives its number back, so numbers have no gaps and no reuse.
 * Money: integer cents.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { invoiceCounters, invoices, orderLines, orders, type OrderLineRow } from '../../db/schema/index.js';

/** A stored invoice (amounts in integer cents, the rate in basis points). */
export type InvoiceRow = typeof invoices.$inferSelect;

/** Digits of the sequence in an invoice number (more only past 999,999 invoices in a year). */
const SEQUENCE_DIGITS = 6;

/** The invoice number of `sequence` in `year`: 2026, 1 -> "INV-2026-000001". */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** formatInvoiceNumber in SQL, of the columns `year` and `last` of an `invoice_counters` row named `counter`. */
const INVOICE_NUMBER_SQL = sql.raw(
  `'INV-' || counter.year || '-' || lpad(counter.last::text, greatest(${SEQUENCE_DIGITS}, length(counter.last::text)), '0')`,
);

/**
 * Two WITH items that issue the invoice of `orderId`, for the statement that marks the order paid
 * (docs/decisions/022-order-path-and-mail-outbox.md, 024): `counter` takes the next number of the current year (UTC,
 * the statement's time) from `invoice_counters` with an upsert, once for each row of `when` (a WITH item of one row,
 * or none: no number is taken), and `issued` inserts the invoice with the order's subtotal, tax rate, tax and total,
 * returning its `number`. The counter row stays locked until the statement's transaction ends: as the last work of
 * an autocommitted statement it is held only while that statement commits, so concurrent payments barely wait. A
 * rolled-back statement gives its number back, so numbers have no gaps. Source: docs/requirements.md §13.
 */
export function issueInvoiceSql(orderId: string, when: SQL): SQL {
  return sql`counter as (
        insert into ${invoiceCounters} (year, last)
        select extract(year from now() at time zone 'UTC')::int, 1 from ${when}
        on conflict (year) do update set last = ${invoiceCounters}.last + 1
        returning year, last
      ), issued as (
        insert into ${invoices}
          (order_id, number, year, sequence, subtotal_cents, tax_rate_basis_points, tax_cents, total_cents)
        select ${orders.id}, ${INVOICE_NUMBER_SQL}, counter.year, counter.last,
          ${orders.totalCents} - ${orders.taxCents}, ${orders.taxRateBasisPoints}, ${orders.taxCents},
          ${orders.totalCents}
        from counter, ${orders} where ${orders.id} = ${orderId}
        returning number
      )`;
}

/**
 * Issues the invoice of `orderId` inside `tx` (issueInvoiceSql alone) and returns its number. Throws when the order
 * does not exist or already has its invoice (the caller's transaction then rolls back, number included).
 */
export async function issueInvoice(tx: AppDatabase, orderId: string): Promise<string> {
  const [row] = await queryRows<{ number: string | null }>(
    tx,
    sql`with one as (select 1), ${issueInvoiceSql(orderId, sql`one`)} select (select number from issued) as number`,
  );
  if (!row?.number) throw new Error(`issueInvoice: order ${orderId} does not exist`);
  return row.number;
}

/**
 * The number of `orderId`'s invoice ("INV-2026-000001"), or null when it has none (unpaid, or no such order). An
 * order has at most one invoice (its id is the invoice's key). `db` may be a transaction: a caller that just marked
 * the order paid sees the invoice issued in it. How other modules learn an invoice's number (docs/design.md
 * "Modules and tables").
 */
export async function invoiceNumberOf(db: AppDatabase, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  return row?.number ?? null;
}

/** An invoice with the order it bills and that order's lines (by line number). */
export interface InvoiceDocument {
  invoice: InvoiceRow;
  order: typeof orders.$inferSelect;
  lines: OrderLineRow[];
}

/** The order's customer (null once their account is gone) and whether it has an invoice yet. */
export interface InvoiceAccess {
  userId: string | null;
  invoiceNumber: string | null;
}

/** Reads of invoices on one database. */
export interface InvoiceRepository {
  /** Who may read `orderId`'s invoice and its number; undefined when the order does not exist. */
  findAccess(orderId: string): Promise<InvoiceAccess | undefined>;
  /** The invoice of `orderId` with its order and lines; undefined when there is none (unknown or unpaid order). */
  findDocument(orderId: string): Promise<InvoiceDocument | undefined>;
}

/** Builds the invoice repository on `db`. Database errors propagate. */
export function createInvoiceRepository(db: AppDatabase): InvoiceRepository {
  return {
    async findAccess(orderId) {
      const [row] = await db
        .select({ userId: orders.userId, invoiceNumber: invoices.number })
        .from(orders)
        .leftJoin(invoices, eq(invoices.orderId, orders.id))
        .where(eq(orders.id, orderId));
      return row;
    },

    async findDocument(orderId) {
      const [found] = await db
        .select({ invoice: invoices, order: orders })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(eq(invoices.orderId, orderId));
      if (!found) return undefined;
      const lines = await db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.lineNumber));
      return { ...found, lines };
    },
  };
}
