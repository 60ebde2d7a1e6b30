/**
 * Profile calls (docs/requirements.md §7: GET /profile/{email} answers a list of profiles, PUT /profile/{email} reads
 * `acknowledged`; docs/design.md items 1 and 6). Reading: the user themself or an admin; writing: the user only.
 * Name and email come from the account, never from the body. Rows in the access-control matrix.
 */
import {
  acknowledgedResponseSchema,
  emailParamsSchema,
  messages,
  normalizeEmail,
  profileInputSchema,
  profileSchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { ForbiddenError, NotFoundError } from '../../lib/http-errors.js';
import { assertSelfOrAdmin, requireSignedIn } from '../identity/index.js';
import { createProfileRepository } from './profile-repository.js';

const errors = errorResponses(400, 401, 403, 404, 503);
const security = bearerSecurity;

/** Registers GET /profile/:email and PUT /profile/:email (mounted under /api). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createProfileRepository(app.database.db);
  const { users } = app.identity;

  app.get(
    '/profile/:email',
    {
      schema: {
        tags: ['profiles'],
        summary: "A user's profile",
        description:
          'A list with the profile of `email` (empty when none is saved yet). For the user themself or an admin.',
        security,
        params: emailParamsSchema,
        response: { 200: z.array(profileSchema), ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.email);
      const user = await users.findByEmail(request.params.email);
      if (!user) throw new NotFoundError(messages.errors.userNotFound);
      const profile = await repository.findByUserId(user.id);
      return profile ? [profile] : [];
    },
  );

  app.put(
    '/profile/:email',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Save your profile',
        description: 'Creates or replaces the caller’s own profile; name and email come from the account.',
        security,
        params: emailParamsSchema,
        body: profileInputSchema,
        response: { 200: acknowledgedResponseSchema, ...errors, ...errorResponses(429) },
      },
      onRequest: requireSignedIn,
      preHandler: app.createWriteLimit('profile'),
    },
    async (request) => {
      if (normalizeEmail(request.params.email) !== normalizeEmail(request.user.email))
        throw new ForbiddenError();
      await repository.upsert(request.user, request.body);
      return { acknowledged: true };
    },
  );
};
