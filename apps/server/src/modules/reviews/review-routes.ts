/** Public reviews API (spec section 7: GET review; home page "What Our Customers Say!"), paged, newest first. */
import { TOTAL_COUNT_HEADER, apiErrorSchema, pageQuerySchema, reviewSchema } from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReviewRepository } from './review-repository.js';

/** Registers GET /review (mounted under /api). */
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
};
