/**
 * Catalogue reads (docs/requirements.md §7: GET parts, GET /parts/{id}, GET make, GET category). Rows are mapped to
 * the wire DTOs of @partsforge/shared: `_id` strings, price in dollars (stored as integer cents). It runs the SQL
 * that catalog-sql.ts builds and nothing else: which caches answer first is catalog-reads.ts's business.
 * - A list without search words (any filter, sort and page) reads its page from the index of its order, from the
 *   nearest page mark, and its total from part_counts: no request scans or counts the catalogue
 *   (docs/decisions/015-catalogue-pages-without-scans.md).
 * - A search ranks its matches (exact words, then typos: docs/decisions/005-catalogue-search.md), either as a
 *   whole ordered result list (to be cached: docs/decisions/010-catalogue-result-lists.md) or as one page and its
 *   total.
 */
import { isId, toDollars, type Category, type Make, type PageQuery, type Part } from '@partsforge/shared';
import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../lib/page.js';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { databaseErrorCode } from '../../db/errors.js';
import {
  catalogPageMarks,
  catalogState,
  categories,
  makes,
  partFitments,
  parts,
  searchWords,
  type PartRow,
} from '../../db/schema/index.js';
import { correctableTerms, type PartsSearch, type TextQuery } from './catalog-search.js';
import type { VehicleFilter } from '../vehicles/index.js';
import type { FitmentDocument } from './fitment-index.js';
import type { SearchCatalogue, SearchDocument } from './search-index.js';
import { chainEndJson, parseChainEnd, type SupersessionEnd } from './supersession.js';
import {
  filtersOf,
  fitmentRowsOf,
  insertPageMarks,
  MARK_SORTS,
  fromMark,
  markValues,
  markOrder,
  totalAndMark,
  type PageMark,
  markScopeOf,
  markSortOf,
  orderBy,
  orderingOf,
  searchStage,
  type Ordering,
} from './catalog-sql.js';

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
  packSize: parts.packSize,
  weightGrams: parts.weightGrams,
  coreChargeCents: parts.coreChargeCents,
  breakQuantities: parts.breakQuantities,
  breakPricesCents: parts.breakPricesCents,
  universal: parts.universal,
  interchangeNumbers: parts.interchangeNumbers,
  // The successor's SKU and the chain's end are read only for the few superseded rows (withSupersession).
  supersededByPartId: parts.supersededByPartId,
};

/** The SKU of the row's direct successor (docs/requirements.md §17), or null; `parts` is the row's table. */
function supersededBySku() {
  return sql<
    string | null
  >`(select "pf_successor"."sku" from "parts" "pf_successor" where "pf_successor"."id" = "parts"."superseded_by_part_id")`.mapWith(
    (value: string | null) => value,
  );
}

/** The end of the row's supersession chain (supersession.ts chainEndJson), or null. */
function replacementOf() {
  return chainEndJson().mapWith((value: string | null) => parseChainEnd(value));
}

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
  | 'packSize'
  | 'weightGrams'
  | 'coreChargeCents'
  | 'breakQuantities'
  | 'breakPricesCents'
  | 'universal'
  | 'interchangeNumbers'
> & { supersededBy: string | null; replacement: SupersessionEnd | null };

/** A row as the page statements read it: the successor's id, its SKU and chain end still to read. */
type PartReadRow = Omit<PartListRow, 'supersededBy' | 'replacement'> & { supersededByPartId: string | null };

/** Maps a parts row to the shared `Part` DTO (keys in the schema's order; prices in dollars). */
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
    packSize: row.packSize,
    weightKg: row.weightGrams / 1000,
    coreCharge: toDollars(row.coreChargeCents),
    priceBreaks: row.breakQuantities.map((minQuantity, index) => ({
      minQuantity,
      price: toDollars(row.breakPricesCents[index]!),
    })),
    universal: row.universal,
    interchangeNumbers: row.interchangeNumbers,
    supersededBy: row.supersededBy,
    replacement: row.replacement,
  };
}

/** A page of part `seq`s (in order) and the number of matches. */
export interface SeqPage {
  seqs: Float64Array;
  total: number;
}

