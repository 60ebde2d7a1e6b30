/**
 * Catalogue reads (spec section 7: GET parts, GET /parts/{id}, GET make, GET category). Rows are mapped to
 * the wire DTOs of @partsforge/shared: `_id` strings, price in dollars (stored as integer cents).
 * Parts search, filters, sorts and paging (issue 6) are SQL over the indexes of schema/catalog.ts; see
 * docs/decisions/005-catalogue-search.md for the two search stages and why pages are read by `seq` first.
 */
import type { Category, Make, PageQuery, Part, PartSort } from '@partsforge/shared';
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { categories, makes, parts, searchWords, type PartRow } from '../../db/schema/index.js';
import {
  correctableTerms,
  fullTextQuery,
  MIN_PART_NUMBER_LENGTH,
  type PartsSearch,
} from './catalog-search.js';

/** One page of a list plus the total number of rows (sent as X-Total-Count). */
export interface Page<T> {
  items: T[];
  total: number;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` has the shape of a row id (a UUID); other strings can never match a part. */
export function isRowId(id: string): boolean {
  return UUID_PATTERN.test(id);
}

/** Converts integer cents to a dollar amount (e.g. 1999 -> 19.99). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

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
    price: centsToDollars(row.priceCents),
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
    rank: sql`ts_rank_cd(${parts.searchVector}, ${query}) + ${partNumberBonus(partNumber)}`,
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
    ...(partNumber.length > MIN_PART_NUMBER_LENGTH ? [sql`${parts.skuNormalized} % ${partNumber}`] : []),
  ];
  if (conditions.length === 0) return null;
  return {
    where: or(...conditions)!,
    rank: sql`ts_rank_cd(${parts.searchVector}, ${query}) + similarity(${parts.skuNormalized}, ${partNumber})`,
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

/** Builds the catalogue repository on `db`. Database errors propagate (the error handler maps them). */
export function createCatalogRepository(db: AppDatabase): CatalogRepository {
  const countParts = async (where: SQL | undefined) =>
    (await db.select({ value: count() }).from(parts).where(where))[0]?.value ?? 0;

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
   * The page: first the `seq`s of its rows (from an index alone where one fits the filter and order, so deep
   * pages stay cheap), then those rows. With `withTotal` the first step also counts every match (search
   * ranks all matches anyway); an empty page then needs a separate count.
   */
  async function readPage(
    where: SQL | undefined,
    ordering: Ordering,
    { limit, offset }: PageQuery,
    withTotal: boolean,
  ): Promise<{ items: Part[]; total: number | null }> {
    const direction = ordering.descending ? desc : asc;
    // Relevance breaks ties in catalogue order; price and name descending walk their index backwards.
    const tieDirection = ordering.descending && ordering.key !== undefined ? desc : asc;
    const keys = db
      .select({
        seq: parts.seq,
        sortKey: sql`${ordering.key ?? parts.seq}`.as('sort_key'),
        total: (withTotal ? sql<number>`(count(*) over ())::int` : sql<number>`0`).as('total'),
      })
      .from(parts)
      .where(where)
      .orderBy(...(ordering.key ? [direction(ordering.key)] : []), tieDirection(parts.seq))
      .limit(limit)
      .offset(offset)
      .as('page');
    const rows = await db
      .select({ ...partColumns, total: keys.total })
      .from(keys)
      .innerJoin(parts, eq(parts.seq, keys.seq))
      .orderBy(direction(keys.sortKey), tieDirection(keys.seq));
    return {
      items: rows.map(toPartDto),
      total: withTotal && rows.length > 0 ? Number(rows[0]!.total) : null,
    };
  }

  return {
    async listParts(search) {
      const filters = [
        ...(search.category ? [eq(parts.categoryId, search.category)] : []),
        ...(search.make ? [eq(parts.makeId, search.make)] : []),
      ];
      if (search.terms.length === 0) {
        const where = and(...filters);
        const [page, total] = await Promise.all([
          readPage(where, orderingOf(search.sort, undefined), search, false),
          countParts(where),
        ]);
        return { items: page.items, total };
      }
      /** One search stage's page and total (0 when it matches nothing). */
      const searchPage = async (stage: SearchStage): Promise<Page<Part>> => {
        const where = and(stage.where, ...filters);
        const page = await readPage(where, orderingOf(search.sort, stage.rank), search, true);
        const total = page.total ?? (search.offset > 0 ? await countParts(where) : 0);
        return { items: page.items, total };
      };
      const exact = await searchPage(exactStage(search.terms));
      if (exact.total > 0) return exact;
      const typos = typoStage(search.terms, await correctionsOf(search.terms));
      return typos ? searchPage(typos) : exact;
    },
    async findPart(id) {
      if (!isRowId(id)) return null;
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
