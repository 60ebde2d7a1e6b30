/**
 * Trade terms contract (docs/requirements.md §15 "Trade terms"; docs/decisions/027-trade-terms.md): price levels and
 * contract prices, a company's terms (price level, payment terms, credit limit, tax exemption), pay on account,
 * payments against invoices, statements with aging and the receivables report. Money is dollars on the wire (the
 * server stores integer cents); discounts are percent with at most two decimals.
 */
import { z } from 'zod';
import { catalogImportErrorSchema } from './catalog-csv.js';
import { apiErrorCodes } from './errors.js';
import { messages } from './messages.js';
import { isWholeCents } from './money.js';
import { optionalText } from './text-fields.js';

/** How a company pays: by card per order, or on account with 15, 30 or 60 days to pay each invoice. */
export const PAYMENT_TERMS = ['card', 'net15', 'net30', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

/** Days to pay of each payment term (0: card, paid at checkout). */
export const PAYMENT_TERM_DAYS: Record<PaymentTerms, number> = { card: 0, net15: 15, net30: 30, net60: 60 };

/** Whether `terms` let a company order on account (any net term). */
export function isNetTerms(terms: PaymentTerms): boolean {
  return terms !== 'card';
}

/** How a checkout is paid: by card (the order waits for payment) or on the company's account (invoiced at once). */
export const PAYMENT_METHODS = ['card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How an admin recorded a payment against an invoice. */
export const INVOICE_PAYMENT_METHODS = ['ach', 'check', 'wire', 'card'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];

/** An invoice's state: `paid` in full, `overdue` (unpaid after its due date) or `open`. */
export const INVOICE_STATUSES = ['open', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The price level a company without terms buys at (list prices). */
export const LIST_PRICE_LEVEL = 'list';
/** Most price levels, and most category discounts of one level. */
export const MAX_PRICE_LEVELS = 20;
export const MAX_CATEGORY_DISCOUNTS = 100;
/** Most contract prices of one company. */
export const MAX_CONTRACT_PRICES = 10_000;
/** Largest credit limit in dollars. */
export const CREDIT_LIMIT_MAX = 99_999_999.99;
/** Longest resale certificate number and payment reference, in characters. */
export const RESALE_CERTIFICATE_MAX_LENGTH = 60;
export const PAYMENT_REFERENCE_MAX_LENGTH = 100;

/** A discount in percent, 0 to 100, at most two decimals. */
export const discountPercentSchema = z
  .number({ message: messages.tradeTerms.discountInvalid })
  .min(0, { message: messages.tradeTerms.discountInvalid })
  .max(100, { message: messages.tradeTerms.discountInvalid })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    message: messages.tradeTerms.discountInvalid,
  });

/** A positive dollar amount in whole cents. */
const dollars = (message: string, max: number) =>
  z
    .number({ message })
    .positive({ message })
    .max(max, { message })
    .refine((value) => isWholeCents(value), { message });

/** One price level (`GET/PUT /admin/price-levels`). */
export const priceLevelSchema = z.object({
  /** Lower-case letters, digits and dashes, e.g. `jobber`. */
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,31}$/, { message: messages.tradeTerms.levelCodeInvalid }),
  name: z.string().trim().min(1, { message: messages.tradeTerms.levelNameRequired }).max(60),
  discountPercent: discountPercentSchema,
  categoryDiscounts: z
    .array(z.object({ categoryId: z.string().uuid(), discountPercent: discountPercentSchema }))
    .max(MAX_CATEGORY_DISCOUNTS)
    .refine((rows) => new Set(rows.map((row) => row.categoryId)).size === rows.length, {
      message: messages.tradeTerms.categoryTwice,
    }),
});
export type PriceLevel = z.infer<typeof priceLevelSchema>;

