/**
 * The user calls a signed-in user makes about themself (docs/requirements.md §7): the role flags the web
 * app's guards read. The admin's user calls are in user-admin-routes.ts. Access rules: auth-guards.ts; each
 * route is a row of the access-control matrix (src/test/access-control.test.ts).
 */
import {
  adminResponseSchema,
  emailParamsSchema,
  messages,
  normalUserResponseSchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { NotFoundError } from '../../lib/http-errors.js';
import { assertSelfOrAdmin, requireSignedIn } from './auth-guards.js';

const errors = errorResponses(400, 401, 403, 404, 503);
const security = bearerSecurity;

/** Registers GET /user/:email and GET /admin/:email (mounted under /api). */
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
};
