/**
 * The admins' trade terms calls (docs/requirements.md §15 "Trade terms"): the price levels (`GET/PUT
 * /admin/price-levels`), a company's contract prices (`GET/PUT /admin/companies/:id/prices`) and its terms (`PUT
 * /admin/companies/:id/terms`; GET /admin/companies/:id shows them). Admins only; rows of the access-control matrix
 * (src/test/access-control.test.ts). Mounted under /api. The CSV import of contract prices is
 * trade-terms-csv-routes.ts.
 */
import {
  apiErrorCodes,
  companyTermsAnswerSchema,
  companyTermsSchema,
  contractPriceSchema,
  contractPricesSchema,
  priceLevelSchema,
  priceLevelsSchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin } from '../identity/index.js';
import { createTradeTermsService } from './trade-terms-service.js';

const security = bearerSecurity;
const params = z.object({ id: z.string().max(254) });

/** Registers the price level, contract price and terms routes (mounted under /api). */
export const tradeTermsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTradeTermsService(app.database.db);

  app.get(
    '/admin/price-levels',
    {
      schema: {
        tags: ['trade-terms'],
        summary: 'List the price levels (admin)',
        description:
          'Every price level in display order: its code, name, discount (percent off the list price and off every quantity-break price) and its categories’ own discounts.',
        security,
        response: { 200: z.array(priceLevelSchema), ...errorResponses(401, 403) },
      },
      onRequest: requireAdmin,
    },
    () => service.listLevels(),
  );

  app.put(
    '/admin/price-levels',
    {
      schema: {
        tags: ['trade-terms'],
        summary: 'Replace the price levels (admin)',
        description:
          'The whole list, in display order (codes unique; percents with at most two decimals), replaces the stored one in one transaction: each level is written by code, the missing ones are deleted. 400 naming an unknown category id; 409 ' +
          `${apiErrorCodes.levelInUse} when a level to delete is still a company’s level, or is \`list\` (the level of companies without terms): nothing changes then. A level whose name or discounts change gets version + 1 (buyers’ cached prices are rebuilt). Answers the new list.`,
        security,
        body: priceLevelsSchema,
        response: { 200: z.array(priceLevelSchema), ...errorResponses(400, 401, 403, 409) },
      },
      onRequest: requireAdmin,
    },
    (request) => service.replaceLevels(request.body),
  );

  app.get(
    '/admin/companies/:id/prices',
    {
      schema: {
        tags: ['trade-terms'],
        summary: 'A company’s contract prices (admin)',
        description:
          'The company’s contract prices (dollars) by SKU, as the parts spell them. 404 when there is no such company.',
        security,
        params,
        response: { 200: z.array(contractPriceSchema), ...errorResponses(401, 403, 404) },
      },
      onRequest: requireAdmin,
    },
    (request) => service.listPrices(request.params.id),
  );

  app.put(
    '/admin/companies/:id/prices',
    {
      schema: {
        tags: ['trade-terms'],
        summary: 'Replace a company’s contract prices (admin)',
        description:
          '`[{ sku, price }]` (dollars; SKUs compared ignoring case, each once) replaces the company’s list in one transaction. A contract price is the buyer’s unit price at every quantity, overriding the level. A company without terms gets the default ones (level `list`, card, no credit), so that its prices apply. 400 naming unknown SKUs (nothing written); 404 when there is no such company. Answers the list by SKU.',
        security,
        params,
        body: contractPricesSchema,
        response: { 200: z.array(contractPriceSchema), ...errorResponses(400, 401, 403, 404) },
      },
      onRequest: requireAdmin,
    },
    (request) => service.replacePrices(request.params.id, request.body),
  );

  app.put(
    '/admin/companies/:id/terms',
    {
      schema: {
        tags: ['trade-terms'],
        summary: 'Set a company’s terms (admin)',
        description:
          '`{ priceLevel, paymentTerms: card | net15 | net30 | net60, creditLimit (dollars), taxExempt, resaleCertificate? }`. 400 `{ errors: { priceLevel } }` for an unknown level; 404 when there is no such company. Answers the terms (GET /admin/companies/:id shows them too).',
        security,
        params,
        body: companyTermsSchema,
        response: { 200: companyTermsAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
      onRequest: requireAdmin,
    },
    (request) => service.setTerms(request.params.id, request.body),
  );
};