/** `PUT /admin/price-levels` body: the whole list (codes unique). */
export const priceLevelsSchema = z
  .array(priceLevelSchema)
  .max(MAX_PRICE_LEVELS)
  .refine((levels) => new Set(levels.map((level) => level.code)).size === levels.length, {
    message: messages.tradeTerms.levelTwice,
  });

/** One contract price: the company's unit price of a SKU in dollars. */
export const contractPriceSchema = z.object({
  sku: z.string().trim().min(1).max(64),
  price: dollars(messages.tradeTerms.contractPriceInvalid, 999_999.99),
});
export type ContractPrice = z.infer<typeof contractPriceSchema>;

/** `PUT /admin/companies/:id/prices` body: the whole list (SKUs unique, any case). */
export const contractPricesSchema = z
  .array(contractPriceSchema)
  .max(MAX_CONTRACT_PRICES)
  .refine((rows) => new Set(rows.map((row) => row.sku.toUpperCase())).size === rows.length, {
    message: messages.tradeTerms.skuTwice,
  });

/** The columns of a contract prices file (`POST /admin/companies/:id/prices/import`), in this order or any. */
export const CONTRACT_PRICES_CSV_COLUMNS = ['sku', 'price'] as const;
/** Largest contract prices file in bytes (MAX_CONTRACT_PRICES rows of a long SKU and price fit well within). */
export const CONTRACT_PRICES_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * What a contract prices import did, or with `dryRun` would do, against the company's list it replaces: prices
 * added, changed, left as they were and removed (in the list, not in the file), and the file's errors (the catalogue
 * import's shape: `row` is the spreadsheet row, the header row 1; at most 100 listed, then one counting the rest). A
 * file with any error writes nothing, so every count is 0.
 */
export const contractPricesImportReportSchema = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  removed: z.number().int().min(0),
  errors: z.array(catalogImportErrorSchema),
});
export type ContractPricesImportReport = z.infer<typeof contractPricesImportReportSchema>;

/** The 400 of a contract prices import with errors (nothing written): `{ message, code: 'IMPORT_INVALID' }` and the report. */
export const contractPricesImportInvalidSchema = contractPricesImportReportSchema.extend({
  message: z.string(),
  code: z.literal(apiErrorCodes.importInvalid),
});

