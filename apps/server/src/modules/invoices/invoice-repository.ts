/**
 * Invoice storage (docs/requirements.md §13 "Invoices"): issuing an order's invoice with the next number of the
 * year, and reading an invoice with what its document shows. Numbers come from one counter row per year, taken
 * with an upsert in the transaction that marks the order paid: the row lock makes concurrent payments wait
 * for each other, and a payment that rolls back gives its number back, so numbers have no gaps and no reuse.
 * Money: integer cents.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { idIn, queryRows, type AppDatabase } from '../../db/connect.js';
import {
  creditMemos,
  invoiceCounters,
  invoices,
  orderLines,
  orders,
  type OrderLineRow,
} from '../../db/schema/index.js';

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
 * or none: no number is taken), and `issued` inserts the invoice with the order's subtotal (its lines: the total less
 * tax, shipping and core deposits, docs/requirements.md §17), tax rate, tax, total and company, returning its
 * `number`. Without `dueAt` it is a card order's invoice, paid in full at issue; with `dueAt`
 * an account order's (docs/requirements.md §15), unpaid and due then. The counter row stays locked until the
 * statement's transaction ends: as the last work of an autocommitted statement it is held only while that statement
 * commits, so concurrent payments barely wait. A rolled-back statement gives its number back, so numbers have no
 * gaps. Source: docs/requirements.md §13.
 */
export function issueInvoiceSql(orderId: string, when: SQL, { dueAt }: { dueAt?: Date } = {}): SQL {
  const paid = dueAt ? sql`0` : sql`${orders.totalCents}`;
  const due = dueAt ? sql`${dueAt.toISOString()}::timestamptz` : sql`null::timestamptz`;
  return sql`counter as (
        insert into ${invoiceCounters} (year, last)
        select extract(year from now() at time zone 'UTC')::int, 1 from ${when}
        on conflict (year) do update set last = ${invoiceCounters}.last + 1
        returning year, last
      ), issued as (
        insert into ${invoices}
          (order_id, number, year, sequence, subtotal_cents, tax_rate_basis_points, tax_cents, total_cents,
           company_id, due_at, paid_cents)
        select ${orders.id}, ${INVOICE_NUMBER_SQL}, counter.year, counter.last,
          ${orders.totalCents} - ${orders.taxCents} - ${orders.shippingCents} - ${orders.coreTotalCents},
          ${orders.taxRateBasisPoints},
          ${orders.taxCents},
          ${orders.totalCents}, ${orders.companyId}, ${due}, ${paid}
        from counter, ${orders} where ${orders.id} = ${orderId}
        returning number, due_at
      )`;
}

/** What a company owes (docs/requirements.md §15): its open balance in cents and whether an invoice is past due. */
export interface CompanyCredit {
  /**
   * Sum of total - paid over the company's invoices not paid in full, less its account credits (credit memos),
   * integer cents; below 0 when the credits exceed what is open.
   */
  balanceCents: number;
  /** Whether what is past its due date now is more than the account credits cover. */
  overdue: boolean;
}

/**
 * A WITH item named `credit` of one row: what `companyId` owes on its invoices not paid in full (`open`), the part
 * of that past its due date (`past_due`) and its account credits (`credits`, credit memos settled on account;
 * docs/requirements.md §17), integer cents. One indexed read; creditOf turns the row into a CompanyCredit.
 */
export function companyCreditSql(companyId: string): SQL {
  return sql`credit as (
        select coalesce(sum(${invoices.totalCents} - ${invoices.paidCents}), 0) as open,
               coalesce(sum(${invoices.totalCents} - ${invoices.paidCents}) filter (where ${invoices.dueAt} < now()), 0) as past_due,
               (select coalesce(sum(${creditMemos.totalCents}), 0) from ${creditMemos}
                 where ${creditMemos.companyId} = ${companyId} and ${creditMemos.settlement} = 'account') as credits
          from ${invoices}
         where ${invoices.companyId} = ${companyId} and ${invoices.paidCents} < ${invoices.totalCents}
      )`;
}

/** The row of companyCreditSql's `credit` item as it comes back (sums may come as strings). */
export interface CompanyCreditRow {
  open: string | number | null;
  past_due: string | number | null;
  credits: string | number | null;
}

/**
 * A CompanyCredit of companyCreditSql's row: the credits net the open balance and apply to the oldest balances
 * first, so an overdue balance that the credits cover is not overdue any more.
 */
export function creditOf(row: CompanyCreditRow | undefined): CompanyCredit {
  const credits = Number(row?.credits ?? 0);
  return { balanceCents: Number(row?.open ?? 0) - credits, overdue: Number(row?.past_due ?? 0) > credits };
}

/**
 * The open balance of `companyId` and whether any of its invoices is past due (docs/requirements.md §15 "Credit"),
 * in one indexed read on `db` (after a transaction locked the company's terms, so two of its account orders read it
 * one after the other).
 */
export async function companyCredit(db: AppDatabase, companyId: string): Promise<CompanyCredit> {
  const [row] = await queryRows<CompanyCreditRow>(
    db,
    sql`with ${companyCreditSql(companyId)} select open, past_due, credits from credit`,
  );
  return creditOf(row);
}

/**
 * The number, due date and open balance (cents) of the invoices of `orderIds` (the orders that have one), by order
 * id: what order answers show of their invoice (docs/requirements.md §15).
 */
export async function invoiceSummaries(
  db: AppDatabase,
  orderIds: readonly string[],
): Promise<Map<string, { number: string; dueAt: Date | null; balanceCents: number }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: invoices.orderId,
      number: invoices.number,
      dueAt: invoices.dueAt,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
    })
    .from(invoices)
    .where(idIn(invoices.orderId))
    .prepare('invoice_summaries')
    .execute({ ids: [...orderIds] });
  return new Map(
    rows.map((row) => [
      row.orderId,
      { number: row.number, dueAt: row.dueAt, balanceCents: row.totalCents - row.paidCents },
    ]),
  );
}

/**
 * Issues the invoice of `orderId` inside `tx` (issueInvoiceSql alone; `dueAt` as there) and returns its number. Throws when the order
 * does not exist or already has its invoice (the caller's transaction then rolls back, number included).
 */
export async function issueInvoice(
  tx: AppDatabase,
  orderId: string,
  options: { dueAt?: Date } = {},
): Promise<string> {
  const [row] = await queryRows<{ number: string | null }>(
    tx,
    sql`with one as (select 1), ${issueInvoiceSql(orderId, sql`one`, options)} select (select number from issued) as number`,
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

/** The order's customer (null once their account is gone), its company, and whether it has an invoice yet. */
export interface InvoiceAccess {
  userId: string | null;
  companyId: string | null;
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
        .select({ userId: orders.userId, companyId: orders.companyId, invoiceNumber: invoices.number })
        .from(orders)
        .leftJoin(invoices, eq(invoices.orderId, orders.id))
        .where(eq(orders.id, sql.placeholder('orderId')))
        .prepare('invoice_access')
        .execute({ orderId });
      return row;
    },

    async findDocument(orderId) {
      const [found] = await db
        .select({ invoice: invoices, order: orders })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(eq(invoices.orderId, sql.placeholder('orderId')))
        .prepare('invoice_document')
        .execute({ orderId });
      if (!found) return undefined;
      const lines = await db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, sql.placeholder('orderId')))
        .orderBy(asc(orderLines.lineNumber))
        .prepare('invoice_document_lines')
        .execute({ orderId });
      return { ...found, lines };
    },
  };
}
