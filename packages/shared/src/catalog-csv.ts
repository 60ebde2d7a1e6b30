/**
 * The catalogue in bulk (docs/requirements.md §13 "Catalogue in bulk"): the columns of `GET /api/admin/parts.csv`
 * and of the file `POST /api/admin/parts/import` reads, and the import's report. How each cell is written (money in
 * dollars, price breaks, interchange numbers, fitment rows) is documented on the server's codec
 * (apps/server/src/modules/catalog/catalog-csv-codec.ts) and in docs/requirements.md §13.
 */
import { z } from 'zod';
import { apiErrorCodes } from './errors.js';

/** The columns of the parts CSV, in the order the export writes them. */
export const CATALOG_CSV_COLUMNS = [
  'sku',
  'name',
  'description',
  'category',
  'make',
  'price',
  'minqty',
  'packSize',
  'weightKg',
  'available',
  'img',
  'priceBreaks',
  'interchangeNumbers',
  'universal',
  'fitment',
  /** The SKU of the part that supersedes this one, empty while current (docs/requirements.md §17). */
  'supersededBy',
  /** The refundable core deposit per unit in dollars, 0.00 for none (docs/requirements.md §17 "Core charges"). */
  'coreCharge',
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];

/**
 * The columns an import file must have (the Add A Product form's required fields, and the SKU every row is matched
 * by). A file without one of the others keeps that value of the parts it updates (a new part gets the form's
 * default: no category or make, pack size 1, 1 kg, no breaks, no interchange numbers, not universal, no fitment, no
 * core charge).
 */
export const CATALOG_CSV_REQUIRED_COLUMNS = [
  'sku',
  'name',
  'description',
  'price',
  'minqty',
  'available',
  'img',
] as const satisfies readonly CatalogCsvColumn[];

/** Largest import file, in bytes (the 88,000-part demo catalogue with its fitment is about 40 MB). */
export const CATALOG_IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/**
 * Most errors one import report lists; a last entry says how many more there were (the 400's message counts them
 * all). Each error quotes at most a short piece of the file, so a report stays a few tens of kilobytes.
 */
export const CATALOG_IMPORT_MAX_LISTED_ERRORS = 100;

/** `POST /api/admin/parts/import?dryRun=true` checks the file and reports, changing nothing. */
export const catalogImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { message: 'dryRun must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/**
 * One problem of an import file: `row` is the spreadsheet row (the header is row 1, the first part row 2; a quoted
 * cell spanning several lines is one row), `column` the column's name when the problem is in one cell.
 */
export const catalogImportErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().optional(),
  message: z.string(),
});
export type CatalogImportError = z.infer<typeof catalogImportErrorSchema>;

/**
 * What an import did, or with `dryRun` would do: parts created, updated and left as they were (every column equal),
 * and its errors (at most CATALOG_IMPORT_MAX_LISTED_ERRORS listed). A file with any error writes nothing, so its
 * created, updated and unchanged are 0, in a dry run too.
 */
export const catalogImportReportSchema = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  errors: z.array(catalogImportErrorSchema),
});
export type CatalogImportReport = z.infer<typeof catalogImportReportSchema>;

/** The 400 of an import with errors (nothing written): `{ message, code: 'IMPORT_INVALID' }` and the report. */
export const catalogImportInvalidSchema = catalogImportReportSchema.extend({
  message: z.string(),
  code: z.literal(apiErrorCodes.importInvalid),
});
export type CatalogImportInvalid = z.infer<typeof catalogImportInvalidSchema>;
