/**
 * The admin's stock calls (docs/requirements.md §13 "Stock history"): `POST /admin/parts/{id}/stock-adjustments`
 * adjusts a part's stock with a note, `GET /admin/parts/{id}/stock-movements` pages its history, newest first.
 * Admin only (auth-guards.ts; rows in the access-control matrix). Rules live in inventory-service.ts.
 */
import {
  TOTAL_COUNT_HEADER,
  stockAdjustmentInputSchema,
  stockAdjustmentResultSchema,
  stockMovementPageSchema,
  stockMovementsQuerySchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin } from '../identity/index.js';
import { createInventoryService } from './inventory-service.js';

const errors = errorResponses(400, 401, 403, 404, 503);
const security = bearerSecurity;
const params = z.object({ id: z.string().max(100) });

/** Registers the stock adjustment and history routes (mounted under /api). */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createInventoryService(app.database.db, app.catalog);

  app.post(
    '/admin/parts/:id/stock-adjustments',
    {
      schema: {
        tags: ['inventory'],
        summary: "Adjust a part's stock (admin)",
        description:
          '`change` is signed whole units (not 0), `note` says why (1..200 characters). The stock may not go ' +
          'below 0 (400 STOCK_BELOW_ZERO, nothing changes). Answers the stock after it and the movement written.',
        security,
        params,
        body: stockAdjustmentInputSchema,
        response: { 200: stockAdjustmentResultSchema, ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request) => service.adjust(request.params.id, request.body, request.user.id),
  );

  app.get(
    '/admin/parts/:id/stock-movements',
    {
      schema: {
        tags: ['inventory'],
        summary: "A part's stock history (admin)",
        description:
          'Every change of the stock (order placed, order cancelled, hold expired, admin adjustment, import), ' +
          'newest first; `page` from 1, `pageSize` 20 by default and at most 100. The total is also in ' +
          'X-Total-Count.',
        security,
        params,
        querystring: stockMovementsQuerySchema,
        response: { 200: stockMovementPageSchema, ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const page = await service.history(request.params.id, request.query);
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return page;
    },
  );
};
