/**
 * Receivables (docs/requirements.md §15 "Payments", "Statements"; docs/decisions/027-trade-terms.md): admins record
 * payments against invoices; owners and managers read their company's statement, admins any company's and the
 * receivables report of all of them.
 *
 * - A payment is one transaction: the invoice row is locked, a payment above the balance is 409 OVERPAYMENT with
 *   `balance` (dollars) and writes nothing, as is any payment of an invoice already paid in full (balance 0);
 *   otherwise the payment row, the invoice's `paid_cents` and the order's timeline entry (and `paid_at` when paid in
 *   full: the orders module's recordOrderPayment) commit together. Two payments racing to overpay: the second waits
 *   for the first's lock, then sees the smaller balance, so exactly one succeeds.
 * - An invoice's status: `paid` when paid in full, `overdue` when it has a balance and now is after its due time,
 *   else `open`. Balance = total - paid.
 * - A statement lists the company's invoices newest first: every one with a balance, and those paid in full in the
 *   last STATEMENT_PAID_DAYS days (paid when the last payment was recorded; a card invoice at issue), so the month's
 *   reconciliation shows what was settled. Aging (agingBucket) and the balance count the invoices with a balance,
 *   net of the company's account credits (its account orders' credit memos, docs/requirements.md §17), which are
 *   applied to the oldest buckets first (applyCredits); `credits` and the recent `creditMemos` show them.
 *   `available` = credit limit - balance, never below 0. A company without terms shows DEFAULT_COMPANY_TERMS.
 *
 * Money: integer cents inside, dollars in answers.
 */
import {
  agingBucket,
  apiErrorCodes,
  DEFAULT_COMPANY_TERMS,
  formatMoney,
  formatOrderNumber,
  isId,
  messages,
  toCents,
  toDollars,
  type Aging,
  type InvoicePaymentMethod,
  type CompanyTerms,
  type InvoiceStatus,
  type InvoiceWithPayments,
  type Receivables,
  type ReceivablesRow,
  type Statement,
  type StatementInvoice,
} from '@partsforge/shared';
import type { AppDatabase } from '../../db/connect.js';
import { ForbiddenError, HttpError, NotFoundError } from '../../lib/http-errors.js';
import { findCompanyNames, findMembership } from '../companies/index.js';
import type { AuthUser } from '../identity/index.js';
import { findCompanyTerms, type TradeTerms } from '../trade-terms/index.js';
import {
  addPayment,
  lockInvoiceByNumber,
  accountCredits,
  accountCreditsByCompany,
  openCompanyInvoices,
  paymentsOf,
  statementInvoices,
  type ReceivableInvoice,
} from './receivables-repository.js';

/** How far back a statement shows invoices paid in full: 90 days. */
export const STATEMENT_PAID_DAYS = 90;
const DAY_MS = 86_400_000;

/** A payment as the orders module records it on the order (its timeline entry; paid_at when paid in full). */
export interface OrderPayment {
  /** Integer cents, above 0. */
  amountCents: number;
  method: InvoicePaymentMethod;
  reference: string;
  /** The recording admin's name. */
  actorName: string | null;
  /** Whether this payment settles the invoice (the order turns paid). */
  paidInFull: boolean;
}

/**
 * The orders module's side of a payment against the invoice of `orderId` (its recordInvoicePayment), run inside the
 * payment's transaction `tx`; false when the order does not exist.
 */
export type OrderPaymentRecorder = (
  tx: AppDatabase,
  orderId: string,
  payment: OrderPayment,
) => Promise<boolean>;

/** `POST /admin/invoices/:number/payments` body as parsed (dollars). */
export interface PaymentInput {
  amount: number;
  method: InvoicePaymentMethod;
  reference: string;
}

/** Receivables use cases; each throws HttpError subclasses the error handler answers with. */
export interface ReceivablesService {
  /**
   * Records `admin`'s payment of `input.amount` dollars against invoice `number` and answers the invoice with its
   * payments. 404 NOT_FOUND (invoiceNotFound) for an unknown number; 409 OVERPAYMENT `{ balance }` (dollars) when
   * the amount is above the balance or the invoice is already paid in full (nothing written).
   */
  recordPayment(admin: AuthUser, number: string, input: PaymentInput): Promise<InvoiceWithPayments>;
  /**
   * The statement of the caller's company. 404 NOT_FOUND (notInCompany) outside any company; 403 FORBIDDEN
   * (statementOwnersOnly) for buyers.
   */
  myStatement(user: AuthUser): Promise<Statement>;
  /** The statement of company `companyId` (admins). 404 NOT_FOUND (companyNotFound) for an unknown or malformed id. */
  companyStatement(companyId: string): Promise<Statement>;
  /** Every company with a balance, largest balance first (then by name), with the totals. */
  receivables(): Promise<Receivables>;
}

