/**
 * Pure SQL builders of the catalogue's reads (docs/decisions/005-catalogue-search.md, 015): the orders a parts
 * list can take, the two search stages (exact words, then typos), the filters, and the page marks that let a deep
 * page start near its offset. They build Drizzle `SQL` fragments and run nothing; catalog-repository.ts runs them.
 * The text rules they use (splitting, tsquery text) are catalog-search.ts's.
 */
import type { PartSort } from '@partsforge/shared';
import { asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { catalogPageMarks, catalogState, parts } from '../../db/schema/index.js';
import { fullTextQuery, MIN_PART_NUMBER_LENGTH, type PartsSearch } from './catalog-search.js';

/** How a page of parts is ordered: a sort key (none = catalogue order) and its direction; ties by `seq`. */
export interface Ordering {
  key: SQL | undefined;
  descending: boolean;
}

/** The ordering of `sort`; `rank` is the relevance score when there are search words. */
export function orderingOf(sort: PartSort, rank: SQL | undefined): Ordering {
  switch (sort) {
    case 'price-asc':
    case 'price-desc':
      return { key: sql`${parts.priceCents}`, descending: sort === 'price-desc' };
    case 'name-asc':
    case 'name-desc':
      // Byte order: the same on every database whatever its default collation (and what the index holds).
      return { key: sql`${parts.name} collate "C"`, descending: sort === 'name-desc' };
    case 'relevance':
      return { key: rank, descending: rank !== undefined };
  }
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

/** The category and make filters of `search` (ids; an unknown id matches nothing). */
export function filtersOf(search: Pick<PartsSearch, 'category' | 'make'>): SQL[] {
  return [
    ...(search.category ? [eq(parts.categoryId, search.category)] : []),
    ...(search.make ? [eq(parts.makeId, search.make)] : []),
  ];
}

/** Match condition and relevance score of one search stage. */
export interface SearchStage {
  where: SQL;
  rank: SQL;
}

/** Bonus of the very part number (2) and of part numbers that start with the query (1) in stage 1's rank. */
function partNumberBonus(partNumber: string): SQL {
  return sql`case when ${parts.skuNormalized} = ${partNumber} then 2 when ${parts.skuNormalized} like ${`${partNumber}%`} then 1 else 0 end`;
}

/**
 * Stage 1, exact words: every word in the full-text document (stemmed; the last word also as a prefix), or
 * the separator-free query inside a part number. Rank: full-text rank (name and number weigh more than the
 * description), plus partNumberBonus.
 */
export function exactStage(terms: string[]): SearchStage {
  const query = sql`to_tsquery('english', ${fullTextQuery(terms)})`;
  const partNumber = terms.join('');
  const fullText = sql`${parts.searchVector} @@ ${query}`;
  return {
    where:
      partNumber.length >= MIN_PART_NUMBER_LENGTH
        ? or(fullText, sql`${parts.skuNormalized} like ${`%${partNumber}%`}`)!
        : fullText,
    rank: sql`ts_rank(${parts.searchVector}, ${query}) + ${partNumberBonus(partNumber)}`,
  };
}

/**
 * Stage 2, typos, used only when stage 1 finds nothing: the same full-text search with each misspelt word
 * also accepting its correction (searchWords dictionary), or a part number close to the query's (pg_trgm
 * similarity >= 0.3). Rank: full-text rank plus that similarity. Null when there is nothing to try.
 */
export function typoStage(terms: string[], corrections: ReadonlyMap<string, string>): SearchStage | null {
  const partNumber = terms.join('');
  const query = sql`to_tsquery('english', ${fullTextQuery(terms, corrections)})`;
  const conditions = [
    ...(corrections.size ? [sql`${parts.searchVector} @@ ${query}`] : []),
    // Part numbers carry digits: a query without one is a misspelt word, not a number (and 'alternatr' alone
    // shares a trigram with thousands of part numbers).
    ...(partNumber.length > MIN_PART_NUMBER_LENGTH && /\d/.test(partNumber)
      ? [sql`${parts.skuNormalized} % ${partNumber}`]
      : []),
  ];
  if (conditions.length === 0) return null;
  return {
    where: or(...conditions)!,
    rank: sql`ts_rank(${parts.searchVector}, ${query}) + similarity(${parts.skuNormalized}, ${partNumber})`,
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

/**
 * The `seq`s of `limit` parts of a marked list from ascending position `position`, starting at the nearest valid
 * mark at or before it: (key, seq) >= the mark's, then OFFSET the distance (< PAGE_MARK_SPACING). No rows when
 * the marks are stale (catalog_state.marks_version behind version) or missing: the caller then pages by OFFSET.
 */
export function markedPageSeqs(
  scope: MarkScope,
  sort: MarkSort,
  filters: SQL[],
  position: number,
  limit: number,
): SQL {
  const markKeys = { seq: [], price: [sql`price_cents`], name: [sql`name`] }[sort];
  const rowKeys = sql.join([...MARK_SORTS[sort], sql`${parts.seq}`], sql`, `);
  const where = sql.join(
    [...filters, sql`(${rowKeys}) >= (select ${sql.join([...markKeys, sql`seq`], sql`, `)} from mark)`],
    sql` and `,
  );
  return sql`with mark as (
      select m.position, m.price_cents, m.name, m.seq from ${catalogPageMarks} m, ${catalogState} s
      where s.marks_version = s.version and m.scope = ${scope} and m.sort = ${sort} and m.position <= ${position}
      order by m.position desc limit 1
    )
    select ${parts.seq} as seq from ${parts} where ${where}
    order by ${rowKeys} offset (select ${position} - position from mark) limit ${limit}`;
}
