/**
 * Catalogue reads (docs/requirements.md §7: GET parts, GET /parts/{id}, GET make, GET category). Rows are mapped to
 * the wire DTOs of @partsforge/shared: `_id` strings, price in dollars (stored as integer cents).
 * Parts search, filters and sorts (docs/decisions/005-catalogue-search.md) are SQL over the indexes of schema/catalog.ts (the two search stages:
 * docs/decisions/005-catalogue-search.md); each request's matches are listed in order once and pages are
 * slices of that list (docs/decisions/010-catalogue-result-lists.md).
 */
import {
  isId,
  toDollars,
  type Category,
  type Make,
  type PageQuery,
  type Part,
  type PartSort,
} from '@partsforge/shared';
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../lib/page.js';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { categories, makes, parts, searchWords, type PartRow } from '../../db/schema/index.js';
import type { ReadThroughCache } from '../../lib/read-through-cache.js';
import {
  correctableTerms,
  fullTextQuery,
  MIN_PART_NUMBER_LENGTH,
  partsResultKey,
  type PartsSearch,
} from './catalog-search.js';

const partColumns = {
  id: parts.id,
  name: parts.name,
  description: parts.description,
  available: parts.available,
  minqty: parts.minqty,
  priceCents: parts.priceCents,
  img: parts.img,
  sku: parts.sku,
  categoryId: parts.categoryId,
  makeId: parts.makeId,
};

type PartListRow = Pick<
  PartRow,
  | 'id'
  | 'name'
  | 'description'
  | 'available'
  | 'minqty'
  | 'priceCents'
  | 'img'
  | 'sku'
  | 'categoryId'
  | 'makeId'
>;

/** Maps a parts row to the shared `Part` DTO (keys in the schema's order; price in dollars). */
export function toPartDto(row: PartListRow): Part {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    available: row.available,
    minqty: row.minqty,
    price: toDollars(row.priceCents),
    img: row.img,
    sku: row.sku,
    category: row.categoryId,
    make: row.makeId,
  };
}

/** How a page of parts is ordered: a sort key (none = catalogue order) and its direction; ties by `seq`. */
interface Ordering {
  key: SQL | undefined;
  descending: boolean;
}

/** The ordering of `sort`; `rank` is the relevance score when there are search words. */
function orderingOf(sort: PartSort, rank: SQL | undefined): Ordering {
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

/** Match condition and relevance score of one search stage. */
interface SearchStage {
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
function exactStage(terms: string[]): SearchStage {
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
function typoStage(terms: string[], corrections: ReadonlyMap<string, string>): SearchStage | null {
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

/** Catalogue queries on one database. */
export interface CatalogRepository {
  /**
   * One page of parts and the number of matches: filtered by category/make `_id`, searched by words
   * (typo-tolerant when nothing matches exactly), in the requested order (catalogue order by default).
   * Unknown ids match nothing.
   */
  listParts(search: PartsSearch): Promise<Page<Part>>;
  /** The part with this id, or null when none (including ids that are not UUIDs). */
  findPart(id: string): Promise<Part | null>;
  listMakes(page: PageQuery): Promise<Page<Make>>;
  listCategories(page: PageQuery): Promise<Page<Category>>;
}

const COMMA = 0x2c;
const DIGIT_ZERO = 0x30;

/**
 * Parses the comma-separated `seq`s of orderedSeqs' query (null: no rows), e.g. '12,3,40' -> [12, 3, 40]. One
 * pass over the characters: for 88,000 parts about 2.5 ms, against 13-15 ms for split() and Number(), time
 * during which the event loop serves nobody else.
 */
export function parseSeqs(text: string | null): Float64Array {
  if (!text) return new Float64Array(0);
  let count = 1;
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) === COMMA) count += 1;
  const seqs = new Float64Array(count);
  let position = 0;
  let value = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === COMMA) {
      seqs[position++] = value;
      value = 0;
    } else value = value * 10 + (code - DIGIT_ZERO);
  }
  seqs[position] = value;
  return seqs;
}

