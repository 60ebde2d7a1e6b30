/**
 * Pure SQL builders of the catalogue's reads (docs/decisions/005-catalogue-search.md, 015): the orders a parts
 * list can take, the two search stages (exact words, then typos), the filters, and the page marks that let a deep
 * page start near its offset. They build Drizzle `SQL` fragments and run nothing; catalog-repository.ts runs them.
 * The text rules they use (splitting, tsquery text) are catalog-search.ts's.
 */
import type { PartSort } from '@partsforge/shared';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { catalogPageMarks, catalogState, partCounts, partFitments, parts } from '../../db/schema/index.js';
import type { VehicleFilter } from '../vehicles/index.js';
import {
  DESCRIPTION_WORD_POINTS,
  EXACT_PART_NUMBER_POINTS,
  NAME_WORD_POINTS,
  PART_NUMBER_PREFIX_POINTS,
  partNumberMatch,
  termTsquery,
  type PartsSearch,
  type QueryTerm,
  type TextQuery,
} from './catalog-search.js';

/** How a page of parts is ordered: a sort key (none = catalogue order) and its direction; ties by `seq`. */
export interface Ordering {
  key: SQL | undefined;
  descending: boolean;
}

/**
 * The ordering of `sort`; `rank` is the relevance score when there are search words; `price` the price to sort by
 * (a buyer's: netPriceKey), list prices when absent.
 */
export function orderingOf(sort: PartSort, rank: SQL | undefined, price?: SQL): Ordering {
  switch (sort) {
    case 'price-asc':
    case 'price-desc':
      return { key: price ?? sql`${parts.priceCents}`, descending: sort === 'price-desc' };
    case 'name-asc':
    case 'name-desc':
      // Byte order: the same on every database whatever its default collation (and what the index holds).
      return { key: sql`${parts.name} collate "C"`, descending: sort === 'name-desc' };
    case 'relevance':
      return { key: rank, descending: rank !== undefined };
  }
}

/** A buyer's prices as netPriceKey takes them: JSON objects keyed by `_id`. */
export interface NetPriceTerms {
  /** `{ [part _id]: contract price in cents }`. */
  contractPrices: string;
  /** `{ [category _id]: discount in basis points }`, for every category whose discount differs from `basisPoints`. */
  categoryDiscounts: string;
  /** The discount of every other part in basis points. */
  basisPoints: number;
}

/**
 * A buyer's unit base price of each part in cents, as SQL (docs/requirements.md §15; price-book.ts netPrices): the
 * contract price, else the level's discount of the part's category off the list price, rounded half up, at least
 * 1 cent. Prices and discounts are two jsonb parameters looked up by key, so ordering by it needs no join (the
 * database sorts every match by it: the fallback when the search index cannot rank by the buyer's prices).
 */
export function netPriceKey(terms: NetPriceTerms): SQL {
  const discount = sql`coalesce((${terms.categoryDiscounts}::jsonb ->> ${parts.categoryId}::text)::int, ${terms.basisPoints}::int)`;
  return sql`coalesce((${terms.contractPrices}::jsonb ->> ${parts.id}::text)::int,
    greatest(1, round(${parts.priceCents} * (10000 - ${discount})::numeric / 10000))::int)`;
}

/**
 * ORDER BY of `ordering`: its key, then catalogue order. Ties walk backwards with a descending key, as its index
 * does, so a descending list is exactly its ascending list reversed.
 */
export function orderBy(ordering: Ordering): SQL[] {
  const direction = ordering.descending ? desc : asc;
  const tieDirection = ordering.descending && ordering.key !== undefined ? desc : asc;
  return [...(ordering.key ? [direction(ordering.key)] : []), tieDirection(parts.seq)];
}

/**
 * The application rows of `vehicle` (docs/decisions/020-fitment-model.md): its make and model, years holding its
 * year, any engine or its engine (each only when the filter has it). search-index.ts's FitmentIndex answers alike.
 */
export function fitmentRowsOf(vehicle: VehicleFilter): SQL {
  return and(
    eq(partFitments.makeSlug, vehicle.make),
    ...(vehicle.model !== undefined ? [eq(partFitments.modelSlug, vehicle.model)] : []),
    ...(vehicle.year !== undefined
      ? [sql`${partFitments.yearFrom} <= ${vehicle.year}`, sql`${partFitments.yearTo} >= ${vehicle.year}`]
      : []),
    ...(vehicle.engine !== undefined
      ? [sql`(${partFitments.engine} is null or ${partFitments.engine} = ${vehicle.engine})`]
      : []),
  )!;
}

