/**
 * The admin's user calls (docs/requirements.md §7 and §13 "Finding things"; docs/design.md item 5): the users list
 * (search, newest first, paged, with each user's order count and spend), promotion to admin and its removal
 * (never one's own role, never the last admin), and removal of a user (never oneself, never the last admin).
 * Access rules: auth-guards.ts; each route is a row of the access-control matrix
 * (src/test/access-control.test.ts).
 */
import {
  TOTAL_COUNT_HEADER,
  apiErrorSchema,
  deletedCountResponseSchema,
  emailParamsSchema,
  modifiedCountResponseSchema,
  pageQuerySchema,
  userListItemSchema,
  userSearchFields,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin } from './auth-guards.js';

const errors = errorResponses(400, 401, 403, 404, 503);
const security = bearerSecurity;

/**
 * Registers GET /user, PUT /user/admin/:email, DELETE /user/admin/:email and DELETE /user/:email (mounted under
 * /api).
 */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.identity;

  app.get(
    '/user',
    {
      schema: {
        tags: ['users'],
        summary: 'List users (admin)',
        description:
          'Users newest first, paged; `q` keeps those whose name or email contains it (any case). Each has `orderCount` (orders placed, cancelled ones left out) and `spend` (dollars: the totals of their paid orders). The total is in the X-Total-Count header.',
        security,
        querystring: pageQuerySchema.extend(userSearchFields),
        response: { 200: z.array(userListItemSchema), ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const page = await users.listUsers(request.query);
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return page.items;
    },
  );

  app.put(
    '/user/admin/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Make a user an admin (admin)',
        description: 'modifiedCount is 0 when the user already is an admin.',
        security,
        params: emailParamsSchema,
        response: { 200: modifiedCountResponseSchema, ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request) => ({ modifiedCount: await users.promoteToAdmin(request.params.email) }),
  );

  app.delete(
    '/user/admin/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Remove the admin role from a user (admin)',
        description:
          'modifiedCount is 0 when the user is no admin. Never one’s own role (400 CANNOT_DEMOTE_SELF) and never the last admin (409). Their access tokens lose admin rights at once.',
        security,
        params: emailParamsSchema,
        response: { 200: modifiedCountResponseSchema, ...errors, 409: apiErrorSchema },
      },
      onRequest: requireAdmin,
    },
    async (request) => ({
      modifiedCount: await users.demoteAdmin(request.user.id, request.params.email),
    }),
  );

  app.delete(
    '/user/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Remove a user (admin)',
        description:
          'Never one’s own account (403) and never the last admin (409). Orders and reviews stay as records.',
        security,
        params: emailParamsSchema,
        response: { 200: deletedCountResponseSchema, ...errors, 409: apiErrorSchema },
      },
      onRequest: requireAdmin,
    },
    async (request) => {
      await users.removeUser(request.user.id, request.params.email);
      return { deletedCount: 1 };
    },
  );
};
