/**
 * The admin's order calls (docs/design.md item 4): PATCH /order/{id}/status moves a paid order from pending to
 * shipped (the admin's list of every order shares GET /order/{id} with the single order, in order-routes.ts).
 * Rules live in order-service.ts; access rules in the access-control matrix (src/test/access-control.test.ts).
 */
import { orderSchema, orderStatusChangeSchema } from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin } from '../identity/index.js';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const security = bearerSecurity;
const idParams = z.object({ id: z.string().max(254) });

/** Registers PATCH /order/:id/status (mounted under /api). */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders } = app;

  app.patch(
    '/order/:id/status',
    {
      schema: {
        tags: ['orders'],
        summary: 'Ship a paid order',
        description: 'Admins only: pending -> shipped; any other move is 409.',
        security,
        params: idParams,
        body: orderStatusChangeSchema,
        response: { 200: orderSchema, ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request) => orders.changeStatus(request.user, request.params.id, request.body.status),
  );
};
