/**
 * Receivables calls (docs/requirements.md §15 "Payments", "Statements"): admins record payments against invoices
 * (POST /admin/invoices/:number/payments), read any company's statement (GET /admin/companies/:id/statement and
 * .pdf) and the receivables report (GET /admin/receivables, and /admin/receivables.csv as the admin orders export
 * does CSV); owners and managers read their company's statement (GET /companies/mine/statement and .pdf; buyers 403,
 * outside any company 404, admins 403 as on every /companies/mine call). Rules live in receivables-service.ts; each
 * route is a row of the access-control matrix (src/test/access-control.test.ts).
 */
import {
  apiErrorSchema,
  invoiceWithPaymentsSchema,
  receivablesSchema,
  recordPaymentSchema,
  statementSchema,
  type Statement,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin, requireNormalUser } from '../identity/index.js';
import type { InvoiceSeller } from './pdf-letterhead.js';
import { receivablesCsv } from './receivables-csv.js';
import { createReceivablesService, type OrderPaymentRecorder } from './receivables-service.js';
import { renderStatementPdf } from './statement-pdf.js';

export interface ReceivablesRoutesOptions {
  /** The letterhead of statements: invoiceSellerOf(config). */
  seller: InvoiceSeller;
  /** The orders module's side of a payment (the order's timeline entry; paid when paid in full). */
  recordOrderPayment: OrderPaymentRecorder;
}

const security = bearerSecurity;
const errors = errorResponses(400, 401, 403, 404, 503);
/** 409 OVERPAYMENT: the error and the invoice's balance in dollars. */
const overpaymentSchema = apiErrorSchema.extend({ balance: z.number() });

/** Registers the receivables routes (mounted under /api). */
export const receivablesRoutes: FastifyPluginAsyncZod<ReceivablesRoutesOptions> = async (
  app,
  { seller, recordOrderPayment },
) => {
  const receivables = createReceivablesService({ db: app.database.db, recordOrderPayment });

  /** Sends `statement` as a PDF download named after today's date. */
  const sendPdf = async (reply: FastifyReply, statement: Statement) => {
    const at = new Date();
    const pdf = await renderStatementPdf(statement, seller, at);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="statement-${at.toISOString().slice(0, 10)}.pdf"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  };
  const pdfResponse = { 200: z.any().describe('The statement PDF (application/pdf)') };

  app.post(
    '/admin/invoices/:number/payments',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Record a payment against an invoice (admin)',
        description:
          '`amount` in dollars (whole cents, above 0), `method` ach, check, wire or card, `reference` optional (at most 100 characters). Partial payments are allowed. Answers the invoice with `paid`, `balance`, `status` (open, paid, overdue) and its payments; the order turns paid when its invoice is paid in full, and its timeline shows each payment. 404 for an unknown invoice number; 409 OVERPAYMENT `{ balance }` when the amount is above the balance or the invoice is already paid in full (nothing is recorded).',
        security,
        params: z.object({ number: z.string().max(40) }),
        body: recordPaymentSchema,
        response: { 201: invoiceWithPaymentsSchema, ...errors, 409: overpaymentSchema },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const invoice = await receivables.recordPayment(request.user, request.params.number, request.body);
      return reply.code(201).send(invoice);
    },
  );

  app.get(
    '/companies/mine/statement',
    {
      schema: {
        tags: ['companies'],
        summary: "Your company's statement (owner or manager)",
        description:
          'Balance, credit limit, available credit (never below 0), aging of the open balance (current, 1–30, 31–60, 61–90, over 90 days past due) and the invoices newest first: every one with a balance, and those paid in full in the last 90 days. Dollars. A company without terms shows the default terms (card, no credit). Buyers get 403; 404 outside any company.',
        security,
        response: { 200: statementSchema, ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request) => receivables.myStatement(request.user),
  );

  app.get(
    '/companies/mine/statement.pdf',
    {
      schema: {
        tags: ['companies'],
        summary: "Your company's statement (PDF; owner or manager)",
        description:
          'GET /companies/mine/statement as a PDF with the shop’s letterhead, to download (Content-Disposition: attachment). Buyers get 403; 404 outside any company.',
        security,
        produces: ['application/pdf'],
        response: { ...pdfResponse, ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request, reply) => sendPdf(reply, await receivables.myStatement(request.user)),
  );

  app.get(
    '/admin/companies/:id/statement',
    {
      schema: {
        tags: ['companies'],
        summary: "A company's statement (admin)",
        description: 'As GET /companies/mine/statement, of company `id`. 404 for an unknown company.',
        security,
        params: z.object({ id: z.string().max(254) }),
        response: { 200: statementSchema, ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request) => receivables.companyStatement(request.params.id),
  );

  app.get(
    '/admin/companies/:id/statement.pdf',
    {
      schema: {
        tags: ['companies'],
        summary: "A company's statement (PDF; admin)",
        description: 'As GET /companies/mine/statement.pdf, of company `id`. 404 for an unknown company.',
        security,
        params: z.object({ id: z.string().max(254) }),
        produces: ['application/pdf'],
        response: { ...pdfResponse, ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => sendPdf(reply, await receivables.companyStatement(request.params.id)),
  );

  app.get(
    '/admin/receivables',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The receivables report (admin)',
        description:
          'Every company with an open balance, largest balance first: payment terms, credit limit, balance and its aging (dollars), and the totals. As CSV: GET /admin/receivables.csv.',
        security,
        response: { 200: receivablesSchema, ...errors },
      },
      onRequest: requireAdmin,
    },
    async () => receivables.receivables(),
  );

  app.get(
    '/admin/receivables.csv',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The receivables report as CSV (admin)',
        description:
          "GET /admin/receivables as text/csv (receivables.csv): company, company id, payment terms, credit limit, balance, current, 1-30, 31-60, 61-90 and over 90 days, dollars with two decimals. Text cells starting with =, +, -, @, a tab or a carriage return get a leading ' so a spreadsheet shows them as text.",
        security,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
      onRequest: requireAdmin,
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="receivables.csv"')
        .header('cache-control', 'no-store')
        .send(receivablesCsv(await receivables.receivables())),
  );
};