/** Catalogue queries on one database. */
export interface CatalogRepository {
  /**
   * One page of a list without search words: filtered by category/make `_id` (unknown ids match nothing), in
   * catalogue order, by price or by name. Two statements: its total (part_counts) with the nearest current page
   * mark, then the page from the index of its order, starting at that mark when it is nearer than the start.
   */
  listedPage(search: PartsSearch): Promise<Page<Part>>;
  /** Every match of `query` (a stage of a search with words) among `search`'s filters, in `search`'s order. */
  searchList(query: TextQuery, search: PartsSearch): Promise<Float64Array>;
  /**
   * One page of `query`'s matches among `search`'s filters, in `search`'s order, and their number; sorted by price,
   * by `price` (a buyer's: catalog-sql.ts netPriceKey) when given.
   */
  searchPage(query: TextQuery, search: PartsSearch, price?: SQL): Promise<SeqPage>;
  /**
   * One page of a list without search words but with a vehicle (docs/decisions/020-fitment-model.md): the parts
   * passing `search`'s filters, in its order (relevance: catalogue order), and their number; sorted by price, by
   * `price` when given. Without a vehicle: any list without words, sorted by `price` (a buyer's price sorts every
   * match: no page marks).
   */
  filteredPage(search: PartsSearch, price?: SQL): Promise<SeqPage>;
  /** The `seq` of each of `partIds` (`_id`s) that exists. */
  seqsOfParts(partIds: readonly string[]): Promise<Map<string, number>>;
  /** Every category's `_id`. */
  categoryIds(): Promise<string[]>;
  /**
   * How each of `partIds` fits `vehicle`: the positions (', '-joined, in order) and notes ('; '-joined) of its
   * rows of the vehicle; a row for one engine, when the vehicle has none, adds the note '<engine> only'. Parts
   * without such a row are absent.
   */
  fitmentDetails(partIds: string[], vehicle: VehicleFilter): Promise<Map<string, FitmentDetail>>;
  /**
   * The closest dictionary word (pg_trgm similarity >= 0.3, the best, then the first in byte order) of each
   * correctable word of `terms` that is not in the dictionary, e.g. 'toyta' -> 'toyota'.
   */
  corrections(terms: string[]): Promise<Map<string, string>>;
  /** Each catalogue make's `_id` and slug under each of its keys: `_id`, slug and lower-case name. */
  makeKeys(): Promise<Map<string, { id: string; slug: string }>>;
  /** The lexemes of each of `words` as the full-text documents hold them (catalog-search.ts Lexemes). */
  lexemes(words: string[]): Promise<Map<string, string[]>>;
  /**
   * Reads every part for the search index (search-index.ts) in seq order into `add`, and the catalogue's price
   * and name orders and typo dictionary, all from one snapshot (a read-only repeatable-read transaction).
   */
  readSearchDocuments(
    add: (document: SearchDocument) => void,
    addFitment: (row: FitmentDocument) => void,
  ): Promise<SearchCatalogue>;
  /** The parts of `seqs`, in that order (a part deleted meanwhile is skipped). */
  partsBySeq(seqs: Float64Array): Promise<Part[]>;
  /**
   * Rebuilds the page marks when they are behind the catalogue's version, in one repeatable-read transaction:
   * false when another process holds the rebuild, or the catalogue changed meanwhile (try again on its notice).
   */
  refreshPageMarks(): Promise<boolean>;
  /** The part with this id, or null when none (including ids that are not UUIDs). */
  findPart(id: string): Promise<Part | null>;
  /**
   * The superseded part whose SKU or one of whose interchange numbers is `normalized` (lower case, letters and
   * digits only), with the `_id` of its chain's end (docs/requirements.md §17), or null. Reads only superseded
   * parts (their index).
   */
  findSuperseded(normalized: string): Promise<{ sku: string; replacementId: string } | null>;
  /**
   * Every old part number findSuperseded can match: the SKUs and interchange numbers of the superseded parts,
   * normalised as `sku_normalized` is (lower case, letters and digits only). Empty when no part is superseded.
   */
  supersededNumbers(): Promise<Set<string>>;
  listMakes(page: PageQuery): Promise<Page<Make>>;
  listCategories(page: PageQuery): Promise<Page<Category>>;
}

