/**
 * Receivables storage (docs/requirements.md §15 "Payments", "Statements"): payments against invoices, the invoices
 * of a company's statement, the open invoices of the receivables report, and the overdue invoices the reminder job
 * mails about. Only this module writes `invoices` and `invoice_payments`; the order number and placer come from
 * the order the invoice bills (read in SQL, as the invoice document does). Money: integer cents.
 */
import type { InvoicePaymentMethod } from '@partsforge/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { creditMemos, invoicePayments, invoices, orders } from '../../db/schema/index.js';

/** An invoice as statements and payments show it (cents; `orderNumber` as stored, e.g. 100001). */
export interface ReceivableInvoice {
  orderId: string;
  number: string;
  orderNumber: number;
  companyId: string | null;
  issuedAt: Date;
  dueAt: Date | null;
  totalCents: number;
  paidCents: number;
}

/** A payment recorded against an invoice (cents). */
export interface PaymentRecord {
  amountCents: number;
  method: InvoicePaymentMethod;
  reference: string;
  at: Date;
  recordedBy: string | null;
}

/** An open invoice of the receivables report: its company, due date and balance in cents. */
export interface OpenInvoice {
  companyId: string;
  dueAt: Date | null;
  balanceCents: number;
}

/** An overdue invoice the reminder job mails about, with its order's placer (cents). */
export interface OverdueInvoice extends ReceivableInvoice {
  companyId: string;
  dueAt: Date;
  placerName: string;
  placerEmail: string;
  placerUserId: string | null;
}

interface InvoiceSqlRow {
  order_id: string;
  number: string;
  order_number: number | string;
  company_id: string | null;
  issued_at: Date | string;
  due_at: Date | string | null;
  total_cents: number | string;
  paid_cents: number | string;
}

/** The columns an InvoiceSqlRow reads, of `invoices` as `i` joined with `orders` as `o`. */
const INVOICE_COLUMNS = sql.raw(
  'i.order_id, i.number, o.number as order_number, i.company_id, i.issued_at, i.due_at, i.total_cents, i.paid_cents',
);

function invoiceOf(row: InvoiceSqlRow): ReceivableInvoice {
  return {
    orderId: row.order_id,
    number: row.number,
    orderNumber: Number(row.order_number),
    companyId: row.company_id,
    issuedAt: new Date(row.issued_at),
    dueAt: row.due_at === null ? null : new Date(row.due_at),
    totalCents: Number(row.total_cents),
    paidCents: Number(row.paid_cents),
  };
}

/**
 * Invoice `number` ("INV-2026-000001"), locked until `tx` ends (`for update`), so that concurrent payments of one
 * invoice run one after the other; undefined when no invoice has that number. `tx` must be a transaction.
 */
export async function lockInvoiceByNumber(
  tx: AppDatabase,
  number: string,
): Promise<ReceivableInvoice | undefined> {
  const [row] = await queryRows<InvoiceSqlRow>(
    tx,
    sql`select ${INVOICE_COLUMNS}
          from ${invoices} i join ${orders} o on o.id = i.order_id
         where i.number = ${number}
           for update of i`,
  );
  return row ? invoiceOf(row) : undefined;
}

/** Adds a payment of `amountCents` to the invoice of `orderId` inside `tx` (its row already locked). */
export async function addPayment(
  tx: AppDatabase,
  orderId: string,
  payment: {
    amountCents: number;
    method: InvoicePaymentMethod;
    reference: string;
    recordedBy: string | null;
  },
): Promise<void> {
  await tx.insert(invoicePayments).values({ orderId, ...payment });
  await tx
    .update(invoices)
    .set({ paidCents: sql`${invoices.paidCents} + ${payment.amountCents}` })
    .where(eq(invoices.orderId, orderId));
}

/** The payments against the invoice of `orderId`, oldest first. */
export async function paymentsOf(db: AppDatabase, orderId: string): Promise<PaymentRecord[]> {
  const rows = await db
    .select({
      amountCents: invoicePayments.amountCents,
      method: invoicePayments.method,
      reference: invoicePayments.reference,
      at: invoicePayments.at,
      recordedBy: invoicePayments.recordedBy,
    })
    .from(invoicePayments)
    .where(eq(invoicePayments.orderId, orderId))
    .orderBy(asc(invoicePayments.id));
  return rows;
}

/**
 * The invoices of `companyId`'s statement, newest first: every one with a balance, and those paid in full since
 * `paidSince` (paid when their last payment was recorded, or at issue for a card invoice).
 */
