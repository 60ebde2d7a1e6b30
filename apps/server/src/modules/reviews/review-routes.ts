/**
 * Reviews API (docs/requirements.md §7: GET review, public, paged, newest first, for the home page's "What Our Customers
 * Say!"; POST review, signed-in normal users, docs/decisions/009-catalogue-admin-uploads-and-profiles.md; §12, part
 * pages: the reviews of one part, `?part=` and `partId`). Reviews are not cached, so a new one shows at once.
 */
import {
  TOTAL_COUNT_HEADER,
  apiErrorCodes,
  apiErrorSchema,
  insertedIdResponseSchema,
  messages,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewSchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors.js';
import { bearerSecurity } from '../../lib/route-schemas.js';
import { requireNormalUser } from '../identity/index.js';
import { UnknownReviewPartError, createReviewRepository } from './review-repository.js';

/** The 400 of a `partId` that names no part: `errors.partId`, like a malformed one. */
function unknownPart(): HttpError {
  const message = messages.validation.reviewPartId;
  return new HttpError(400, `${messages.errors.invalidRequest}: ${message}`, apiErrorCodes.validationFailed, {
    partId: message,
  });
}

/** Registers GET /review (shop-wide, or one part's with `?part=`) and POST /review (mounted under /api). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createReviewRepository(app.database.db);

  app.get(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'List reviews',
        description:
          'Customer reviews, newest first. Without `part`, the shop-wide reviews only (those of no part, as on ' +
          'the home page); with `part` (a part `_id`), only the reviews of that part (none for an unknown part). ' +
          'The total number of rows is in the X-Total-Count header.',
        querystring: reviewListQuerySchema,
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
        description:
          'Rating in stars, 1 to 5; img an http(s) URL. The author is the caller. With `partId` (a part `_id`) ' +
          'the review is of that part and is listed by `GET /review?part=`; a `partId` of no part is 400.',
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
      try {
        const insertedId = await repository.createReview(request.user.id, request.body);
        return reply.code(201).send({ insertedId });
      } catch (error) {
        if (error instanceof UnknownReviewPartError) throw unknownPart();
        throw error;
      }
    },
  );
};
