/**
 * A company's contract prices from a CSV file (docs/requirements.md §15 "Trade terms"), admins only (a row of the
 * access-control matrix): `POST /admin/companies/:id/prices/import`, named and shaped as the catalogue's
 * `POST /admin/parts/import` (multipart field `file`; `?dryRun=true` only reports; all or nothing). Mounted under
 * /api. @fastify/multipart is registered in this plugin's scope only, with its own size limit
 * (CONTRACT_PRICES_IMPORT_MAX_BYTES: 413 above it).
 */
import { catalogCsvMessages } from '@partsforge/shared/catalog-csv-messages';
import multipart from '@fastify/multipart';
import {
  CONTRACT_PRICES_IMPORT_MAX_BYTES,
  apiErrorCodes,
  apiErrorSchema,
  catalogImportQuerySchema,
  contractPricesImportInvalidSchema,
  contractPricesImportReportSchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin } from '../identity/index.js';
import { createTradeTermsService } from './trade-terms-service.js';

/** Registers POST /admin/companies/:id/prices/import. */
export const tradeTermsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTradeTermsService(app.database.db);
  await app.register(multipart, {
    limits: { fileSize: CONTRACT_PRICES_IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  app.post(
    '/admin/companies/:id/prices/import',
    {
      bodyLimit: CONTRACT_PRICES_IMPORT_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['trade-terms'],
        summary: 'Import a company’s contract prices from CSV (admin)',
        description:
          'multipart/form-data with the CSV in the field `file`: the header `sku,price` (any case, either order), then one row per contract price (price in dollars, such as 4.50). The file replaces the company’s list as PUT /admin/companies/{id}/prices does (SKUs compared ignoring case). The report counts prices created, updated, unchanged and removed (in the list, not in the file); `errors[].row` is the spreadsheet row (header = 1), `column` the column. `dryRun=true` only reports (200). Otherwise all or nothing: any error (an unknown SKU, a SKU twice, a price that is not above $0 in whole cents) answers 400 IMPORT_INVALID with the report, every count 0, at most the first 100 errors and one counting the rest, and writes nothing. 404 when there is no such company; 413 above 2 MB.',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string().max(254) }),
        querystring: catalogImportQuerySchema,
        response: {
          200: contractPricesImportReportSchema,
          400: z.union([contractPricesImportInvalidSchema, apiErrorSchema]),
          ...errorResponses(401, 403, 404, 413),
        },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const noFile = () => new HttpError(400, catalogCsvMessages.noFile, apiErrorCodes.validationFailed);
      if (!request.isMultipart()) throw noFile();
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw noFile();
      // 413 (FST_REQ_FILE_TOO_LARGE) when the file is larger than the limit.
      const bytes = await file.toBuffer();
      const { report, applied, errorCount } = await service.importPrices(request.params.id, bytes, {
        dryRun: request.query.dryRun,
      });
      if (applied || request.query.dryRun) return report;
      return reply.code(400).send({
        message: catalogCsvMessages.invalid(errorCount),
        code: apiErrorCodes.importInvalid,
        ...report,
      });
    },
  );
};
