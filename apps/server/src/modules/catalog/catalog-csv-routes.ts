/**
 * The catalogue in bulk (docs/requirements.md §13 "Catalogue in bulk"), admins only (rows in the access-control
 * matrix): `GET /admin/parts.csv` streams every part as CSV, `POST /admin/parts/import` upserts parts by SKU from such
 * a file (multipart field `file`; `?dryRun=true` only reports). Mounted under /api. @fastify/multipart is registered
 * in this plugin's scope only, with its own size limit (CATALOG_IMPORT_MAX_BYTES: 413 above it); every other route
 * keeps the app's 1 MB body limit.
 */
import { catalogCsvMessages } from '@partsforge/shared/catalog-csv-messages';
import multipart from '@fastify/multipart';
import {
  CATALOG_IMPORT_MAX_BYTES,
  apiErrorCodes,
  apiErrorSchema,
  catalogImportInvalidSchema,
  catalogImportQuerySchema,
  catalogImportReportSchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin } from '../identity/index.js';
import type { ReleaseImage } from './catalog-admin-service.js';
import { createCatalogCsvService } from './catalog-csv-service.js';

/** Registers GET /admin/parts.csv and POST /admin/parts/import; `releaseImage` gets the images an import left unused. */
export const catalogCsvRoutes: FastifyPluginAsyncZod<{ releaseImage: ReleaseImage }> = async (
  app,
  { releaseImage },
) => {
  const service = createCatalogCsvService(app.database.db, app.catalog.vehicles, app.catalog, releaseImage);
  await app.register(multipart, {
    limits: { fileSize: CATALOG_IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  app.get(
    '/admin/parts.csv',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Export every part as CSV (admin)',
        description:
          'Header `sku,name,description,category,make,price,minqty,packSize,weightKg,available,img,priceBreaks,' +
          'interchangeNumbers,universal,fitment,supersededBy,coreCharge`, then one row per part by SKU, streamed. Category and make by slug, ' +
          'prices in dollars, weights in kilograms (at most 3 decimals), price breaks `10:4.50;50:4.00`, interchange numbers `;`-separated, fitment rows ' +
          '`make/model/years/engine/submodel/position/quantity/note` `;`-separated (docs/requirements.md §13), ' +
          'supersededBy the SKU of the part that supersedes it, empty while current, and coreCharge the refundable core ' +
          'deposit per unit in dollars, 0.00 for none (§17). ' +
          'Values are written as stored (no spreadsheet-formula escaping), so the file imports back unchanged.',
        security: bearerSecurity,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('The CSV file (UTF-8 with a byte-order mark)'),
          ...errorResponses(401, 403),
        },
      },
      onRequest: requireAdmin,
    },
    async (_request, reply) => {
      // A stream is sent as it is read, with backpressure: the next page is read when the client has taken this one.
      const stream = Readable.from(service.exportCsv(), { objectMode: false });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="parts.csv"')
        .header('cache-control', 'no-store')
        .send(stream as unknown as string);
    },
  );

  app.post(
    '/admin/parts/import',
    {
      bodyLimit: CATALOG_IMPORT_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['catalog'],
        summary: 'Import parts from CSV (admin)',
        description:
          'multipart/form-data with the CSV in the field `file` (the columns of GET /admin/parts.csv; sku, name, ' +
          'description, price, minqty, available and img required; an absent optional column keeps the value of the ' +
          'parts it updates). Upserts by SKU, compared ignoring case (the part keeps its spelling): a row equal to its ' +
          'part is unchanged and not written. Each row is ' +
          'checked like the product form, plus category and make slugs, price breaks, fitment rows against the ' +
          'vehicle list, SKUs twice in the file, and supersededBy SKUs (unknown, the part itself, or a cycle over the ' +
          'file and the catalogue together); `errors[].row` is the spreadsheet row (header = 1). ' +
          '`dryRun=true` only reports (200). Otherwise all or nothing: any error answers 400 IMPORT_INVALID with ' +
          'the report and writes nothing; else every change is written in one transaction and the stock ledger ' +
          "records stock changes with the reason 'import'. A file with any error reports created, updated and " +
          'unchanged as 0 (nothing is, or would be, written) and lists at most the first 100 errors, then one ' +
          'counting the rest; an error quotes at most 40 characters of the file. 413 above 64 MB.',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        querystring: catalogImportQuerySchema,
        response: {
          200: catalogImportReportSchema,
          400: z.union([catalogImportInvalidSchema, apiErrorSchema]),
          ...errorResponses(401, 403, 413),
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
      const { report, applied, errorCount } = await service.importCsv(bytes, {
        dryRun: request.query.dryRun,
        userId: request.user.id,
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