export interface ReceivablesServiceOptions {
  db: AppDatabase;
  /** The orders module's timeline entry and paid mark of a payment. */
  recordOrderPayment: OrderPaymentRecorder;
  /** The time statements and statuses are computed at (tests pass their own). */
  now?: () => Date;
}

/** An invoice's status at `now` (see the module's docstring). */
export function invoiceStatus(invoice: ReceivableInvoice, now: Date): InvoiceStatus {
  if (invoice.paidCents >= invoice.totalCents) return 'paid';
  if (invoice.dueAt && now.getTime() > invoice.dueAt.getTime()) return 'overdue';
  return 'open';
}

/** `invoice` as statements and payments answer it, at `now` (dollars). */
export function statementInvoiceOf(invoice: ReceivableInvoice, now: Date): StatementInvoice {
  return {
    number: invoice.number,
    orderId: invoice.orderId,
    orderNumber: formatOrderNumber(invoice.orderNumber),
    issuedAt: invoice.issuedAt.toISOString(),
    dueAt: invoice.dueAt?.toISOString() ?? null,
    total: toDollars(invoice.totalCents),
    paid: toDollars(invoice.paidCents),
    balance: toDollars(invoice.totalCents - invoice.paidCents),
    status: invoiceStatus(invoice, now),
  };
}

/** Aging buckets in cents, all 0. */
const emptyAging = (): Aging => ({ current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 });

/** `aging` (cents) in dollars. */
const agingInDollars = (aging: Aging): Aging => ({
  current: toDollars(aging.current),
  days1to30: toDollars(aging.days1to30),
  days31to60: toDollars(aging.days31to60),
  days61to90: toDollars(aging.days61to90),
  over90: toDollars(aging.over90),
});

/** The aging buckets from the oldest to the newest. */
const OLDEST_FIRST: (keyof Aging)[] = ['over90', 'days61to90', 'days31to60', 'days1to30', 'current'];

/**
 * Takes `creditCents` of account credits (credit memos) off `aging` (cents, in place), the oldest bucket first: a
 * credit settles what has waited longest. Credits beyond every bucket leave them all at 0 (the balance goes below 0).
 */
export function applyCredits(aging: Aging, creditCents: number): void {
  let left = creditCents;
  for (const bucket of OLDEST_FIRST) {
    const taken = Math.min(left, aging[bucket]);
    aging[bucket] -= taken;
    left -= taken;
  }
}

/** A company's terms as answers carry them (DEFAULT_COMPANY_TERMS when it has none). */
function termsAnswer(terms: TradeTerms | undefined): CompanyTerms {
  if (!terms) return DEFAULT_COMPANY_TERMS;
  return {
    priceLevel: terms.priceLevel,
    paymentTerms: terms.paymentTerms,
    creditLimit: toDollars(terms.creditLimitCents),
    taxExempt: terms.taxExempt,
    resaleCertificate: terms.resaleCertificate,
  };
}

