/**
 * Public catalogue API (docs/requirements.md §7: GET parts, GET /parts/{id}, GET make, GET category; docs/design.md "API").
 * Lists are paged (`limit`/`offset`, total in X-Total-Count) and answered from the read-through cache as
 * pre-serialised, pre-compressed JSON (catalog-cache.ts, with its invalidation rule; cached-response.ts).
 * Unknown and malformed part ids are 404.
 */
import {
  apiErrorSchema,
  categorySchema,
  lookupPageQuerySchema,
  makeSchema,
  messages,
  partSchema,
  partsQuerySchema,
  type Part,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/http-errors.js';
import { sendCachedJson } from './cached-response.js';
import type { Page } from '../../lib/page.js';
import { createCatalogRepository } from './catalog-repository.js';
import { partsCacheKey, toPartsSearch } from './catalog-search.js';

const listErrors = { 400: apiErrorSchema, 503: apiErrorSchema, 500: apiErrorSchema };
/** Cached routes compress their bodies once per cache entry (cached-response.ts), not per request. */
const cachedRoute = { compress: false, decompress: false } as const;
const totalHeader = 'The total number of rows is in the X-Total-Count header.';

function serialisePage<T>(page: Page<T>) {
  return { body: JSON.stringify(page.items), total: page.total };
}

/** A parts page as a cached response, tagged with its parts' ids (catalog-cache.ts). */
function serialisePartsPage(page: Page<Part>) {
  return { ...serialisePage(page), partIds: page.items.map((part) => part._id) };
}

/** Registers GET /parts, /parts/:id, /make and /category (mounted under /api). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createCatalogRepository(app.database.db, app.catalogCache.partResults);
  const cache = app.catalogCache;

  app.get(
    '/parts',
    {
      ...cachedRoute,
      schema: {
        tags: ['catalog'],
        summary: 'List, search and filter parts',
        description:
          "Parts, price in dollars. Without parameters: the catalogue's stable order. `q` searches names, " +
          'descriptions and part numbers (any case, word order and separators; small typos when nothing ' +
          'matches exactly); `category` and `make` filter by `_id` (an unknown id matches nothing, a ' +
          'malformed one is a 400); `sort` orders by relevance (catalogue order without `q`), price or name. ' +
          totalHeader,
        querystring: partsQuerySchema,
        response: { 200: z.array(partSchema), ...listErrors },
      },
    },
    async (request, reply) => {
      const search = toPartsSearch(request.query);
      const page = await cache.getOrLoad(partsCacheKey(search), async () =>
        serialisePartsPage(await repository.listParts(search)),
      );
      return sendCachedJson(request, reply, page);
    },
  );

  app.get(
    '/parts/:id',
    {
      ...cachedRoute,
      schema: {
        tags: ['catalog'],
        summary: 'Get one part',
        description: 'A part by its `_id`. Unknown and malformed ids answer 404.',
        params: z.object({ id: z.string() }),
        response: { 200: partSchema, 404: apiErrorSchema, 503: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const part = await cache.getOrLoad(`parts/${id}`, async () => {
        const found = await repository.findPart(id);
        if (!found) throw new NotFoundError(messages.errors.partNotFound);
        return { body: JSON.stringify(found), partIds: [found._id] };
      });
      return sendCachedJson(request, reply, part);
    },
  );

  app.get(
    '/make',
    {
      ...cachedRoute,
      schema: {
        tags: ['catalog'],
        summary: 'List vehicle makes',
        description: `Makes in display order. ${totalHeader}`,
        querystring: lookupPageQuerySchema,
        response: { 200: z.array(makeSchema), ...listErrors },
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query;
      const page = await cache.getOrLoad(`make?limit=${limit}&offset=${offset}`, async () =>
        serialisePage(await repository.listMakes({ limit, offset })),
      );
      return sendCachedJson(request, reply, page);
    },
  );

  app.get(
    '/category',
    {
      ...cachedRoute,
      schema: {
        tags: ['catalog'],
        summary: 'List part categories',
        description: `Categories in display order. ${totalHeader}`,
        querystring: lookupPageQuerySchema,
        response: { 200: z.array(categorySchema), ...listErrors },
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query;
      const page = await cache.getOrLoad(`category?limit=${limit}&offset=${offset}`, async () =>
        serialisePage(await repository.listCategories({ limit, offset })),
      );
      return sendCachedJson(request, reply, page);
    },
  );
};
