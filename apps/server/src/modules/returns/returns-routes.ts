/**
 * Return calls (docs/requirements.md §17 "Returns"): for buyers, ask to return shipped units of an order
 * (`POST /returns`) and read their returns and their company's (`GET /returns`, `GET /returns/{id}`); for admins,
 * the list by status and the approve, reject and receive steps (`/admin/returns...`). Rules live in
 * returns-service.ts; each route is a row of the access-control matrix (src/test/access-control.test.ts).
 */
import {
  adminReturnsQuerySchema,
  createReturnSchema,
  pageQuerySchema,
  receiveReturnSchema,
  rejectReturnSchema,
  returnSchema,
  TOTAL_COUNT_HEADER,
} from '@partsforge/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Page } from '../../lib/page.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin, requireNormalUser } from '../identity/index.js';

const errors = errorResponses(400, 401, 403, 404, 503);
const security = bearerSecurity;
const tags = ['returns'];
const idParams = z.object({ id: z.string().max(254) });

/** A page's rows, its total in the X-Total-Count header. */
function paged<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, page.total);
  return page.items;
}

/** Registers the buyers' and the admins' return routes (mounted under /api). */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { returns } = app;

  app.post(
    '/returns',
    {
      schema: {
        tags,
        summary: 'Ask to return shipped units of an order',
        description:
          'For the order’s customer or a member of its company (anyone else: 404). Lines are named by the order line’s `_id`. 409 with a code per refusal: RETURN_NOT_SHIPPED (no unit of the line shipped), RETURN_TOO_MANY (more than shipped less what is returned or asked in open returns), RETURN_WINDOW_CLOSED (past RETURN_DAYS from the shipment of the units; cores CORE_RETURN_DAYS), RETURN_NO_CORE_CHARGE (reason core on a line without a core charge). Answers the return, `requested`, numbered RMA-100001 on.',
        security,
        body: createReturnSchema,
        response: { 201: returnSchema, ...errors, ...errorResponses(409) },
      },
      onRequest: requireNormalUser,
    },
    async (request, reply) => reply.code(201).send(await returns.create(request.user, request.body)),
  );

  app.get(
    '/returns',
    {
      schema: {
        tags,
        summary: 'Your returns',
        description:
          'Your returns of your own orders and every return of your company’s orders, newest first, paged; the total is in the X-Total-Count header.',
        security,
        querystring: pageQuerySchema,
        response: { 200: z.array(returnSchema), ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request, reply) => paged(reply, await returns.listForCustomer(request.user, request.query)),
  );

  app.get(
    '/returns/:id',
    {
      schema: {
        tags,
        summary: 'One of your returns',
        description: '404 when it is unknown or not yours nor your company’s.',
        security,
        params: idParams,
        response: { 200: returnSchema, ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request) => returns.getForCustomer(request.user, request.params.id),
  );

  app.get(
    '/admin/returns',
    {
      schema: {
        tags,
        summary: 'Every return (admin)',
        description:
          'Newest first, paged, optionally only those in `status`; the total is in the X-Total-Count header.',
        security,
        querystring: adminReturnsQuerySchema,
        response: { 200: z.array(returnSchema), ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => paged(reply, await returns.listAll(request.query)),
  );

  app.get(
    '/admin/returns/:id',
    {
      schema: {
        tags,
        summary: 'A return (admin)',
        security,
        params: idParams,
        response: { 200: returnSchema, ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request) => returns.getForAdmin(request.params.id),
  );

  app.post(
    '/admin/returns/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a requested return (admin)',
        description:
          'The buyer is mailed the RMA number and where to send the parts (the shop’s address). 409 (RETURN_STATUS) unless it is requested.',
        security,
        params: idParams,
        response: { 200: returnSchema, ...errors, ...errorResponses(409) },
      },
      onRequest: requireAdmin,
    },
    async (request) => returns.approve(request.user, request.params.id),
  );

  app.post(
    '/admin/returns/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a return (admin)',
        description:
          'With the reason the buyer reads. 409 (RETURN_STATUS) unless it is requested or approved.',
        security,
        params: idParams,
        body: rejectReturnSchema,
        response: { 200: returnSchema, ...errors, ...errorResponses(409) },
      },
      onRequest: requireAdmin,
    },
    async (request) => returns.reject(request.user, request.params.id, request.body.reason),
  );

  app.post(
    '/admin/returns/:id/receive',
    {
      schema: {
        tags,
        summary: 'Receive an approved return (admin)',
        description:
          'The units of each line that arrived (at most what it asked for) and their condition: resellable units go back into stock (movement reason `return`; cores never), the order lines’ `returnedQuantity` grows, the catalogue shows the new stock, and the credit memo is issued: the return becomes `credited` and carries `creditMemo`. 400 for a line not of the return or too many units. Receiving a `credited` return again settles its memo again (a card refund the provider refused is retried; one already made is not made twice) and answers it as it is. 409 (RETURN_STATUS) unless it is approved or credited.',
        security,
        params: idParams,
        body: receiveReturnSchema,
        response: { 200: returnSchema, ...errors, ...errorResponses(409) },
      },
      onRequest: requireAdmin,
    },
    async (request) => returns.receive(request.user, request.params.id, request.body),
  );
};
