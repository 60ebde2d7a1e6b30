/**
 * The admin's order calls (docs/design.md item 4; docs/requirements.md §13 "Finding things"):
 * PATCH /order/{id}/status moves a paid order from pending to shipped, with the carrier and tracking number when
 * given, and GET /admin/orders.csv exports the filtered order list (the admin's list of every order, with the
 * same filters, shares GET /order/{id} with the single order, in order-routes.ts). Rules live in
 * order-service.ts; access rules in the access-control matrix (src/test/access-control.test.ts).
 */
import { adminOrderFiltersSchema, orderSchema, orderStatusChangeSchema } from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin } from '../identity/index.js';
import { ordersCsvStream } from './order-csv.js';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const security = bearerSecurity;
const idParams = z.object({ id: z.string().max(254) });

/** Registers PATCH /order/:id/status and GET /admin/orders.csv (mounted under /api). */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders } = app;

  app.patch(
    '/order/:id/status',
    {
      schema: {
        tags: ['orders'],
        summary: 'Ship a paid order',
        description:
          'Admins only: pending -> shipped; any other move is 409. `carrier` and `trackingNumber` (optional, at most 60 characters each) are kept on the order and shown with it.',
        security,
        params: idParams,
        body: orderStatusChangeSchema,
        response: { 200: orderSchema, ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request) => {
      const { carrier, trackingNumber } = request.body;
      return orders.markShipped(request.user, request.params.id, { carrier, trackingNumber });
    },
  );

  app.get(
    '/admin/orders.csv',
    {
      schema: {
        tags: ['orders'],
        summary: 'Export the filtered order list as CSV (admin)',
        description:
          "The admin order list's filters (q, status, from, to, sort, dir) without paging: every matching order, streamed as text/csv (orders.csv). Text cells starting with =, +, -, @, a tab or a carriage return get a leading ' so a spreadsheet shows them as text.",
        security,
        querystring: adminOrderFiltersSchema,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const csv = await ordersCsvStream(orders.exportOrders(request.query));
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="orders.csv"')
          .header('cache-control', 'no-store')
          // A stream is sent as it is (never serialised); the schema's string documents the body.
          .send(csv as unknown as string)
      );
    },
  );
};