export async function statementInvoices(
  db: AppDatabase,
  companyId: string,
  paidSince: Date,
): Promise<ReceivableInvoice[]> {
  const rows = await queryRows<InvoiceSqlRow>(
    db,
    sql`select ${INVOICE_COLUMNS}
          from ${invoices} i join ${orders} o on o.id = i.order_id
         where i.company_id = ${companyId}
           and (i.paid_cents < i.total_cents
                or coalesce((select max(p.at) from ${invoicePayments} p where p.order_id = i.order_id), i.issued_at)
                   >= ${paidSince.toISOString()}::timestamptz)
         order by i.issued_at desc, i.sequence desc`,
  );
  return rows.map(invoiceOf);
}

/** Every company's invoice with a balance (the receivables report): company, due date, balance in cents. */
export async function openCompanyInvoices(db: AppDatabase): Promise<OpenInvoice[]> {
  const rows = await queryRows<{
    company_id: string;
    due_at: Date | string | null;
    balance: number | string;
  }>(
    db,
    sql`select company_id, due_at, total_cents - paid_cents as balance
          from ${invoices}
         where paid_cents < total_cents and company_id is not null`,
  );
  return rows.map((row) => ({
    companyId: row.company_id,
    dueAt: row.due_at === null ? null : new Date(row.due_at),
    balanceCents: Number(row.balance),
  }));
}

/**
 * Up to `limit` company invoices with a balance that are past due at `now` and were not reminded of in the week
 * before `now` (never, or at or before now - 7 days), oldest due first, locked until `tx` ends; rows another
 * transaction holds are skipped (`skip locked`), so concurrent runs of the job never take one invoice twice.
 */
export async function lockInvoicesToRemind(
  tx: AppDatabase,
  now: Date,
  limit: number,
): Promise<OverdueInvoice[]> {
  const rows = await queryRows<
    InvoiceSqlRow & { customer_name: string; email: string; user_id: string | null }
  >(
    tx,
    sql`select ${INVOICE_COLUMNS}, o.customer_name, o.email, o.user_id
          from ${invoices} i join ${orders} o on o.id = i.order_id
         where i.paid_cents < i.total_cents
           and i.company_id is not null
           and i.due_at < ${now.toISOString()}::timestamptz
           and (i.reminded_at is null
                or i.reminded_at <= ${now.toISOString()}::timestamptz - interval '7 days')
         order by i.due_at, i.sequence
         limit ${limit}
           for update of i skip locked`,
  );
  return rows.map((row) => ({
    ...(invoiceOf(row) as ReceivableInvoice & { companyId: string; dueAt: Date }),
    placerName: row.customer_name,
    placerEmail: row.email,
    placerUserId: row.user_id,
  }));
}

/** Marks the invoices of `orderIds` reminded at `at` inside `tx`. */
export async function markReminded(tx: AppDatabase, orderIds: readonly string[], at: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(invoices)
    .set({ remindedAt: at })
    .where(inArray(invoices.orderId, [...orderIds]));
}

/** A credit memo of a company's account order (docs/requirements.md §17): number, order, issue time, cents. */
export interface AccountCredit {
  number: string;
  orderId: string;
  orderNumber: number;
  issuedAt: Date;
  totalCents: number;
}

/**
 * The account credits of `companyId`: their total in cents (every credit memo of its account orders), and the memos
 * issued since `since`, newest first.
 */
export async function accountCredits(
  db: AppDatabase,
  companyId: string,
  since: Date,
): Promise<{ totalCents: number; recent: AccountCredit[] }> {
  const rows = await queryRows<{
    number: string | null;
    order_id: string | null;
    order_number: number | string | null;
    issued_at: Date | string | null;
    total_cents: number | string;
    all_cents: number | string;
  }>(
    db,
    sql`with mine as (
          select m.number, m.order_id, m.created_at, m.total_cents
            from ${creditMemos} m
           where m.company_id = ${companyId} and m.settlement = 'account'
        )
        select r.number, r.order_id, o.number as order_number, r.created_at as issued_at, r.total_cents,
               (select coalesce(sum(total_cents), 0) from mine) as all_cents
          from (select 1) one
          left join mine r on r.created_at >= ${since.toISOString()}::timestamptz
          left join ${orders} o on o.id = r.order_id
         order by r.created_at desc nulls last`,
  );
  return {
    totalCents: Number(rows[0]?.all_cents ?? 0),
    recent: rows
      .filter((row) => row.number !== null)
      .map((row) => ({
        number: row.number!,
        orderId: row.order_id!,
        orderNumber: Number(row.order_number),
        issuedAt: new Date(row.issued_at!),
        totalCents: Number(row.total_cents),
      })),
  };
}

/** Every company's account credits in cents (the receivables report), by company id. */
export async function accountCreditsByCompany(db: AppDatabase): Promise<Map<string, number>> {
  const rows = await queryRows<{ company_id: string; credits: number | string }>(
    db,
    sql`select company_id, sum(total_cents) as credits from ${creditMemos}
         where company_id is not null and settlement = 'account' group by company_id`,
  );
  return new Map(rows.map((row) => [row.company_id, Number(row.credits)]));
}