/** ORDER BY of `ordering`: its key, then catalogue order (ties walk backwards with a descending key, as its index does). */
function orderBy(ordering: Ordering): SQL[] {
  const direction = ordering.descending ? desc : asc;
  const tieDirection = ordering.descending && ordering.key !== undefined ? desc : asc;
  return [...(ordering.key ? [direction(ordering.key)] : []), tieDirection(parts.seq)];
}

/** The category and make filters of `search`. */
function filtersOf(search: PartsSearch): SQL[] {
  return [
    ...(search.category ? [eq(parts.categoryId, search.category)] : []),
    ...(search.make ? [eq(parts.makeId, search.make)] : []),
  ];
}

/**
 * Builds the catalogue repository on `db`. A parts request is answered from its result list (every match's
 * `seq` in order, kept in `partResults` until the catalogue changes) and the page's rows, read fresh by `seq`.
 * Database errors propagate (the error handler maps them).
 */
export function createCatalogRepository(
  db: AppDatabase,
  partResults: ReadThroughCache<Float64Array>,
): CatalogRepository {
  /**
   * The closest dictionary word (pg_trgm similarity >= 0.3, the best one) of each word of `terms` that is not
   * in the dictionary, e.g. 'toyta' -> 'toyota'. One query for all words.
   */
  async function correctionsOf(terms: string[]): Promise<Map<string, string>> {
    const candidates = correctableTerms(terms);
    if (candidates.length === 0) return new Map();
    const rows = await queryRows<{ term: string; correction: string | null }>(
      db,
      sql`select typed.term, (
            select ${searchWords.word} from ${searchWords} where ${searchWords.word} % typed.term
            order by similarity(${searchWords.word}, typed.term) desc, ${searchWords.word} limit 1
          ) as correction
          from unnest(${sql.param(candidates)}::text[]) as typed(term)
          where not exists (select 1 from ${searchWords} where ${searchWords.word} = typed.term)`,
    );
    return new Map(rows.flatMap((row) => (row.correction ? [[row.term, row.correction] as const] : [])));
  }

  /**
   * The `seq` of every part matching `where`, in `ordering` (ties in catalogue order; relevance, price and
   * name descending walk ties backwards, as their indexes do). One row whatever the number of matches: the
   * list is aggregated in the database from an ordered subquery, which every plan PostgreSQL makes for it
   * aggregates in that order (decision 010; the search tests check every sort).
   */
  async function orderedSeqs(where: SQL | undefined, ordering: Ordering): Promise<Float64Array> {
    const matches = db
      .select({ seq: parts.seq })
      .from(parts)
      .where(where)
      .orderBy(...orderBy(ordering))
      .as('matches');
    const [row] = await db
      .select({ seqs: sql<string | null>`string_agg(${matches.seq}::text, ',')` })
      .from(matches);
    return parseSeqs(row?.seqs ?? null);
  }

  /** The result list of `search`: filters, then the exact search stage or, when it finds nothing, typos. */
  async function resultList(search: PartsSearch): Promise<Float64Array> {
    const filters = filtersOf(search);
    if (search.terms.length === 0) return orderedSeqs(and(...filters), orderingOf(search.sort, undefined));
    const stageSeqs = (stage: SearchStage) =>
      orderedSeqs(and(stage.where, ...filters), orderingOf(search.sort, stage.rank));
    const exact = await stageSeqs(exactStage(search.terms));
    if (exact.length > 0) return exact;
    const typos = typoStage(search.terms, await correctionsOf(search.terms));
    return typos ? stageSeqs(typos) : exact;
  }

  /** How many parts match `where`. */
  async function matchCount(where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ value: count() }).from(parts).where(where);
    return row?.value ?? 0;
  }

  /** The `seq`s of one page of the parts matching `where` in `ordering` (an index-only scan where an index fits). */
  async function pageSeqs(
    where: SQL | undefined,
    ordering: Ordering,
    search: PartsSearch,
  ): Promise<Float64Array> {
    const rows = await db
      .select({ seq: parts.seq })
      .from(parts)
      .where(where)
      .orderBy(...orderBy(ordering))
      .limit(search.limit)
      .offset(search.offset);
    return Float64Array.from(rows, (row) => row.seq);
  }

  /**
   * One page of a search stage and its number of matches in one query: the matches are found and ranked once,
   * and the window count sees them all before the page is cut.
   */
  async function rankedPage(where: SQL | undefined, ordering: Ordering, search: PartsSearch) {
    const rows = await db
      .select({ seq: parts.seq, total: sql<number>`(count(*) over ())::int` })
      .from(parts)
      .where(where)
      .orderBy(...orderBy(ordering))
      .limit(search.limit)
      .offset(search.offset);
    // A page past the end has no rows to carry the count: count on its own then.
    const total = rows[0]?.total ?? (search.offset > 0 ? await matchCount(where) : 0);
    return { seqs: Float64Array.from(rows, (row) => row.seq), total };
  }

  /**
   * Without result lists (CATALOG_RESULT_CACHE_MB=0): the page and the number of matches straight from the
   * indexes, the same stages and orders as resultList, without building the whole list. A plain or filtered
   * list reads its page from the index of its order and counts apart; a search ranks its matches once.
   */
  async function directPage(search: PartsSearch): Promise<{ seqs: Float64Array; total: number }> {
    const filters = filtersOf(search);
    if (search.terms.length === 0) {
      const where = and(...filters);
      const [seqs, total] = await Promise.all([
        pageSeqs(where, orderingOf(search.sort, undefined), search),
        matchCount(where),
      ]);
      return { seqs, total };
    }
    const exact = exactStage(search.terms);
    const found = await rankedPage(and(exact.where, ...filters), orderingOf(search.sort, exact.rank), search);
    if (found.total > 0) return found;
    const typos = typoStage(search.terms, await correctionsOf(search.terms));
    return typos
      ? rankedPage(and(typos.where, ...filters), orderingOf(search.sort, typos.rank), search)
      : found;
  }

  /** The page's rows by `seq`, in the order of `seqs` (a part deleted since the list was made is skipped). */
  const rowsBySeq = db
    .select({ ...partColumns, seq: parts.seq })
    .from(parts)
    .where(sql`${parts.seq} = any(${sql.placeholder('seqs')}::bigint[])`)
    .prepare('catalog_parts_by_seq');

  async function pageOf(seqs: Float64Array): Promise<Part[]> {
    if (seqs.length === 0) return [];
    const rows = await rowsBySeq.execute({ seqs: Array.from(seqs) });
    const bySeq = new Map(rows.map((row) => [row.seq, row]));
    return Array.from(seqs).flatMap((seq) => {
      const row = bySeq.get(seq);
      return row ? [toPartDto(row)] : [];
    });
  }

  return {
    async listParts(search) {
      if (!partResults.enabled) {
        const { seqs, total } = await directPage(search);
        return { items: await pageOf(seqs), total };
      }
      const list = await partResults.getOrLoad(partsResultKey(search), () => resultList(search));
      const items = await pageOf(list.subarray(search.offset, search.offset + search.limit));
      return { items, total: list.length };
    },
    async findPart(id) {
      if (!isId(id)) return null;
      const [row] = await db.select(partColumns).from(parts).where(eq(parts.id, id)).limit(1);
      return row ? toPartDto(row) : null;
    },
    async listMakes({ limit, offset }) {
      const [rows, totals] = await Promise.all([
        db
          .select({ _id: makes.id, name: makes.name, img: makes.img })
          .from(makes)
          .orderBy(asc(makes.seq))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(makes),
      ]);
      return { items: rows, total: totals[0]?.value ?? 0 };
    },
    async listCategories({ limit, offset }) {
      const [rows, totals] = await Promise.all([
        db
          .select({ _id: categories.id, name: categories.name, img: categories.img })
          .from(categories)
          .orderBy(asc(categories.seq))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(categories),
      ]);
      return { items: rows, total: totals[0]?.value ?? 0 };
    },
  };
}
