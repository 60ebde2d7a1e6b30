/**
 * The admin's order calls (docs/design.md item 4; docs/requirements.md §13 "Finding things"):
 * PATCH /order/{id}/status moves a paid order from pending to shipped, with the carrier and tracking number when
 * given, and GET /admin/orders.csv exports the filtered order list (the admin's list of every order, with the
 * same filters, shares GET /order/{id} with the single order, in order-routes.ts). Rules live in
 * order-service.ts; access rules in the access-control matrix (src/test/access-control.test.ts).
 */
import {
  adminOrderFiltersSchema,
  createShipmentSchema,
  orderSchema,
  orderStatusChangeSchema,
  shipmentSchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin } from '../identity/index.js';
import type { InvoiceSeller } from '../invoices/index.js';
import { ordersCsvStream } from './order-csv.js';
import { renderPackingSlip } from './packing-slip.js';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const security = bearerSecurity;
const idParams = z.object({ id: z.string().max(254) });

/** The seller the packing slip's letterhead names (config SHOP_NAME and SELLER_ADDRESS). */
export interface OrderAdminRoutesOptions {
  seller?: InvoiceSeller;
}

/**
 * Registers PATCH /order/:id/status, GET /admin/orders.csv, POST /admin/orders/:id/shipments and GET
 * /admin/orders/:id/shipments/:shipmentId/packing-slip.pdf (mounted under /api).
 */
export const orderAdminRoutes: FastifyPluginAsyncZod<OrderAdminRoutesOptions> = async (app, options) => {
  const { orders } = app;
  const seller = options.seller ?? { name: 'PartsForge', address: [] };

  app.post(
    '/admin/orders/:id/shipments',
    {
      schema: {
        tags: ['orders'],
        summary: 'Ship some or all of an order (admin)',
        description:
          "Admins only (docs/requirements.md §16): `lines` [{ lineId (an order line's _id), quantity }], `carrier` (required) and `trackingNumber` (optional). The order must be pending (a card order once paid; an order on account at once) or partially-shipped; it becomes partially-shipped, or shipped once every unit has shipped, and the buyer is mailed the shipment's lines, carrier and tracking link. 201 the shipment { _id, number (SH-100001), lines, carrier, trackingNumber, trackingUrl, shippedAt }. 409 OVER_SHIPMENT for a quantity above what is left of its line (two admins shipping at once cannot exceed the order), 409 for an order in another status, 400 for a line not of the order, 404 unknown order.",
        security,
        params: idParams,
        body: createShipmentSchema,
        response: { 201: shipmentSchema, ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const shipment = await orders.createShipment(request.user, request.params.id, request.body);
      return reply.code(201).send(shipment);
    },
  );

  app.get(
    '/admin/orders/:id/shipments/:shipmentId/packing-slip.pdf',
    {
      schema: {
        tags: ['orders'],
        summary: "A shipment's packing slip (PDF, admin)",
        description:
          "Admins only (docs/requirements.md §16): the shipment's lines (SKU, part, quantity) sorted by SKU for picking, with the shipment and order numbers, ship-to, carrier and tracking number; no prices. application/pdf, attachment SH-<number>.pdf. 404 unknown order or shipment.",
        security,
        params: z.object({ id: z.string().max(254), shipmentId: z.string().max(254) }),
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The packing slip PDF (application/pdf)'), ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const { order, shipment } = await orders.shipmentOf(request.params.id, request.params.shipmentId);
      const pdf = await renderPackingSlip(order, shipment, seller);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${shipment.number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

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
