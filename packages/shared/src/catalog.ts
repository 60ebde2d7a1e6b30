/**
 * Catalogue contract (docs/requirements.md §3: Part, Make, Category, Review; section 7: GET parts, make, category,
 * review, GET /parts/{id}). Price is a number of dollars with at most two decimals.
 */
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  LOOKUP_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  PART_SORTS,
} from './constants.js';
import { partFitmentSchema } from './fitment.js';
import type { PriceBreak } from './pricing.js';

/** A quantity break as the API sends it: from `minQuantity` units, `price` dollars a unit (pricing.ts PriceBreak). */
export const priceBreakSchema: z.ZodType<PriceBreak> = z.object({
  minQuantity: z.number().int(),
  price: z.number(),
});

/** Ids are strings (UUIDs) in `_id`. */
export const idSchema = z.uuid({ message: 'Invalid id' });

/** The one id check: true when `value` is a well-formed id (idSchema), so it can be looked up at all. */
export function isId(value: unknown): value is string {
  return idSchema.safeParse(value).success;
}

export const partSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Quantity in stock. */
  available: z.number().int(),
  /** Minimum order quantity. */
  minqty: z.number().int(),
  /** Unit price in dollars. */
  price: z.number(),
  img: z.string(),
  sku: z.string(),
  category: z.string().nullable(),
  make: z.string().nullable(),
  /** Order multiple: a quantity must be a multiple of it (docs/requirements.md §11). */
  packSize: z.number().int(),
  /** Shipping weight of one unit in kilograms (> 0, at most 3 decimals; docs/requirements.md §16). */
  weightKg: z.number(),
  /**
   * The refundable core deposit charged with each unit, in dollars (0: none; docs/requirements.md §17 "Core
   * charges"): paid on top of the price, given back when the old unit is returned; never discounted nor taxed.
   */
  coreCharge: z.number(),
  /** Quantity breaks above the base price, ascending; empty when the price is flat. */
  priceBreaks: z.array(priceBreakSchema),
  /**
   * For a member of a company with trade terms (docs/requirements.md §15): the list price and list quantity breaks,
   * while `price` and `priceBreaks` are the member's own. Absent for everyone else (they see list prices).
   */
  listPrice: z.number().optional(),
  listPriceBreaks: z.array(priceBreakSchema).optional(),
  /** Fits every vehicle (docs/requirements.md §12). */
  universal: z.boolean(),
  /** OE and interchange part numbers this part replaces. */
  interchangeNumbers: z.array(z.string()),
  /** How the part fits the vehicle of a vehicle-filtered list; absent elsewhere. */
  fitment: partFitmentSchema.optional(),
  /**
   * Superseded part numbers (docs/requirements.md §17): the SKU of the part that directly supersedes this one,
   * null while the part is current. A superseded part cannot be added to a cart.
   */
  supersededBy: z.string().nullable(),
  /**
   * The part to buy instead: the end of the supersession chain (A -> B -> C gives C for A and B), null while the
   * part is current.
   */
  replacement: z.object({ _id: z.string(), sku: z.string(), name: z.string() }).nullable(),
  /**
   * In a search answer only: the old part number (SKU or interchange number) the query named, on the replacement
   * it found first (docs/requirements.md §17); absent elsewhere.
   */
  replaces: z.string().optional(),
});
export type Part = z.infer<typeof partSchema>;

export const makeSchema = z.object({ _id: z.string(), name: z.string(), img: z.string() });
export type Make = z.infer<typeof makeSchema>;

export const categorySchema = z.object({ _id: z.string(), name: z.string(), img: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  description: z.string(),
  /** Number of stars, 1..5. */
  rating: z.number().int(),
  /** The `_id` of the part reviewed (docs/requirements.md §12, part pages); null for a shop-wide review. */
  partId: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** `limit`/`offset` paging of list calls; the total is in the `X-Total-Count` header. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int({ message: 'limit must be a whole number' })
    .min(1, { message: 'limit must be at least 1' })
    .max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
  offset: z.coerce
    .number({ message: 'offset must be a whole number' })
    .int({ message: 'offset must be a whole number' })
    .min(0, { message: 'offset must be 0 or more' })
    .max(10_000_000, { message: 'offset is too large' })
    .default(0),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** An optional filter by the `_id` of a category or make: any UUID (unknown ones match nothing), lower-cased. */
function filterIdSchema(field: 'category') {
  return z
    .guid({ message: `${field} must be the _id of a ${field}` })
    .transform((id) => id.toLowerCase())
    .optional();
}

/** The message of a vehicle filter missing one of year, make and model. */
export const VEHICLE_FILTER_INCOMPLETE = 'year, make and model filter by vehicle together: give all three';

/**
 * Query of `GET /api/parts` (docs/decisions/005-catalogue-search.md; docs/requirements.md §12): paging plus search
 * text `q` (trimmed; blank means none), filters by category `_id` and make (`_id`, slug or name, any case), the
 * order, and a vehicle: `year`, `make` and `model` (slug or name) together, with an optional `engine` (its label,
 * or the vehicle id the engine list gives), keep the parts that fit it or are universal. Shared by the route and
 * the catalogue page's URL state.
 */
export const partsQuerySchema = pageQuerySchema
  .extend({
    q: z
      .string()
      .trim()
      .max(MAX_SEARCH_LENGTH, { message: `q must be at most ${MAX_SEARCH_LENGTH} characters` })
      .optional(),
    category: filterIdSchema('category'),
    make: z
      .string()
      .trim()
      .max(64, { message: 'make must be at most 64 characters' })
      .transform((make) => make.toLowerCase() || undefined)
      .optional(),
    sort: z
      .enum(PART_SORTS, { message: `sort must be one of ${PART_SORTS.join(', ')}` })
      .default('relevance'),
    year: z.coerce
      .number({ message: 'year must be a model year' })
      .int({ message: 'year must be a model year' })
      .min(1900, { message: 'year must be a model year' })
      .max(2100, { message: 'year must be a model year' })
      .optional(),
    model: z
      .string()
      .trim()
      .max(64, { message: 'model must be at most 64 characters' })
      .transform((model) => model.toLowerCase() || undefined)
      .optional(),
    engine: z
      .string()
      .trim()
      .max(64, { message: 'engine must be at most 64 characters' })
      .transform((engine) => engine || undefined)
      .optional(),
  })
  .refine(
    (query) =>
      (query.year === undefined && query.model === undefined && query.engine === undefined) ||
      (query.year !== undefined && query.make !== undefined && query.model !== undefined),
    { message: VEHICLE_FILTER_INCOMPLETE, path: ['model'] },
  );
export type PartsQuery = z.infer<typeof partsQuerySchema>;

/** Paging of the short lookup lists (GET make, GET category): same bounds, default limit LOOKUP_PAGE_SIZE. */
export const lookupPageQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.unwrap().default(LOOKUP_PAGE_SIZE),
});

/** Header carrying the total number of rows of a paged list. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
