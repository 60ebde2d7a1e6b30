/**
 * The spec's order calls (docs/requirements.md §7; docs/design.md items 1-4) and the wholesale ones (§11: POST
 * /checkout places the cart as one order, POST /order/{id}/reorder puts an order's lines back in the cart):
 * POST /order, GET /order?email=,
 * GET /order/{id} (an order id: one order for its owner or an admin; an email: the admin's list of every
 * order, as the spec calls it), DELETE /order/{id} (cancel), PATCH /order/{id} (paid, verified with the
 * provider), POST /create-payment-intent; shipping is in order-admin-routes.ts. Rules live in
 * order-service.ts; access rules in the access-control matrix (src/test/access-control.test.ts). Company orders
 * (docs/requirements.md §14): GET /companies/mine/approvals lists the orders awaiting the caller's approval, POST
 * /order/{id}/approve and /order/{id}/reject decide one.
 */
import {
  adminOrderFilterFields,
  apiErrorSchema,
  cartChangeResultSchema,
  checkoutSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  TOTAL_COUNT_HEADER,
  clientSecretResponseSchema,
  createPaymentIntentSchema,
  deletedCountResponseSchema,
  modifiedCountResponseSchema,
  myOrdersQuerySchema,
  orderSchema,
  pageQuerySchema,
  payOrderSchema,
  placeOrderResponseSchema,
  placeOrderSchema,
  rejectOrderSchema,
  withOrderDateRange,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { ForbiddenError } from '../../lib/http-errors.js';
import { requireNormalUser, requireSignedIn } from '../identity/index.js';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const security = bearerSecurity;
/** The admin list's query (docs/requirements.md §13 "Finding things"): paging and the filters. */
const adminOrdersQuerySchema = withOrderDateRange(pageQuerySchema.extend(adminOrderFilterFields));
const idParams = z.object({ id: z.string().max(254) });
const idempotencyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .trim()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces')
    .optional(),
});