/** A parts row as readSearchDocuments reads it. */
interface SearchDocumentRow {
  seq: number | string;
  part_number: string;
  category_id: string | null;
  price_cents: number;
  make_id: string | null;
  universal: boolean;
  vector: string;
}

/** An application row as readSearchDocuments reads it. */
interface FitmentDocumentRow {
  id: number;
  seq: number | string;
  make_slug: string;
  model_slug: string;
  year_from: number;
  year_to: number;
  engine: string | null;
}

/** Position and note of a part's fit to a vehicle (CatalogRepository.fitmentDetails). */
export interface FitmentDetail {
  position?: string;
  note?: string;
}

/** Application rows read per statement while building the search index. */
const FITMENT_DOCUMENTS_CHUNK = 50_000;

/** Parts read per statement while building the search index. */
const SEARCH_DOCUMENTS_CHUNK = 20_000;

/** Arbitrary constant key of the transaction advisory lock that lets one process at a time rebuild the page marks. */
const PAGE_MARKS_LOCK_KEY = 7_313_015;
/** PostgreSQL's serialization_failure: the catalogue changed while the marks were being built. */
const SERIALIZATION_FAILURE = '40001';

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

/**
 * Rebuilds the page marks (catalog-sql.ts insertPageMarks) when they are behind the catalogue's version, in one
 * repeatable-read transaction under an advisory lock. Resolves true when they are current, false when another
 * process is rebuilding them or the catalogue changed meanwhile (the change's notice asks again). Other database
 * errors propagate. About a second at 88,000 parts; see docs/decisions/015-catalogue-pages-without-scans.md.
 */
export async function buildPageMarks(db: AppDatabase): Promise<boolean> {
  try {
    return await db.transaction(
      async (tx) => {
        const [lock] = await queryRows<{ locked: boolean }>(
          tx,
          sql`select pg_try_advisory_xact_lock(${PAGE_MARKS_LOCK_KEY}) as locked`,
        );
        if (!lock?.locked) return false;
        const [state] = await tx.select().from(catalogState);
        if (!state || state.marksVersion === state.version) return true;
        await tx.execute(sql`set local jit = off`);
        await tx.delete(catalogPageMarks);
        for (const kind of ['all', 'category', 'make'] as const)
          for (const sort of Object.keys(MARK_SORTS) as (keyof typeof MARK_SORTS)[])
            await tx.execute(insertPageMarks(kind, sort));
        await tx.update(catalogState).set({ marksVersion: state.version });
        return true;
      },
      { isolationLevel: 'repeatable read' },
    );
  } catch (error) {
    if (databaseErrorCode(error) === SERIALIZATION_FAILURE) return false;
    throw error;
  }
}

