/**
 * Reading an invoice (docs/requirements.md §13 "Invoices"): the order's customer, a member of the company the order
 * belongs to (they all see its orders: §14; owners read account invoices from the statement: §15) or an admin gets
 * the invoice PDF of an invoiced order; anyone else is told the order does not exist, as for an order they cannot see.
 */
import { isId, messages } from '@partsforge/shared';
import type { AppDatabase } from '../../db/connect.js';
import { NotFoundError } from '../../lib/http-errors.js';
import { holdsOrder } from '../companies/index.js';
import type { AuthUser } from '../identity/index.js';
import { renderInvoicePdf, type InvoiceSeller } from './invoice-pdf.js';
import { createInvoiceRepository, type InvoiceAccess } from './invoice-repository.js';

/** Invoice use cases; each throws HttpError subclasses the error handler answers with. */
export interface InvoiceService {
  /**
   * The invoice of `orderId` as a PDF with its number (e.g. "INV-2026-000001"), for the order's customer, a member
   * of its company or an admin. 404 NOT_FOUND for an unknown or malformed id and for someone else's order (its existence is not
   * told); 404 NOT_FOUND with messages.invoices.notIssued while the order is not paid.
   */
  getInvoicePdf(user: AuthUser, orderId: string): Promise<{ number: string; pdf: Buffer }>;
}

/** What the service needs: the database and the seller printed on invoices (invoiceSellerOf(config)). */
export interface InvoiceServiceOptions {
  db: AppDatabase;
  seller: InvoiceSeller;
}

/** The PDF of an order whose access row says it has an invoice, with that invoice's number; otherwise null. */
async function renderIssued(
  db: AppDatabase,
  orderId: string,
  access: InvoiceAccess | undefined,
  seller: InvoiceSeller,
): Promise<{ number: string; pdf: Buffer } | null> {
  if (!access?.invoiceNumber) return null;
  const pdf = await renderInvoicePdf(db, orderId, seller);
  return pdf ? { number: access.invoiceNumber, pdf } : null;
}

/**
 * The invoice of `orderId` as an email attachment (the payment receipt, docs/requirements.md §13): the PDF named
 * after its number, or null while the order has no invoice. No access check: the caller sends it to the order's
 * own address.
 */
export async function invoiceAttachment(
  db: AppDatabase,
  orderId: string,
  seller: InvoiceSeller,
): Promise<{ filename: string; contentType: string; content: Buffer } | null> {
  const access = isId(orderId) ? await createInvoiceRepository(db).findAccess(orderId) : undefined;
  const issued = await renderIssued(db, orderId, access, seller);
  return issued
    ? { filename: `${issued.number}.pdf`, contentType: 'application/pdf', content: issued.pdf }
    : null;
}

/**
 * Whether `user` may read the invoice of an order with `access`, as they may read the order (docs/requirements.md
 * §14): an admin; for a company's order, its members (not whoever placed it once they left); else its customer.
 */
async function mayRead(db: AppDatabase, user: AuthUser, access: InvoiceAccess): Promise<boolean> {
  return user.role === 'admin' || holdsOrder(db, user.id, access);
}

/** Builds the service. */
export function createInvoiceService({ db, seller }: InvoiceServiceOptions): InvoiceService {
  const repository = createInvoiceRepository(db);
  return {
    async getInvoicePdf(user, orderId) {
      const access = isId(orderId) ? await repository.findAccess(orderId) : undefined;
      if (!access || !(await mayRead(db, user, access))) throw new NotFoundError(messages.orders.notFound);
      const issued = await renderIssued(db, orderId, access, seller);
      if (!issued) throw new NotFoundError(messages.invoices.notIssued);
      return issued;
    },
  };
}
