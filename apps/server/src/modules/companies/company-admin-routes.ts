/**
 * The admins' company calls (docs/requirements.md §14 "Company accounts"): the company list (search by name or a
 * member's email, newest first, paged, with member count, order count and spend) and one company with its members
 * and address book. Admins only; rows of the access-control matrix (src/test/access-control.test.ts).
 */
import {
  TOTAL_COUNT_HEADER,
  adminCompanySchema,
  adminCompanySummarySchema,
  optionalSearchText,
  pageQuerySchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin } from '../identity/index.js';

const errors = errorResponses(400, 401, 403, 404, 503);
const security = bearerSecurity;

/** Registers GET /admin/companies and GET /admin/companies/:id (mounted under /api). */
export const companyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { companies } = app;

  app.get(
    '/admin/companies',
    {
      schema: {
        tags: ['companies'],
        summary: 'List companies (admin)',
        description:
          'Companies newest first, paged; `q` keeps those whose name or a member’s email contains it (any case). Each has `memberCount`, `orderCount` (orders placed by its members, cancelled ones left out) and `spend` (dollars: the totals of its paid orders). The total is in the X-Total-Count header.',
        security,
        querystring: pageQuerySchema.extend({ q: optionalSearchText() }),
        response: { 200: z.array(adminCompanySummarySchema), ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const page = await companies.listForAdmin(request.query);
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return page.items;
    },
  );

  app.get(
    '/admin/companies/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'A company (admin)',
        description:
          'The company with its counts, members and address book (its orders: the admin order list). 404 when there is none.',
        security,
        params: z.object({ id: z.string().max(254) }),
        response: { 200: adminCompanySchema, ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request) => companies.getForAdmin(request.params.id),
  );
};