/** Builds the catalogue repository on `db`. Database errors propagate (the error handler maps them). */
export function createCatalogRepository(db: AppDatabase): CatalogRepository {
  /** CatalogRepository.corrections: one query for all words. */
  async function correctionsOf(terms: string[]): Promise<Map<string, string>> {
    const candidates = correctableTerms(terms);
    if (candidates.length === 0) return new Map();
    const rows = await queryRows<{ term: string; correction: string | null }>(
      db,
      sql`select typed.term, (
            select ${searchWords.word} from ${searchWords} where ${searchWords.word} % typed.term
            order by similarity(${searchWords.word}, typed.term) desc, ${searchWords.word} collate "C" limit 1
          ) as correction
          from unnest(${sql.param(candidates)}::text[]) as typed(term)
          where not exists (select 1 from ${searchWords} where ${searchWords.word} = typed.term)`,
    );
    return new Map(rows.flatMap((row) => (row.correction ? [[row.term, row.correction] as const] : [])));
  }

  /**
   * The `seq` of every part matching `where`, in `ordering`. One row whatever the number of matches: the list
   * is aggregated in the database from an ordered subquery, which every plan PostgreSQL makes for it aggregates
   * in that order (decision 010; the search tests check every sort).
   */
  async function orderedSeqs(
    where: SQL | undefined,
    ordering: Ordering,
    runner: AppDatabase = db,
  ): Promise<Float64Array> {
    const matches = runner
      .select({ seq: parts.seq })
      .from(parts)
      .where(where)
      .orderBy(...orderBy(ordering))
      .as('matches');
    const [row] = await runner
      .select({ seqs: sql<string | null>`string_agg(${matches.seq}::text, ',')` })
      .from(matches);
    return parseSeqs(row?.seqs ?? null);
  }

  /** How many parts match `where` (a count of every match: only for searches and past-the-end pages). */
  async function matchCount(where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ value: count() }).from(parts).where(where);
    return row?.value ?? 0;
  }

  /**
   * One page of the parts matching `where` in `ordering`, and their number, in one query (the window count sees
   * every match); a page past the end has no rows to carry the count, so it counts on its own.
   */
  async function matchesPage(
    where: SQL | undefined,
    ordering: Ordering,
    { limit, offset }: Pick<PartsSearch, 'limit' | 'offset'>,
  ): Promise<SeqPage> {
    const rows = await db
      .select({ seq: parts.seq, total: sql<number>`(count(*) over ())::int` })
      .from(parts)
      .where(where)
      .orderBy(...orderBy(ordering))
      .limit(limit)
      .offset(offset);
    const total = rows[0]?.total ?? (offset > 0 ? await matchCount(where) : 0);
    return { seqs: Float64Array.from(rows, (row) => row.seq), total };
  }

  /**
   * Prepared statements of listedPage's page query, one per shape (which filters, from a mark or not, which
   * order): planning it costs more than running it (2.6 ms against 2.5 ms at 1,000,000 parts).
   */
  const pageStatements = new Map<string, ReturnType<typeof preparePage>>();

  /**
   * A page of the parts matching `where` in `order`, from placeholder `offset`, `limit` parts: the page's `seq`s
   * from an index-only walk, then only its rows (the skipped entries are never read from the table).
   */
  function preparePage(name: string, where: SQL | undefined, order: SQL[]) {
    const page = db
      .select({ seq: parts.seq })
      .from(parts)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return db
      .select(partColumns)
      .from(page)
      .innerJoin(parts, eq(parts.seq, page.seq))
      .orderBy(...order)
      .prepare(name);
  }

  /**
   * `rows` as Part DTOs, in order, with each superseded row's successor SKU and chain end (docs/requirements.md §17)
   * read in one query for those rows only: a page without superseded parts costs no more than before.
   */
  async function withSupersession(rows: PartReadRow[]): Promise<Part[]> {
    const superseded = rows.filter((row) => row.supersededByPartId !== null).map((row) => row.id);
    const links = superseded.length
      ? new Map(
          (
            await db
              .select({ id: parts.id, supersededBy: supersededBySku(), replacement: replacementOf() })
              .from(parts)
              .where(inArray(parts.id, superseded))
          ).map((link) => [link.id, link]),
        )
      : undefined;
    return rows.map(({ supersededByPartId: _successor, ...row }) => {
      const link = links?.get(row.id);
      return toPartDto({
        ...row,
        supersededBy: link?.supersededBy ?? null,
        replacement: link?.replacement ?? null,
      });
    });
  }

  /** The page statement of `shape` (a name-safe key), built by `build` the first time. */
  function pageStatement(shape: string, build: () => { where: SQL | undefined; order: SQL[] }) {
    let statement = pageStatements.get(shape);
    if (!statement) {
      const { where, order } = build();
      statement = preparePage(`catalog_page_${shape}`, where, order);
      pageStatements.set(shape, statement);
    }
    return statement;
  }

  /** The page's rows by `seq`, in the order of `seqs` (a part deleted since the list was made is skipped). */
  const rowsBySeq = db
    .select({ ...partColumns, seq: parts.seq })
    .from(parts)
    .where(sql`${parts.seq} = any(${sql.placeholder('seqs')}::bigint[])`)
    .prepare('catalog_parts_by_seq');

  return {
    async listedPage(search) {
      const ordering = orderingOf(search.sort, undefined);
      const scope = markScopeOf(search);
      const sort = markSortOf(search.sort);
      const [row] = await queryRows<PageMark & { total: number }>(
        db,
        totalAndMark(search, scope, sort, ordering.descending),
      );
      const total = row?.total ?? 0;
      const { offset, limit } = search;
      if (offset >= total || limit === 0) return { items: [], total };
      const filters = filtersOf(search, { placeholders: true });
      const params = { category: search.category, make: search.make };
      const shape = `${search.category ? 'c' : ''}${search.make ? 'm' : ''}`;
      // A descending list is its ascending list backwards: its page at `offset` ends `offset` before the end.
      const end = ordering.descending ? total - offset : Math.min(offset + limit, total);
      const start = ordering.descending ? Math.max(end - limit, 0) : offset;
      // From the mark when it walks fewer index entries than OFFSET from the start of the order would.
      if (row && row.position !== null && start - row.position < offset) {
        const statement = pageStatement(`${shape}_mark_${sort}`, () => ({
          where: and(...filters, fromMark(sort)),
          order: markOrder(sort),
        }));
        const rows = await statement.execute({
          ...params,
          ...markValues(row),
          offset: start - row.position,
          limit: end - start,
        });
        const items = await withSupersession(rows);
        return { items: ordering.descending ? items.reverse() : items, total };
      }
      // Near the start of its order, both filters (a short list), or marks being rebuilt.
      const statement = pageStatement(`${shape}_${search.sort.replace('-', '_')}`, () => ({
        where: and(...filters),
        order: orderBy(ordering),
      }));
      const rows = await statement.execute({ ...params, offset, limit });
      return { items: await withSupersession(rows), total };
    },
    searchList: (query, search) => {
      const stage = searchStage(query);
      return orderedSeqs(and(stage.where, ...filtersOf(search)), orderingOf(search.sort, stage.rank));
    },
    searchPage(query, search, price) {
      const stage = searchStage(query);
      return matchesPage(
        and(stage.where, ...filtersOf(search)),
        orderingOf(search.sort, stage.rank, price),
        search,
      );
    },
    filteredPage: (search, price) =>
      matchesPage(and(...filtersOf(search)), orderingOf(search.sort, undefined, price), search),
    async seqsOfParts(partIds) {
      if (partIds.length === 0) return new Map();
      const rows = await db
        .select({ id: parts.id, seq: parts.seq })
        .from(parts)
        .where(sql`${parts.id} = any(${sql.param([...partIds])}::uuid[])`);
      return new Map(rows.map((row) => [row.id, Number(row.seq)]));
    },
    async categoryIds() {
      const rows = await db.select({ id: categories.id }).from(categories);
      return rows.map((row) => row.id);
    },
    async fitmentDetails(partIds, vehicle) {
      const details = new Map<string, FitmentDetail>();
      if (partIds.length === 0) return details;
      const rows = await db
        .select({
          partId: partFitments.partId,
          position: partFitments.position,
          note: partFitments.note,
          engine: partFitments.engine,
        })
        .from(partFitments)
        .where(and(sql`${partFitments.partId} = any(${sql.param(partIds)}::uuid[])`, fitmentRowsOf(vehicle)))
        .orderBy(asc(partFitments.partId), asc(partFitments.yearFrom), asc(partFitments.id));
      const collected = new Map<string, { positions: string[]; notes: string[] }>();
      for (const row of rows) {
        const entry = collected.get(row.partId) ?? { positions: [], notes: [] };
        collected.set(row.partId, entry);
        if (row.position && !entry.positions.includes(row.position)) entry.positions.push(row.position);
        const note = row.note ?? (row.engine && vehicle.engine === undefined ? `${row.engine} only` : null);
        if (note && !entry.notes.includes(note)) entry.notes.push(note);
      }
      for (const [partId, { positions, notes }] of collected)
        details.set(partId, {
          ...(positions.length ? { position: positions.join(', ') } : {}),
          ...(notes.length ? { note: notes.join('; ') } : {}),
        });
      return details;
    },
    async makeKeys() {
      const rows = await db.select({ id: makes.id, slug: makes.slug, name: makes.name }).from(makes);
      const keys = new Map<string, { id: string; slug: string }>();
      for (const row of rows)
        for (const key of [row.id, row.slug, row.name])
          keys.set(key.toLowerCase(), { id: row.id, slug: row.slug });
      return keys;
    },
    corrections: correctionsOf,
    async lexemes(words) {
      if (words.length === 0) return new Map();
      const rows = await queryRows<{ word: string; lexemes: string[] }>(
        db,
        sql`select word, tsvector_to_array(to_tsvector('english', word)) as lexemes
            from unnest(${sql.param(words)}::text[]) as typed(word)`,
      );
      return new Map(rows.map((row) => [row.word, row.lexemes]));
    },
    readSearchDocuments: (add, addFitment) =>
      db.transaction(
        async (tx) => {
          let after = 0;
          for (;;) {
            const rows = await queryRows<SearchDocumentRow>(
              tx,
              sql`select ${parts.seq} as seq, ${parts.skuNormalized} as part_number, ${parts.categoryId} as category_id,
                    ${parts.priceCents} as price_cents, ${parts.makeId} as make_id, ${parts.universal} as universal, ${parts.searchVector}::text as vector
                  from ${parts} where ${parts.seq} > ${after} order by ${parts.seq} limit ${SEARCH_DOCUMENTS_CHUNK}`,
            );
            for (const row of rows)
              add({
                seq: Number(row.seq),
                partNumber: row.part_number,
                categoryId: row.category_id,
                priceCents: row.price_cents,
                makeId: row.make_id,
                universal: row.universal,
                vector: row.vector,
              });
            if (rows.length < SEARCH_DOCUMENTS_CHUNK) break;
            after = Number(rows.at(-1)!.seq);
          }
          for (let afterRow = 0; ;) {
            const rows = await queryRows<FitmentDocumentRow>(
              tx,
              sql`select f.id, p.seq, f.make_slug, f.model_slug, f.year_from, f.year_to, f.engine
                  from ${partFitments} f join ${parts} p on p.id = f.part_id
                  where f.id > ${afterRow} order by f.id limit ${FITMENT_DOCUMENTS_CHUNK}`,
            );
            for (const row of rows)
              addFitment({
                seq: Number(row.seq),
                make: row.make_slug,
                model: row.model_slug,
                yearFrom: row.year_from,
                yearTo: row.year_to,
                engine: row.engine,
              });
            if (rows.length < FITMENT_DOCUMENTS_CHUNK) break;
            afterRow = rows.at(-1)!.id;
          }
          const [byPrice, byName, words] = [
            await orderedSeqs(undefined, orderingOf('price-asc', undefined), tx),
            await orderedSeqs(undefined, orderingOf('name-asc', undefined), tx),
            await tx.select({ word: searchWords.word }).from(searchWords).orderBy(asc(searchWords.word)),
          ];
          return { byPrice, byName, words: words.map((row) => row.word) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
    async partsBySeq(seqs) {
      if (seqs.length === 0) return [];
      const rows = await rowsBySeq.execute({ seqs: Array.from(seqs) });
      const bySeq = new Map(rows.map((row) => [row.seq, row]));
      return withSupersession(Array.from(seqs).flatMap((seq) => bySeq.get(seq) ?? []));
    },
    refreshPageMarks: () => buildPageMarks(db),
    async findSuperseded(normalized) {
      if (!normalized) return null;
      const [row] = await db
        .select({ sku: parts.sku, replacement: replacementOf() })
        .from(parts)
        .where(
          sql`${parts.supersededByPartId} is not null and (${parts.skuNormalized} = ${normalized} or exists (
            select from unnest(${parts.interchangeNumbers}) as "pf_number"("value")
            where lower(regexp_replace("pf_number"."value", '[^a-zA-Z0-9]+', '', 'g')) = ${normalized}))`,
        )
        .orderBy(asc(parts.seq))
        .limit(1);
      return row?.replacement ? { sku: row.sku, replacementId: row.replacement._id } : null;
    },
    async supersededNumbers() {
      const rows = await db
        .select({ sku: parts.skuNormalized, interchangeNumbers: parts.interchangeNumbers })
        .from(parts)
        .where(isNotNull(parts.supersededByPartId));
      // As findSuperseded's SQL normalises an interchange number: letters and digits only, in lower case.
      return new Set(
        rows.flatMap((row) => [
          row.sku,
          ...row.interchangeNumbers.map((number) => number.replace(/[^a-zA-Z0-9]+/g, '').toLowerCase()),
        ]),
      );
    },
    async findPart(id) {
      if (!isId(id)) return null;
      const [row] = await db.select(partColumns).from(parts).where(eq(parts.id, id)).limit(1);
      return row ? (await withSupersession([row]))[0]! : null;
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