/** The vehicle filter of a search: a part with a row of the vehicle, or universal when the filter says so. */
function vehicleCondition(vehicle: VehicleFilter | null): SQL {
  if (vehicle === null) return sql`false`;
  const fits = sql`exists (select 1 from ${partFitments} where ${partFitments.partId} = ${parts.id} and ${fitmentRowsOf(vehicle)})`;
  return vehicle.universal ? sql`(${parts.universal} or ${fits})` : fits;
}

/**
 * The category, make and vehicle filters of `search` (ids; an unknown id matches nothing; a null vehicle matches
 * nothing); with `placeholders`, the category and make as placeholders `category` and `make` of a prepared
 * statement (lists without a vehicle only).
 */
export function filtersOf(
  search: Pick<PartsSearch, 'category' | 'make' | 'vehicle'>,
  { placeholders = false } = {},
): SQL[] {
  const value = (name: 'category' | 'make'): SQL =>
    placeholders ? sql`${sql.placeholder(name)}::uuid` : sql`${search[name]}`;
  return [
    ...(search.category ? [eq(parts.categoryId, value('category'))] : []),
    ...(search.make ? [eq(parts.makeId, value('make'))] : []),
    ...(search.vehicle !== undefined ? [vehicleCondition(search.vehicle)] : []),
  ];
}

/** Match condition and relevance score of one search stage. */
export interface SearchStage {
  where: SQL;
  rank: SQL;
}

/** Relevance points of one term: NAME_WORD_POINTS in the name or number, DESCRIPTION_WORD_POINTS elsewhere, or 0. */
function termPoints(term: QueryTerm): SQL {
  return sql`case when ${parts.searchVector} @@ ${termTsquery(term, 'A')}::tsquery then ${sql.raw(String(NAME_WORD_POINTS))}
    when ${parts.searchVector} @@ ${termTsquery(term)}::tsquery then ${sql.raw(String(DESCRIPTION_WORD_POINTS))} else 0 end`;
}

/**
 * The SQL of `query` (catalog-search.ts TextQuery; search-index.ts answers the same): a part matches when it
 * holds every term, or its part number matches (partNumberMatch). Rank: the terms' points (each counted
 * whether or not the part matched by its number), plus, in stage exact, EXACT_PART_NUMBER_POINTS for the very
 * number or PART_NUMBER_PREFIX_POINTS for a number that starts with the query; in stage typo, the number's
 * pg_trgm similarity to the query's.
 */
export function searchStage(query: TextQuery): SearchStage {
  const { partNumber } = query;
  const numberMatch = partNumberMatch(query);
  const conditions = [
    ...(query.terms.length
      ? [sql`${parts.searchVector} @@ ${query.terms.map((term) => termTsquery(term)).join(' & ')}::tsquery`]
      : []),
    ...(numberMatch === 'contains' ? [sql`${parts.skuNormalized} like ${`%${partNumber}%`}`] : []),
    ...(numberMatch === 'similar' ? [sql`${parts.skuNormalized} % ${partNumber}`] : []),
  ];
  const points = [
    ...query.terms.map(termPoints),
    ...(numberMatch === 'contains'
      ? [
          sql`case when ${parts.skuNormalized} = ${partNumber} then ${sql.raw(String(EXACT_PART_NUMBER_POINTS))}
            when ${parts.skuNormalized} like ${`${partNumber}%`} then ${sql.raw(String(PART_NUMBER_PREFIX_POINTS))} else 0 end`,
        ]
      : []),
    ...(numberMatch === 'similar' ? [sql`similarity(${parts.skuNormalized}, ${partNumber})::float8`] : []),
  ];
  return {
    where: conditions.length ? or(...conditions)! : sql`false`,
    // (A bare 0 in ORDER BY would name a column.)
    rank: points.length ? sql`(${sql.join(points, sql` + `)})` : sql`0::int`,
  };
}

/** Every PAGE_MARK_SPACING-th part of a list has a page mark: a deep page reads at most this many extra index entries. */
export const PAGE_MARK_SPACING = 1000;

/** A list with page marks: the whole catalogue, one category or one make (both filters: a short list, no marks). */
export type MarkScope = 'all' | `category:${string}` | `make:${string}`;
/** The ascending orders with page marks, and their keys (then `seq`). Descending orders read them backwards. */
export const MARK_SORTS = {
  seq: [] as SQL[],
  price: [sql`${parts.priceCents}`],
  name: [sql`${parts.name} collate "C"`],
} as const;
export type MarkSort = keyof typeof MARK_SORTS;

/** The marked list of a search without words, or null when it has none (both filters). */
export function markScopeOf(search: Pick<PartsSearch, 'category' | 'make'>): MarkScope | null {
  if (search.category && search.make) return null;
  if (search.category) return `category:${search.category}`;
  if (search.make) return `make:${search.make}`;
  return 'all';
}

