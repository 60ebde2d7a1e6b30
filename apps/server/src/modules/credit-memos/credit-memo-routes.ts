/**
 * Credit memo calls (docs/requirements.md §17 "Credit memos and refunds"): the returns settings (admins), the admins'
 * refunds without a return (cancel and refund a paid order not shipped; a goodwill refund against a line), an
 * order's memos, and a memo's PDF (a return's for the buyer, any by number for admins). Rules live in
 * credit-memo-service.ts; access rules in the access-control matrix (src/test/access-control.test.ts).
 */
import {
  apiErrorSchema,
  creditMemoSchema,
  goodwillRefundSchema,
  returnSettingsSchema,
} from '@partsforge/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdfDownload } from '../../lib/pdf-download.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin, requireSignedIn } from '../identity/index.js';
import { restockingFeePercent, setRestockingFeePercent } from './credit-memo-repository.js';

const security = bearerSecurity;
const idParams = z.object({ id: z.string().max(254) });
const pdfResponse = z.any().describe('The credit memo PDF (application/pdf)');
/** 409 of a goodwill refund above what is left of the line: the error and `refundable` (dollars, when known). */
const refundConflictSchema = apiErrorSchema.extend({ refundable: z.number().optional() });

/** Sends a memo's PDF as the download `<number>.pdf`. */
const sendPdf = (reply: FastifyReply, { number, pdf }: { number: string; pdf: Buffer }) =>
  sendPdfDownload(reply, number, pdf);

/** Registers the credit memo routes (mounted under /api). */
export const creditMemoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { creditMemos } = app;
  const db = app.database.db;

  app.get(
    '/admin/return-settings',
    {
      schema: {
        tags: ['returns'],
        summary: 'Returns settings (admin)',
        description:
          'Admins only: `restockingFeePercent`, the whole percent deducted from not-needed returns (default 0).',
        security,
        response: { 200: returnSettingsSchema, ...errorResponses(401, 403, 503) },
      },
      onRequest: requireAdmin,
    },
    async () => ({ restockingFeePercent: await restockingFeePercent(db) }),
  );

  app.put(
    '/admin/return-settings',
    {
      schema: {
        tags: ['returns'],
        summary: 'Change the returns settings (admin)',
        description:
          'Admins only: `restockingFeePercent`, a whole percent 0..100, deducted from the credit of units returned as not needed (never defective, wrong-part or core returns). 400 outside 0..100.',
        security,
        body: returnSettingsSchema,
        response: { 200: returnSettingsSchema, ...errorResponses(400, 401, 403, 503) },
      },
      onRequest: requireAdmin,
    },
    async (request) => {
      await setRestockingFeePercent(db, request.body.restockingFeePercent);
      return { restockingFeePercent: request.body.restockingFeePercent };
    },
  );

  app.post(
    '/admin/orders/:id/cancel-refund',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel and refund a paid order not shipped (admin)',
        description:
          'Admins only: a paid order nothing of which has shipped is cancelled, its stock goes back (reason order_cancelled), and a credit memo of everything left to credit is issued and settled (a card order refunded through the payment provider; an account order credited to the company). 201 the memo. 409 for an order not paid, partly or wholly shipped, or cancelled; 404 unknown order.',
        security,
        params: idParams,
        response: { 201: creditMemoSchema, ...errorResponses(401, 403, 404, 409, 503) },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const { memo, restocked } = await creditMemos.cancelAndRefund(request.user, request.params.id);
      for (const partId of restocked) app.catalog.stockChanged(partId);
      return reply.code(201).send(memo);
    },
  );

  app.post(
    '/admin/orders/:id/refunds',
    {
      schema: {
        tags: ['orders'],
        summary: 'Refund part of a line (admin)',
        description:
          'Admins only: a goodwill credit memo of `amount` dollars against the order line `lineId` (its `_id`), with `reason`, issued and settled like any memo. At most what is left of the line (price, tax share and core deposits less earlier memos): 409 with `refundable` (dollars) above it. 409 for an order not paid; 404 unknown order or line.',
        security,
        params: idParams,
        body: goodwillRefundSchema,
        response: {
          201: creditMemoSchema,
          ...errorResponses(400, 401, 403, 404, 409, 503),
          409: refundConflictSchema,
        },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const memo = await creditMemos.goodwillRefund(request.user, request.params.id, request.body);
      return reply.code(201).send(memo);
    },
  );

  app.get(
    '/order/:id/credit-memos',
    {
      schema: {
        tags: ['orders'],
        summary: "An order's credit memos",
        description:
          "The order's credit memos, oldest first, with their lines (dollars), for its customer, a member of its company or an admin; anyone else gets 404.",
        security,
        params: idParams,
        response: { 200: z.array(creditMemoSchema), ...errorResponses(401, 404, 503) },
      },
      onRequest: requireSignedIn,
    },
    async (request) => creditMemos.memosOfOrder(request.user, request.params.id),
  );

  app.get(
    '/returns/:id/credit-memo.pdf',
    {
      schema: {
        tags: ['returns'],
        summary: "A return's credit memo (PDF)",
        description:
          "The credit memo of a received return as application/pdf (attachment CM-<year>-<number>.pdf), for the order's customer, a member of its company or an admin; 404 for anyone else and before the return is credited.",
        security,
        params: idParams,
        produces: ['application/pdf'],
        response: { 200: pdfResponse, ...errorResponses(401, 404, 503) },
      },
      onRequest: requireSignedIn,
    },
    async (request, reply) =>
      sendPdf(reply, await creditMemos.returnMemoPdf(request.user, request.params.id)),
  );

  app.get(
    '/admin/credit-memos/:file',
    {
      schema: {
        tags: ['orders'],
        summary: 'A credit memo (PDF, admin)',
        description:
          'Admins only: the memo `CM-<year>-<number>.pdf` as application/pdf (attachment). 404 unknown number.',
        security,
        params: z.object({ file: z.string().max(64) }),
        produces: ['application/pdf'],
        response: { 200: pdfResponse, ...errorResponses(401, 403, 404, 503) },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) =>
      sendPdf(reply, await creditMemos.memoPdf(request.params.file.replace(/\.pdf$/i, ''))),
  );
};
