/**
 * Public catalogue API (docs/requirements.md §7: GET parts, GET /parts/{id}, GET make, GET category; docs/design.md "API").
 * Lists are paged (`limit`/`offset`, total in X-Total-Count). Every body comes from `app.catalog` (catalog-reads.ts,
 * the read path's owner) as pre-serialised JSON, sent pre-compressed (cached-response.ts).
 * Unknown and malformed part ids are 404.
 *
 * Parts answers are at the buyer's prices (docs/requirements.md §15): the routes are public, and a request whose
 * `Authorization: Bearer <token>` verifies is priced with the caller's price book (`app.priceBooks.forUser`); an
 * absent, invalid or expired token, or a caller without terms, gets list prices, the body exactly as a visitor's.
 * The session behind the token is not re-read (as the guards do): prices are not a secret of the session, a
 * signed-out token only lives out its few minutes, and it spares every member's catalogue read one query. Every
 * parts answer says `Vary: Authorization`, and one to a request with an Authorization header is also
 * `Cache-Control: private, no-store`: neither a shared proxy nor another buyer's client reuses a member's prices, and
 * no proxy answers a member with a visitor's list-priced page.
 */
import {
  apiErrorSchema,
  categorySchema,
  lookupPageQuerySchema,
  makeSchema,
  partSchema,
  fitmentQuerySchema,
  fitmentRowSchema,
  partsQuerySchema,
  SEARCH_VEHICLE_HEADER,
  TOTAL_COUNT_HEADER,
} from '@partsforge/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccessTokenError } from '../identity/index.js';
import type { PriceBook } from '../trade-terms/index.js';
import { sendCachedJson } from './cached-response.js';
import { createFitmentService } from './fitment-service.js';

const listErrors = { 400: apiErrorSchema, 503: apiErrorSchema, 500: apiErrorSchema };
/** Cached routes compress their bodies once per cache entry (cached-response.ts), not per request. */
const cachedRoute = { compress: false, decompress: false } as const;
const totalHeader = 'The total number of rows is in the X-Total-Count header.';
const BEARER = /^Bearer\s+(\S+)\s*$/i;
const pricesNote =
  " Prices are the caller's: with a valid bearer token of a member of a company with terms, `price` and " +
  '`priceBreaks` are their unit prices and `listPrice`/`listPriceBreaks` the list ones; otherwise list prices. ' +
  'Answers vary by Authorization; to requests with the header they are `Cache-Control: private, no-store`.';

/** Registers GET /parts, /parts/:id, /make and /category (mounted under /api). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app;
  const fitment = createFitmentService(app.database.db, catalog.vehicles, catalog);

  /**
   * The caller's price book, or null for list prices: no Authorization header, a token that does not verify
   * (invalid, expired), or a caller without terms. Every answer varies by the header; one to a request with it is
   * private.
   */
  async function priceBookOf(request: FastifyRequest, reply: FastifyReply): Promise<PriceBook | null> {
    void reply.header('vary', 'authorization');
    const header = request.headers.authorization;
    if (header === undefined) return null;
    void reply.header('cache-control', 'private, no-store');
    const token = BEARER.exec(header)?.[1];
    if (!token) return null;
    let userId: string;
    try {
      ({ userId } = await app.identity.accessTokens.verify(token));
    } catch (error) {
      if (error instanceof AccessTokenError) return null;
      throw error;
    }
    return app.priceBooks.forUser(userId);
  }

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
          '`make` also takes a slug or name. `year`, `make` and `model` together (with an optional `engine`) keep ' +
          'the parts that fit that vehicle or are universal, each with `fitment`. A vehicle in `q` ("2019 camry ' +
          'brake pads", "f150", "chevy") is read and named in the X-Search-Vehicle header (URI-encoded JSON). ' +
          'Sorted by price, the order follows the prices the caller sees. A `q` that is exactly an old part ' +
          "number (a superseded part's SKU or interchange number, any case) puts the replacement (the end of " +
          'its supersession chain) first on the first page, marked `replaces` with the old SKU. ' +
          totalHeader +
          pricesNote,
        querystring: partsQuerySchema,
        response: { 200: z.array(partSchema), ...listErrors },
      },
    },
    async (request, reply) => {
      const [{ search, understood }, book] = await Promise.all([
        catalog.resolve(request.query),
        priceBookOf(request, reply),
      ]);
      if (understood) reply.header(SEARCH_VEHICLE_HEADER, encodeURIComponent(JSON.stringify(understood)));
      return sendCachedJson(request, reply, await catalog.parts(search, book));
    },
  );

  app.get(
    '/parts/:id',
    {
      ...cachedRoute,
      schema: {
        tags: ['catalog'],
        summary: 'Get one part',
        description: `A part by its \`_id\`. Unknown and malformed ids answer 404.${pricesNote}`,
        params: z.object({ id: z.string() }),
        response: { 200: partSchema, 404: apiErrorSchema, 503: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const book = await priceBookOf(request, reply);
      return sendCachedJson(request, reply, await catalog.part(request.params.id, book));
    },
  );

  app.get(
    '/parts/:id/fitment',
    {
      schema: {
        tags: ['catalog'],
        summary: "A part's fitment rows",
        description:
          'The vehicles a part fits, as application rows (make, model, years, engine, submodel, position, ' +
          'quantity per vehicle, note) by make, model and first year; `make` and `model` (slugs) narrow them. ' +
          `Unknown and malformed part ids answer 404. ${totalHeader}`,
        params: z.object({ id: z.string().max(100) }),
        querystring: fitmentQuerySchema,
        response: { 200: z.array(fitmentRowSchema), 404: apiErrorSchema, ...listErrors },
      },
    },
    async (request, reply) => {
      const page = await fitment.list(request.params.id, request.query);
      void reply.header(TOTAL_COUNT_HEADER, page.total);
      return page.items;
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
      return sendCachedJson(request, reply, await catalog.makes(request.query));
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
      return sendCachedJson(request, reply, await catalog.categories(request.query));
    },
  );
};