/** The marked ascending order of `sort` without search words. */
export function markSortOf(sort: PartSort): MarkSort {
  if (sort === 'price-asc' || sort === 'price-desc') return 'price';
  if (sort === 'name-asc' || sort === 'name-desc') return 'name';
  return 'seq';
}

/**
 * The INSERT that writes the page marks of every list of one kind (`all`, each category, each make) in `sort`:
 * row_number() over the list's index, keeping every PAGE_MARK_SPACING-th row from position 0.
 */
export function insertPageMarks(kind: 'all' | 'category' | 'make', sort: MarkSort): SQL {
  const column = kind === 'category' ? parts.categoryId : parts.makeId;
  const scope = kind === 'all' ? sql`'all'` : sql`${kind} || ':' || ${column}`;
  const partition = kind === 'all' ? sql`` : sql`partition by ${column}`;
  const where = kind === 'all' ? sql`true` : sql`${column} is not null`;
  const keys = sql.join([...MARK_SORTS[sort], sql`${parts.seq}`], sql`, `);
  return sql`insert into ${catalogPageMarks} (scope, sort, position, price_cents, name, seq)
    select scope, ${sort}, position, price_cents, name, seq from (
      select ${scope} as scope, (row_number() over (${partition} order by ${keys}) - 1)::int as position,
             ${sort === 'price' ? parts.priceCents : sql`null::int`} as price_cents,
             ${sort === 'name' ? parts.name : sql`null::text`} as name, ${parts.seq} as seq
      from ${parts} where ${where}
    ) as ranked
    where position % ${PAGE_MARK_SPACING} = 0`;
}

/** A page mark as read back: the position and sort key of a part of a marked list. */
export interface PageMark {
  position: number;
  price_cents: number | null;
  name: string | null;
  seq: number | string;
}

/**
 * One row: the number of parts the category/make filters of `search` hold (a sum over part_counts), and, for a
 * marked list, the nearest current page mark at or before the page's first ascending position (`total - offset -
 * limit` for a descending order); its columns are null when the marks are stale (catalog_state.marks_version
 * behind version).
 */
export function totalAndMark(
  search: Pick<PartsSearch, 'category' | 'make' | 'offset' | 'limit'>,
  scope: MarkScope | null,
  sort: MarkSort,
  descending: boolean,
): SQL {
  const filters = [
    ...(search.category ? [eq(partCounts.categoryId, search.category)] : []),
    ...(search.make ? [eq(partCounts.makeId, search.make)] : []),
  ];
  const counted = sql`select coalesce(sum(${partCounts.parts}), 0)::int as total from ${partCounts}
    where ${filters.length ? and(...filters) : sql`true`}`;
  if (!scope)
    return sql`select total, null as position, null as price_cents, null as name, null as seq from (${counted}) as t`;
  const start = descending
    ? sql`greatest(t.total - ${search.offset} - ${search.limit}, 0)`
    : sql`${search.offset}`;
  return sql`select t.total, mark.position, mark.price_cents, mark.name, mark.seq from (${counted}) as t
    left join lateral (
      select pm.position, pm.price_cents, pm.name, pm.seq from ${catalogPageMarks} pm, ${catalogState} s
      where s.marks_version = s.version and pm.scope = ${scope} and pm.sort = ${sort} and pm.position <= ${start}
      order by pm.position desc limit 1
    ) as mark on true`;
}

/**
 * The parts at or after a mark in its list's ascending order, `(key, seq) >= (mark key, mark seq)`, with the mark
 * as placeholders `markKey` (not for catalogue order) and `markSeq` of a prepared statement (markValues).
 */
export function fromMark(sort: MarkSort): SQL {
  const rowKeys = sql.join([...MARK_SORTS[sort], sql`${parts.seq}`], sql`, `);
  const markKeys = sort === 'seq' ? [] : [sql`${sql.placeholder('markKey')}`];
  return sql`(${rowKeys}) >= (${sql.join([...markKeys, sql`${sql.placeholder('markSeq')}::bigint`], sql`, `)})`;
}

/** The placeholder values of fromMark for `mark`. */
export function markValues(mark: PageMark): { markKey: number | string | null; markSeq: number } {
  return { markKey: mark.price_cents ?? mark.name, markSeq: Number(mark.seq) };
}

/** ORDER BY of a marked list's ascending order: its key, then seq. */
export function markOrder(sort: MarkSort): SQL[] {
  return [...MARK_SORTS[sort].map((key) => asc(key)), asc(parts.seq)];
}