/** A company's trade terms (`PUT /admin/companies/:id/terms` body and answer). */
export const companyTermsSchema = z.object({
  priceLevel: z.string().trim().min(1).max(32),
  paymentTerms: z.enum(PAYMENT_TERMS),
  /** Dollars; 0 means no credit. */
  creditLimit: z
    .number({ message: messages.tradeTerms.creditLimitInvalid })
    .min(0, { message: messages.tradeTerms.creditLimitInvalid })
    .max(CREDIT_LIMIT_MAX, { message: messages.tradeTerms.creditLimitInvalid })
    .refine((value) => isWholeCents(value), { message: messages.tradeTerms.creditLimitInvalid }),
  taxExempt: z.boolean(),
  resaleCertificate: optionalText('Resale certificate', RESALE_CERTIFICATE_MAX_LENGTH),
});
export type CompanyTermsInput = z.input<typeof companyTermsSchema>;
/** The terms as answers carry them (`resaleCertificate` null when none). */
export const companyTermsAnswerSchema = z.object({
  priceLevel: z.string(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  creditLimit: z.number(),
  taxExempt: z.boolean(),
  resaleCertificate: z.string().nullable(),
});
export type CompanyTerms = z.infer<typeof companyTermsAnswerSchema>;

/** The terms of a company nobody set terms for: list prices, card, no credit, taxed. */
export const DEFAULT_COMPANY_TERMS: CompanyTerms = {
  priceLevel: LIST_PRICE_LEVEL,
  paymentTerms: 'card',
  creditLimit: 0,
  taxExempt: false,
  resaleCertificate: null,
};

/** `POST /admin/invoices/:number/payments` body. */
export const recordPaymentSchema = z.object({
  amount: dollars(messages.tradeTerms.paymentAmountInvalid, CREDIT_LIMIT_MAX),
  method: z.enum(INVOICE_PAYMENT_METHODS),
  reference: z.string().trim().max(PAYMENT_REFERENCE_MAX_LENGTH).default(''),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

/** A payment recorded against an invoice. */
export const invoicePaymentSchema = z.object({
  amount: z.number(),
  method: z.enum(INVOICE_PAYMENT_METHODS),
  reference: z.string(),
  at: z.string(),
  by: z.string().nullable(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** An invoice as statements and payments answer it (dollars; `balance` = total - paid). */
export const statementInvoiceSchema = z.object({
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  issuedAt: z.string(),
  /** Null for an invoice paid by card at issue. */
  dueAt: z.string().nullable(),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
  status: z.enum(INVOICE_STATUSES),
});
export type StatementInvoice = z.infer<typeof statementInvoiceSchema>;

/** `POST /admin/invoices/:number/payments` answer: the invoice and its payments. */
export const invoiceWithPaymentsSchema = statementInvoiceSchema.extend({
  payments: z.array(invoicePaymentSchema),
});
export type InvoiceWithPayments = z.infer<typeof invoiceWithPaymentsSchema>;

/**
 * Open balance by age past the due date, in dollars: `current` is not yet due; the others are 1-30, 31-60, 61-90
 * and over 90 days past due (days of 24 hours, a part day counting as a day: agingBucket).
 */
export const agingSchema = z.object({
  current: z.number(),
  days1to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  over90: z.number(),
});
export type Aging = z.infer<typeof agingSchema>;

/** `GET /companies/mine/statement` (and the admins' per company): balance, credit and the invoices, newest first. */
export const statementSchema = z.object({
  company: z.object({ _id: z.string(), name: z.string() }),
  terms: companyTermsAnswerSchema,
  balance: z.number(),
  creditLimit: z.number(),
  /** creditLimit - balance (net of account credits), never below 0. */
  available: z.number(),
  aging: agingSchema,
  invoices: z.array(statementInvoiceSchema),
  /**
   * The company's account credits (docs/requirements.md §17 "Credit memos and refunds"): the total of the credit
   * memos of its account orders, which `balance` and `aging` are net of (the credits applied to the oldest open
   * balances first), and the memos issued in the statement's window, newest first. Dollars.
   */
  credits: z.number().optional(),
  creditMemos: z
    .array(
      z.object({
        number: z.string(),
        orderId: z.string(),
        orderNumber: z.string(),
        issuedAt: z.string(),
        total: z.number(),
      }),
    )
    .optional(),
});
export type Statement = z.infer<typeof statementSchema>;

/** One company's row of the receivables report (`GET /admin/receivables`). */
export const receivablesRowSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  creditLimit: z.number(),
  balance: z.number(),
  aging: agingSchema,
});
export type ReceivablesRow = z.infer<typeof receivablesRowSchema>;

/** `GET /admin/receivables`: every company with an open balance, largest first, and the totals. */
export const receivablesSchema = z.object({
  rows: z.array(receivablesRowSchema),
  totals: agingSchema.extend({ balance: z.number() }),
});
export type Receivables = z.infer<typeof receivablesSchema>;

const DAY_MS = 86_400_000;

/**
 * Which aging bucket an open invoice due at `dueAt` falls in at `now`: `current` until its due time (and without
 * one), then by days past due counted up (a second past due is day 1; exactly 30 days past is still 1-30).
 */
export function agingBucket(dueAt: Date | null, now: Date): keyof Aging {
  if (!dueAt || now.getTime() <= dueAt.getTime()) return 'current';
  const daysPast = Math.ceil((now.getTime() - dueAt.getTime()) / DAY_MS);
  if (daysPast <= 30) return 'days1to30';
  if (daysPast <= 60) return 'days31to60';
  if (daysPast <= 90) return 'days61to90';
  return 'over90';
}
