/**
 * Cart calls (docs/requirements.md §11 "Cart" and "Quick order"), for signed-in customers: GET /cart, PUT and
 * DELETE /cart/lines/{partId}, DELETE /cart, POST /cart/import (quick order; `?dryRun=true` previews), POST
 * /cart/merge (a visitor's browser cart at sign-in). Rules live in cart-service.ts.
 */
import {
  MAX_IMPORT_LINES,
  PART_SKU_MAX_LENGTH,
  cartChangeResultSchema,
  cartImportQuerySchema,
  cartImportSchema,
  cartMergeSchema,
  cartSchema,
  messages,
  setCartLineSchema,
  type CartChangeResult,
  type CartLineResult,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireSignedIn } from '../identity/index.js';

const errors = errorResponses(400, 401, 404, 409, 503);
const security = bearerSecurity;
const partParams = z.object({ partId: z.string().max(64) });

/** `result` quoting its SKU at most PART_SKU_MAX_LENGTH characters long (a longer one is no SKU of the shop). */
function withShortSku(result: CartLineResult): CartLineResult {
  if (result.sku.length <= PART_SKU_MAX_LENGTH) return result;
  const sku = `${result.sku.slice(0, PART_SKU_MAX_LENGTH)}…`;
  return {
    ...result,
    sku,
    ...(result.message ? { message: result.message.replaceAll(result.sku, sku) } : {}),
  };
}

/**
 * A quick order's answer made small whatever the text: the lines past MAX_IMPORT_LINES (each answered "at most 500
 * lines") become one result, on the first of them, saying how many were left out; and no result quotes a SKU longer
 * than PART_SKU_MAX_LENGTH characters. A 100,000-character text answered about 1 MB before.
 */
function compactImportAnswer(answer: CartChangeResult): CartChangeResult {
  const tooMany = messages.cart.tooManyLines(MAX_IMPORT_LINES);
  const leftOut = answer.results.filter((result) => result.message === tooMany);
  const results = answer.results.filter((result) => result.message !== tooMany);
  if (leftOut.length > 0)
    results.push({ ...leftOut[0]!, message: messages.cart.linesLeftOut(MAX_IMPORT_LINES, leftOut.length) });
  return { cart: answer.cart, results: results.map(withShortSku) };
}

/** Registers the cart routes (mounted under /api). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cart } = app;

  app.get(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Your cart',
        description:
          'The lines in the order they were added, each at the unit price of its quantity (quantity breaks), with `problem` when the part can no longer be had at that quantity, and the subtotal (dollars).',
        security,
        response: { 200: cartSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => cart.get(request.user.id),
  );

  app.put(
    '/cart/lines/:partId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Set the quantity of a line',
        description:
          'Adds the part or sets its quantity: at least its minimum order quantity (400 VALIDATION_FAILED), whole packs (400 NOT_PACK_MULTIPLE), at most its stock (409); 404 unknown part; 409 CART_FULL past the most lines a cart holds; 409 PART_SUPERSEDED for a superseded part, the message naming its replacement ("BP-OLD-1 is replaced by BP-NEW-2").',
        security,
        params: partParams,
        body: setCartLineSchema,
        response: { 200: cartSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => cart.setLine(request.user.id, request.params.partId, request.body.quantity),
  );

  app.delete(
    '/cart/lines/:partId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a line',
        security,
        params: partParams,
        response: { 200: cartSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => cart.removeLine(request.user.id, request.params.partId),
  );

  app.delete(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Empty the cart',
        security,
        response: { 200: cartSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => cart.clear(request.user.id),
  );

  app.post(
    '/cart/import',
    {
      schema: {
        tags: ['cart'],
        summary: 'Quick order: add lines by SKU',
        description:
          'Lines of `SKU quantity` separated by space, tab, comma or semicolon (a header row allowed; a CSV file as text), up to 500. Each line gets a result: added; replaced (the SKU is of a superseded part: its replacement, the end of the chain, is added under its own rules, `replacedSku` naming the old SKU and the message "Replaced by BP-NEW-2"); or an error (unknown SKU, unreadable quantity, below the minimum, not whole packs, more than in stock); lines of one SKU merge. Lines past the 500th are left out, with one result on the first of them counting them; a SKU is quoted back at most 64 characters long. The lines that pass are added to the cart (quantities add up) in one transaction; with dryRun=true nothing changes.',
        security,
        querystring: cartImportQuerySchema,
        body: cartImportSchema,
        response: { 200: cartChangeResultSchema, ...errors, ...errorResponses(429) },
      },
      onRequest: requireSignedIn,
      preHandler: app.createWriteLimit('import'),
    },
    async (request) =>
      compactImportAnswer(
        await cart.importText(request.user.id, request.body.text, { dryRun: request.query.dryRun }),
      ),
  );

  app.post(
    '/cart/merge',
    {
      schema: {
        tags: ['cart'],
        summary: "Merge a visitor's cart into the account's",
        description:
          'Called at sign-in with the lines kept in the browser: a part already in the cart keeps the larger quantity; each line gets a result as for an import.',
        security,
        body: cartMergeSchema,
        response: { 200: cartChangeResultSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) =>
      cart.addLines(
        request.user.id,
        request.body.lines.map(({ partId, quantity }, index) => ({
          line: index + 1,
          sku: '',
          partId,
          quantity,
        })),
        { mode: 'max' },
      ),
  );
};
