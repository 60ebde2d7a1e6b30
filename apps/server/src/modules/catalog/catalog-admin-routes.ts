/**
 * Admin catalogue writes (docs/decisions/009-catalogue-admin-uploads-and-profiles.md; docs/requirements.md §7: POST /parts, DELETE /parts/{id}; PUT /parts/{id} edits,
 * beyond the spec). Admin only (auth-guards.ts; rows in the access-control matrix). The admin's product list is
 * the public, paged `GET /parts` (catalog-routes.ts): one implementation.
 */
import {
  deletedCountResponseSchema,
  insertedIdResponseSchema,
  modifiedCountResponseSchema,
  partFitmentInputSchema,
  partInputSchema,
  stockChangedErrorSchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin } from '../identity/index.js';
import { createCatalogAdminService, type ReleaseImage } from './catalog-admin-service.js';
import { createFitmentService } from './fitment-service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const security = bearerSecurity;
const params = z.object({ id: z.string().max(100) });

/**
 * Registers POST /parts, PUT /parts/:id and DELETE /parts/:id (mounted under /api); `releaseImage` receives the
 * images deletes and edits leave unused (app.ts wires the uploads' clean-up).
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod<{ releaseImage: ReleaseImage }> = async (
  app,
  { releaseImage },
) => {
  const service = createCatalogAdminService(app.database.db, app.catalog, releaseImage);
  const fitment = createFitmentService(app.database.db, app.catalog.vehicles, app.catalog);

  app.put(
    '/parts/:id/fitment',
    {
      schema: {
        tags: ['catalog'],
        summary: "Replace a part's fitment (admin)",
        description:
          'The universal flag and every application row (at most 500). Makes and models are slugs of the vehicle ' +
          'list; a row the list does not know (make, model in those years, engine) is a 400 naming it.',
        security,
        params,
        body: partFitmentInputSchema,
        response: { 204: z.null(), ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      await fitment.replace(request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/parts',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Add a part (admin)',
        description:
          'Price in dollars (at most 2 decimals). A taken SKU is a 409; without one, one is generated.',
        security,
        body: partInputSchema,
        response: { 201: insertedIdResponseSchema, ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const insertedId = await service.createPart(request.body, request.user.id);
      return reply.code(201).send({ insertedId });
    },
  );

  app.put(
    '/parts/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Edit a part (admin)',
        description:
          'Replaces every field of the form; an empty SKU keeps the current one. The stock: with ' +
          '`expectedAvailable` (the stock the form started from) equal to `available`, it is kept as it is now; ' +
          'with another `expectedAvailable`, `available` is set only while the stock is still `expectedAvailable`, ' +
          'else 409 STOCK_CHANGED with the stock now as `available` and nothing saved; without it, `available` is ' +
          'set as given. A taken SKU is a 409 SKU_TAKEN.',
        security,
        params,
        body: partInputSchema,
        response: {
          200: modifiedCountResponseSchema,
          ...errors,
          409: stockChangedErrorSchema.partial({ available: true }),
        },
      },
      onRequest: requireAdmin,
    },
    async (request) => {
      await service.updatePart(request.params.id, request.body, request.user.id);
      return { modifiedCount: 1 };
    },
  );

  app.delete(
    '/parts/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Delete a part (admin)',
        description: 'Orders of the part keep its name and price. `deletedCount` is 0 for an unknown id.',
        security,
        params,
        response: { 200: deletedCountResponseSchema, ...errors },
      },
      onRequest: requireAdmin,
    },
    async (request) => {
      const name = await service.deletePart(request.params.id);
      return { deletedCount: name === null ? 0 : 1 };
    },
  );
};
