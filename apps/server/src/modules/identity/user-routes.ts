/**
 * The spec's user calls (docs/requirements.md §7): role flags for the guards, and the admin's users list, promotion
 * and (docs/design.md item 5) removal. Access rules: auth-guards.ts; each route is a row of the access-control
 * matrix (src/test/access-control.test.ts).
 */
import {
  TOTAL_COUNT_HEADER,
  adminResponseSchema,
  apiErrorSchema,
  deletedCountResponseSchema,
  emailParamsSchema,
  messages,
  modifiedCountResponseSchema,
  normalUserResponseSchema,
  pageQuerySchema,
  userSummarySchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { NotFoundError } from '../../lib/http-errors.js';
import { assertSelfOrAdmin, requireAdmin, requireSignedIn } from './auth-guards.js';

const errors = errorResponses(400, 401, 403, 404, 503);
const security = bearerSecurity;

/** Registers GET /user/:email, GET /admin/:email, GET /user, PUT /user/admin/:email, DELETE /user/:email. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.identity;

  async function roleOf(email: string) {
    const user = await users.findByEmail(email);
    if (!user) throw new NotFoundError(messages.errors.userNotFound);
    return user.role;
  }

  app.get(
    '/user/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Is this user a normal user?',
        description: 'For the user themself or an admin.',
        security,
        params: emailParamsSchema,
        response: { 200: normalUserResponseSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.email);
      return { normalUser: (await roleOf(request.params.email)) === 'user' };
    },
  );

  app.get(
    '/admin/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Is this user an admin?',
        description: 'For the user themself or an admin.',
        security,
        params: emailParamsSchema,
        response: { 200: adminResponseSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.email);
      return { admin: (await roleOf(request.params.email)) === 'admin' };
    },
  );

  app.get(
    '/user',
    {
      schema: {
        tags: ['users'],
        summary: 'List users (admin)',
        description: 'Users in sign-up order; the total is in the X-Total-Count header.',
        security,
        querystring: pageQuerySchema,
        response: { 200: z.array(userSummarySchema), ...errors },
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
