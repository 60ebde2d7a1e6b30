/**
 * The invoices module's public face (docs/design.md "Layout"; docs/requirements.md §13 "Invoices"): issuing an
 * order's invoice in the transaction that marks it paid, its number (invoiceNumberOf, for modules that need it:
 * only this module reads and writes the invoices tables), its PDF (attached to the payment receipt), and the
 * download route.
 */
export { invoiceSellerOf, renderInvoicePdf, type InvoiceSeller } from './invoice-pdf.js';
// The shop's document page setup, shared with the orders module's packing slip (docs/requirements.md §16).
export {
  BOLD,
  createPdf,
  drawLetterhead,
  FOOTER_ROOM,
  MARGIN,
  MUTED,
  numberPages,
  RULE,
  writeText,
} from './pdf-letterhead.js';
export {
  companyCredit,
  companyCreditSql,
  creditOf,
  formatInvoiceNumber,
  invoiceNumberOf,
  issueInvoice,
  issueInvoiceSql,
  invoiceSummaries,
  type CompanyCredit,
  type CompanyCreditRow,
  type InvoiceRow,
} from './invoice-repository.js';
export { invoiceRoutes, type InvoiceRoutesOptions } from './invoice-routes.js';
export { invoiceAttachment } from './invoice-service.js';
export {
  overdueRemindersPlugin,
  sendOverdueReminders,
  type OverdueRemindersOptions,
} from './overdue-reminders.js';
export { receivablesRoutes, type ReceivablesRoutesOptions } from './receivables-routes.js';
export type { OrderPayment, OrderPaymentRecorder } from './receivables-service.js';
