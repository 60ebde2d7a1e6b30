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
import { priceBreakSchema } from './pricing.js';

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
  /** Quantity breaks above the base price, ascending; empty when the price is flat. */
  priceBreaks: z.array(priceBreakSchema),
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
function filterIdSchema(field: 'category' | 'make') {
  return z
    .guid({ message: `${field} must be the _id of a ${field}` })
    .transform((id) => id.toLowerCase())
    .optional();
}

/**
 * Query of `GET /api/parts` (docs/decisions/005-catalogue-search.md): paging plus search text `q` (trimmed; blank means none), filters by
 * category and make `_id`, and the order. Shared by the route and the catalogue page's URL state.
 */
export const partsQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, { message: `q must be at most ${MAX_SEARCH_LENGTH} characters` })
    .optional(),
  category: filterIdSchema('category'),
  make: filterIdSchema('make'),
  sort: z.enum(PART_SORTS, { message: `sort must be one of ${PART_SORTS.join(', ')}` }).default('relevance'),
});
export type PartsQuery = z.infer<typeof partsQuerySchema>;

/** Paging of the short lookup lists (GET make, GET category): same bounds, default limit LOOKUP_PAGE_SIZE. */
export const lookupPageQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.unwrap().default(LOOKUP_PAGE_SIZE),
});

/** Header carrying the total number of rows of a paged list. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