/** Builds the service. */
export function createReceivablesService({
  db,
  recordOrderPayment,
  now = () => new Date(),
}: ReceivablesServiceOptions): ReceivablesService {
  async function statementOf(company: { id: string; name: string }): Promise<Statement> {
    const at = now();
    const since = new Date(at.getTime() - STATEMENT_PAID_DAYS * DAY_MS);
    const [termsByCompany, invoices, credits] = await Promise.all([
      findCompanyTerms(db, [company.id]),
      statementInvoices(db, company.id, since),
      accountCredits(db, company.id, since),
    ]);
    const terms = termsAnswer(termsByCompany.get(company.id));
    const aging = emptyAging();
    let balanceCents = 0;
    for (const invoice of invoices) {
      const balance = invoice.totalCents - invoice.paidCents;
      if (balance <= 0) continue;
      balanceCents += balance;
      aging[agingBucket(invoice.dueAt, at)] += balance;
    }
    balanceCents -= credits.totalCents;
    applyCredits(aging, credits.totalCents);
    const creditLimitCents = toCents(terms.creditLimit);
    return {
      company: { _id: company.id, name: company.name },
      terms,
      balance: toDollars(balanceCents),
      creditLimit: terms.creditLimit,
      available: toDollars(Math.max(0, creditLimitCents - balanceCents)),
      aging: agingInDollars(aging),
      invoices: invoices.map((invoice) => statementInvoiceOf(invoice, at)),
      credits: toDollars(credits.totalCents),
      creditMemos: credits.recent.map((memo) => ({
        number: memo.number,
        orderId: memo.orderId,
        orderNumber: formatOrderNumber(memo.orderNumber),
        issuedAt: memo.issuedAt.toISOString(),
        total: toDollars(memo.totalCents),
      })),
    };
  }

  return {
    async recordPayment(admin, number, { amount, method, reference }) {
      const amountCents = toCents(amount);
      return db.transaction(async (tx) => {
        const executor = tx as unknown as AppDatabase;
        const invoice = await lockInvoiceByNumber(executor, number);
        if (!invoice) throw new NotFoundError(messages.tradeTerms.invoiceNotFound);
        const balanceCents = invoice.totalCents - invoice.paidCents;
        if (amountCents > balanceCents) {
          const message =
            balanceCents === 0
              ? messages.tradeTerms.invoicePaid
              : messages.tradeTerms.overpayment(formatMoney(toDollars(balanceCents)));
          throw new HttpError(409, message, apiErrorCodes.overpayment, undefined, {
            balance: toDollars(balanceCents),
          });
        }
        await addPayment(executor, invoice.orderId, {
          amountCents,
          method,
          reference,
          recordedBy: admin.name,
        });
        const paidInFull = amountCents === balanceCents;
        await recordOrderPayment(executor, invoice.orderId, {
          amountCents,
          method,
          reference,
          actorName: admin.name,
          paidInFull,
        });
        const payments = await paymentsOf(executor, invoice.orderId);
        const paid = { ...invoice, paidCents: invoice.paidCents + amountCents };
        return {
          ...statementInvoiceOf(paid, now()),
          payments: payments.map((payment) => ({
            amount: toDollars(payment.amountCents),
            method: payment.method,
            reference: payment.reference,
            at: payment.at.toISOString(),
            by: payment.recordedBy,
          })),
        };
      });
    },

    async myStatement(user) {
      const membership = await findMembership(db, user.id);
      if (!membership) throw new NotFoundError(messages.companies.notInCompany);
      if (membership.role === 'buyer') throw new ForbiddenError(messages.tradeTerms.statementOwnersOnly);
      return statementOf({ id: membership.companyId, name: membership.companyName });
    },

    async companyStatement(companyId) {
      const name = isId(companyId) ? (await findCompanyNames(db, [companyId])).get(companyId) : undefined;
      if (name === undefined) throw new NotFoundError(messages.companies.companyNotFound);
      return statementOf({ id: companyId, name });
    },

    async receivables() {
      const at = now();
      const [open, credits] = await Promise.all([openCompanyInvoices(db), accountCreditsByCompany(db)]);
      const byCompany = new Map<string, { balance: number; aging: Aging }>();
      for (const invoice of open) {
        let entry = byCompany.get(invoice.companyId);
        if (!entry) {
          entry = { balance: 0, aging: emptyAging() };
          byCompany.set(invoice.companyId, entry);
        }
        entry.balance += invoice.balanceCents;
        entry.aging[agingBucket(invoice.dueAt, at)] += invoice.balanceCents;
      }
      for (const [companyId, entry] of byCompany) {
        const credit = credits.get(companyId) ?? 0;
        entry.balance -= credit;
        applyCredits(entry.aging, credit);
      }
      const ids = [...byCompany.keys()];
      const [names, terms] = await Promise.all([findCompanyNames(db, ids), findCompanyTerms(db, ids)]);
      const totals = { ...emptyAging(), balance: 0 };
      const rows: (ReceivablesRow & { balanceCents: number })[] = [];
      for (const [companyId, { balance, aging }] of byCompany) {
        const answer = termsAnswer(terms.get(companyId));
        totals.balance += balance;
        for (const bucket of Object.keys(aging) as (keyof Aging)[]) totals[bucket] += aging[bucket];
        rows.push({
          companyId,
          companyName: names.get(companyId) ?? '',
          paymentTerms: answer.paymentTerms,
          creditLimit: answer.creditLimit,
          balance: toDollars(balance),
          balanceCents: balance,
          aging: agingInDollars(aging),
        });
      }
      rows.sort((a, b) => b.balanceCents - a.balanceCents || a.companyName.localeCompare(b.companyName));
      return {
        rows: rows.map(({ balanceCents: _cents, ...row }) => row),
        totals: { ...agingInDollars(totals), balance: toDollars(totals.balance) },
      };
    },
  };
}
