/**
 * Reviews API (docs/requirements.md §7: GET review, public, paged, newest first, for the home page's "What Our Customers
 * Say!"; POST review, signed-in normal users, docs/decisions/009-catalogue-admin-uploads-and-profiles.md). Reviews are not cached, so a new one shows at once.
 */
import {
  TOTAL_COUNT_HEADER,
  apiErrorSchema,
  insertedIdResponseSchema,
  pageQuerySchema,
  reviewInputSchema,
  reviewSchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity } from '../../lib/route-schemas.js';
import { requireNormalUser } from '../identity/index.js';
import { createReviewRepository } from './review-repository.js';

/** Registers GET /review and POST /review (mounted under /api). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createReviewRepository(app.database.db);

  app.get(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'List reviews',
        description:
          'Customer reviews, newest first. The total number of rows is in the X-Total-Count header.',
        querystring: pageQuerySchema,
        response: {
          200: z.array(reviewSchema),
          400: apiErrorSchema,
          503: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const page = await repository.listReviews(request.query);
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return page.items;
    },
  );

  app.post(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Add a review (normal users)',
        description: 'Rating in stars, 1 to 5; img an http(s) URL. The author is the caller.',
        security: bearerSecurity,
        body: reviewInputSchema,
        response: {
          201: insertedIdResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      onRequest: requireNormalUser,
      preHandler: app.createWriteLimit('review'),
    },
    async (request, reply) => {
      const insertedId = await repository.createReview(request.user.id, request.body);
      return reply.code(201).send({ insertedId });
    },
  );
};