/** Registers the order routes (mounted under /api). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders } = app;

  app.post(
    '/order',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place an order',
        description:
          'Reserves the quantity from stock and stores an unpaid order, which holds its stock for ORDER_HOLD_MINUTES and then expires. Price, total, customer name and email come from the server. 400 below the minimum order quantity, 409 above the stock or with MAX_UNPAID_ORDERS unpaid orders already. With an Idempotency-Key header, a retry of the same request within 24 hours returns the first order (Idempotent-Replayed: true); the same key with another request is 422.',
        security,
        body: placeOrderSchema,
        headers: idempotencyHeaders,
        response: { 201: placeOrderResponseSchema, ...errors, ...errorResponses(422, 429) },
      },
      onRequest: requireSignedIn,
      preHandler: app.createWriteLimit('order'),
    },
    async (request, reply) => {
      const { orderId, replayed } = await orders.placeOrder(request.user, request.body, {
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ acknowledged: true, insertedId: orderId });
    },
  );

  app.post(
    '/checkout',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place the cart as one order',
        description:
          'Reserves the stock of every cart line at once, or none: 409 LINES_UNAVAILABLE with `lines` [{ partId, message }] naming each line that cannot be had (the cart is kept). On success the cart empties and the unpaid order (one line per cart line, each at its quantity break) is returned; 400 CART_EMPTY; 409 TOO_MANY_UNPAID_ORDERS; 409 AMOUNT_TOO_LARGE_FOR_CARD when the total is above one card payment. `saveToProfile` keeps the address and phone on the profile. Honours Idempotency-Key as POST /order does. A company member with trade terms pays their own prices (`unitPrice`, with `listUnitPrice`) and a tax-exempt company no tax. `paymentMethod: "account"` (docs/requirements.md §15) needs net terms (409 TERMS_REQUIRED) and places the order `pending` with its invoice due after the terms\' days, unless it awaits approval; 409 ACCOUNT_OVERDUE while an invoice of the company is past due, 409 CREDIT_LIMIT_EXCEEDED with `available` (dollars) above the credit left.',
        security,
        body: checkoutSchema,
        headers: idempotencyHeaders,
        response: {
          201: orderSchema,
          ...errors,
          409: apiErrorSchema.extend({
            lines: z.array(z.object({ partId: z.string(), message: z.string() })).optional(),
            /** CREDIT_LIMIT_EXCEEDED: the company's credit left, in dollars. */
            available: z.number().optional(),
          }),
          ...errorResponses(422, 429),
        },
      },
      onRequest: requireSignedIn,
      preHandler: app.createWriteLimit('order'),
    },
    async (request, reply) => {
      const { order, replayed } = await orders.checkout(request.user, request.body, {
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(order);
    },
  );

  app.post(
    '/order/:id/reorder',
    {
      schema: {
        tags: ['orders'],
        summary: "Add an order's lines to the cart again",
        description:
          "For the order's customer or an admin. Each line is added at today's terms, or reported when its part is gone or its quantity no longer passes; a changed unit price is noted.",
        security,
        params: idParams,
        response: { 200: cartChangeResultSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => orders.reorder(request.user, request.params.id),
  );

  app.get(
    '/order',
    {
      schema: {
        tags: ['orders'],
        summary: "The caller's orders",
        description:
          "Own orders only (another email: 403), newest first; total in X-Total-Count. A company member gets the company's orders, placed by any member (`placedBy`), and their own placed outside a company.",
        security,
        querystring: myOrdersQuerySchema.extend(pageQuerySchema.shape),
        response: { 200: z.array(orderSchema), ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request, reply) => {
      const { email, limit, offset } = request.query;
      const page = await orders.listOwnOrders(request.user, email, { limit, offset });
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return page.items;
    },
  );

  app.get(
    '/order/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order, or (with an email) every order for the admin',
        description:
          "An order id: that order, for its owner or an admin. An email (the spec's GET /order/{email}): the admin's order list, admins only, paged, total in X-Total-Count; by default every order but cancelled ones, newest first. `q` finds an order number (PF-100001 or 100001), a customer's name or email, a PO number or a line's SKU (substrings, any case); `status` one stored status; `from` and `to` are days (UTC, inclusive) of the order date; `sort` date or total, `dir` desc or asc.",
        security,
        params: idParams,
        querystring: adminOrdersQuerySchema,
        response: { 200: z.union([orderSchema, z.array(orderSchema)]), ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request, reply) => {
      if (!request.params.id.includes('@')) return orders.getOrder(request.user, request.params.id);
      if (request.user.role !== 'admin') throw new ForbiddenError();
      const { limit, offset, ...filters } = request.query;
      const page = await orders.listAllOrders({ limit, offset }, filters);
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return page.items;
    },
  );

  app.get(
    '/companies/mine/approvals',
    {
      schema: {
        tags: ['companies'],
        summary: "The company's orders awaiting approval",
        description:
          'For owners and managers (a buyer: 403; no company: 404): the orders of buyers above their spending limit, oldest first; total in X-Total-Count.',
        security,
        querystring: pageQuerySchema,
        response: { 200: z.array(orderSchema), ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request, reply) => {
      const page = await orders.listAwaitingApproval(request.user, request.query);
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return page.items;
    },
  );

  app.post(
    '/order/:id/approve',
    {
      schema: {
        tags: ['companies'],
        summary: 'Approve an order awaiting approval',
        description:
          'An owner or manager of the ordering company (anyone else, buyers included: 403). The order becomes unpaid, to be paid within ORDER_HOLD_MINUTES; the buyer is mailed. 409 NOT_AWAITING_APPROVAL when it is not awaiting approval (decided, cancelled or expired after APPROVAL_HOLD_HOURS). An order on account (docs/requirements.md §15) becomes pending with its invoice, mailed to its placer and the owners, after the credit is checked again: 409 TERMS_REQUIRED, ACCOUNT_OVERDUE, or CREDIT_LIMIT_EXCEEDED with `available` (dollars).',
        security,
        params: idParams,
        response: {
          200: orderSchema,
          ...errors,
          409: apiErrorSchema.extend({ available: z.number().optional() }),
        },
      },
      onRequest: requireNormalUser,
    },
    async (request) => orders.approveOrder(request.user, request.params.id),
  );

  app.post(
    '/order/:id/reject',
    {
      schema: {
        tags: ['companies'],
        summary: 'Reject an order awaiting approval',
        description:
          'As approve; the order becomes rejected, its stock goes back, and the buyer is mailed the reason (in the timeline too).',
        security,
        params: idParams,
        body: rejectOrderSchema,
        response: { 200: orderSchema, ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request) => orders.rejectOrder(request.user, request.params.id, request.body.reason),
  );

  app.delete(
    '/order/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid order',
        description:
          'Its placer, or an owner or manager of its company (an order awaiting approval too); returns the quantity to stock and keeps the order as cancelled.',
        security,
        params: idParams,
        response: { 200: deletedCountResponseSchema, ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request) => {
      const { deletedCount } = await orders.cancelOrder(request.user, request.params.id);
      return { deletedCount };
    },
  );

  app.patch(
    '/order/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'Mark an order paid',
        description:
          'Owner only. The payment provider must confirm that `transactionId` succeeded for this order and amount (409 otherwise); repeating it changes nothing.',
        security,
        params: idParams,
        body: payOrderSchema,
        response: { 200: modifiedCountResponseSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => orders.confirmPayment(request.user, request.params.id, request.body.transactionId),
  );

  app.post(
    '/create-payment-intent',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start paying an order',
        description:
          "Owner only. The amount is the stored order's total in cents (the spec's totalPrice is ignored); the same order and amount always give the same intent.",
        security,
        body: createPaymentIntentSchema,
        response: { 200: clientSecretResponseSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => orders.createPaymentIntent(request.user, request.body.orderId),
  );
};
