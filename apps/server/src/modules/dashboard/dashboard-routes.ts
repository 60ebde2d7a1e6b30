/**
 * The admin's dashboard call (docs/requirements.md §13, "Dashboard"): `GET /admin/dashboard` answers, for admins
 * only, revenue per UTC day over the last 30 days (today included, zero-filled), orders by status (every stored
 * status, zero-filled), the top 10 parts by revenue over paid orders, and the parts whose stock is below their
 * minimum order quantity (lowest first, at most 50, with their total). Every figure is read fresh from SQL
 * aggregates (dashboard-repository.ts); nothing is cached. Access rules: the access-control matrix
 * (src/test/access-control.test.ts).
 */
import { dashboardSchema } from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin } from '../identity/index.js';
import { createDashboardRepository } from './dashboard-repository.js';

/** Registers GET /admin/dashboard (mounted under /api). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createDashboardRepository(app.database.db);

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'The admin dashboard’s figures (admin)',
        description:
          'revenueByDay: the last 30 days in UTC, oldest first, ending today (UTC), each `{ date: YYYY-MM-DD, ' +
          'revenue (dollars), orders }` of the orders paid that day (status pending or shipped, by paid_at); days ' +
          'without payments are 0. ordersByStatus: every stored status with its count. topParts: the 10 parts ' +
          'with the most line revenue (before tax, dollars) over paid orders. lowStock: parts whose stock is below ' +
          'their minimum order quantity, lowest stock first, at most 50; lowStockTotal counts them all.',
        security: bearerSecurity,
        response: { 200: dashboardSchema, ...errorResponses(401, 403, 503) },
      },
      onRequest: requireAdmin,
    },
    async () => repository.readDashboard(new Date()),
  );
};
