/**
 * SQL of the catalogue in bulk (docs/requirements.md §13 "Catalogue in bulk"): parts with their application rows read
 * page by page in SKU order (the export) or by SKU (the import's comparison), and the import's bulk writes, one
 * statement per few thousand rows with one array parameter per column (`unnest`), never one statement per part.
 * Money is integer cents here. The writes run in the caller's transaction; triggers keep the derived tables and the
 * change notices (migrations 0005, 0016). They never write the stock: parts are inserted with none, and the import
 * sets it through the inventory module (setStock), which records each change in the stock ledger.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { categories, makes, partFitments, parts } from '../../db/schema/index.js';
import type { NewFitmentRow } from './fitment-repository.js';

/** A part's columns as the CSV carries them (ids of category and make; price in cents). */
export interface PartValues {
  name: string;
  description: string;
  categoryId: string | null;
  makeId: string | null;
  priceCents: number;
  minqty: number;
  packSize: number;
  /** Weight of one unit, whole grams (the CSV's `weightKg` in kilograms). */
  weightGrams: number;
  /** Refundable core deposit per unit, integer cents (the CSV's `coreCharge` in dollars; docs/requirements.md §17). */
  coreChargeCents: number;
  available: number;
  img: string;
  breakQuantities: number[];
  breakPricesCents: number[];
  interchangeNumbers: string[];
  universal: boolean;
}

/**
 * A stored part: its id, SKU, values and its application rows as their `fitment` cell (catalog-csv-codec.ts
 * formatFitment; ordered by make, model and years).
 */
export interface StoredPart extends PartValues {
  id: string;
  sku: string;
  fitment: string;
  /** The SKU of its direct successor (docs/requirements.md §17), or null. */
  supersededBy: string | null;
}

/** A part to insert. */
export interface NewPart extends PartValues {
  sku: string;
}

/** Parts per INSERT or UPDATE statement (one array parameter per column: the statement's size is fixed). */
const WRITE_CHUNK = 5000;
/** Application rows per INSERT. */
const FITMENT_CHUNK = 10_000;
/** Export pages read ahead of the one being written (memory: at most this many pages more). */
const EXPORT_READ_AHEAD = 3;
/** SKUs (or part ids) per read: inside PostgreSQL's 65,535 parameters. */
const READ_CHUNK = 5000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** PostgreSQL's text of an integer array: '{10,50}'. */
function integerArray(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

/** PostgreSQL's text of a text array: '{"04465-06090","5Q0 698 151 B"}'. */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/**
 * A part_fitments column named with its table: Drizzle writes columns bare in a one-table select, where a subquery
 * over part_fitments would read them as its own.
 */
const fitted = (column: PgColumn) => sql`"part_fitments".${sql.identifier(column.name)}`;

/** A fitment field as the CSV writes it: `%`, `/` and `;` as `%25`, `%2F`, `%3B` (catalog-csv-codec.ts escapeField). */
const escaped = (field: SQL) => sql`replace(replace(replace(${field}, '%', '%25'), '/', '%2F'), ';', '%3B')`;

/**
 * One application row as its text in a `fitment` cell (catalog-csv-codec.ts formatFitmentRow, in SQL). Only the
 * free-text fields are escaped: make and model are slugs (letters, digits, dashes) and a position is words, as every
 * write checks (fitmentRowInputSchema), so they never hold `%`, `/` or `;`. The trailing empty fields go with
 * rtrim: an escaped field never ends with a raw `/`.
 */
const FITMENT_ROW_TEXT = sql`rtrim(concat_ws('/',
  ${fitted(partFitments.makeSlug)},
  ${fitted(partFitments.modelSlug)},
  case when ${fitted(partFitments.yearFrom)} = ${fitted(partFitments.yearTo)} then ${fitted(partFitments.yearFrom)}::text
       else ${fitted(partFitments.yearFrom)}::text || '-' || ${fitted(partFitments.yearTo)}::text end,
  ${escaped(sql`coalesce(${fitted(partFitments.engine)}, '')`)},
  ${escaped(sql`coalesce(${fitted(partFitments.submodel)}, '')`)},
  coalesce(${fitted(partFitments.position)}, ''),
  case when ${fitted(partFitments.quantity)} = 1 then '' else ${fitted(partFitments.quantity)}::text end,
  ${escaped(sql`coalesce(${fitted(partFitments.note)}, '')`)}), '/')`;

/**
 * A part's `fitment` cell: its application rows (FITMENT_ROW_TEXT) by make, model and years, `;`-separated; a
 * subquery of the outer `parts` row.
 */
const FITMENT_CELL = sql<string>`coalesce((select string_agg(${FITMENT_ROW_TEXT}, ';' order by
  ${fitted(partFitments.makeSlug)}, ${fitted(partFitments.modelSlug)}, ${fitted(partFitments.yearFrom)},
  ${fitted(partFitments.yearTo)}, ${fitted(partFitments.id)})
  from ${partFitments} where ${fitted(partFitments.partId)} = "parts"."id"), '')`;

/** Integer cents `column` as dollars with two decimals, in SQL (catalog-csv-codec.ts formatCents). */
const dollars = (column: SQL) => sql`(${column} / 100)::text || '.' || lpad((${column} % 100)::text, 2, '0')`;

/** The SKU of the part's direct successor (docs/requirements.md §17), '' while current. */
const SUCCESSOR_SKU = sql<string>`coalesce((select "pf_successor"."sku" from ${parts} "pf_successor" where "pf_successor"."id" = ${parts.supersededByPartId}), '')`;

/**
 * The cells of a part's CSV row, in CATALOG_CSV_COLUMNS order, as the database writes them (c0..c16): exactly what
 * catalog-csv-codec.ts writes (the import reads them back unchanged; the round-trip tests check it), so the export
 * receives one text per cell and formats nothing itself. The fitment cell is the part's rows by make, model, years.
 */
const CSV_CELL_SQL: SQL[] = [
  sql`${parts.sku}`,
  sql`${parts.name}`,
  sql`${parts.description}`,
  sql`coalesce(${categories.slug}, '')`,
  sql`coalesce(${makes.slug}, '')`,
  dollars(sql`${parts.priceCents}`),
  sql`${parts.minqty}::text`,
  sql`${parts.packSize}::text`,
  // Kilograms without trailing zeros ('1.2', '18'): what String(grams / 1000) writes.
  sql`trim_scale(${parts.weightGrams}::numeric / 1000)::text`,
  sql`${parts.available}::text`,
  sql`${parts.img}`,
  sql`coalesce((select string_agg(b.q::text || ':' || ${dollars(sql`b.p`)}, ';' order by b.n)
                from unnest(${parts.breakQuantities}, ${parts.breakPricesCents}) with ordinality as b(q, p, n)), '')`,
  sql`array_to_string(${parts.interchangeNumbers}, ';')`,
  sql`case when ${parts.universal} then 'true' else 'false' end`,
  FITMENT_CELL,
  SUCCESSOR_SKU,
  dollars(sql`${parts.coreChargeCents}`),
];
const CSV_CELL_NAMES = CSV_CELL_SQL.map((_, index) => `c${index}` as const);
type CsvCellName = (typeof CSV_CELL_NAMES)[number];
const CSV_CELLS = sql.join(
  CSV_CELL_SQL.map((cell, index) => sql`${cell} as ${sql.identifier(CSV_CELL_NAMES[index]!)}`),
  sql`, `,
);

/**
 * The parts table's columns the import writes: name, parameter array type, value, cast of the unnested value. Not
 * the stock (`available`): that is the inventory module's to set.
 */
const VALUE_COLUMNS: [string, string, (part: PartValues) => unknown, string?][] = [
  ['name', 'text', (part) => part.name],
  ['description', 'text', (part) => part.description],
  ['category_id', 'uuid', (part) => part.categoryId],
  ['make_id', 'uuid', (part) => part.makeId],
  ['price_cents', 'int', (part) => part.priceCents],
  ['minqty', 'int', (part) => part.minqty],
  ['pack_size', 'int', (part) => part.packSize],
  ['weight_grams', 'int', (part) => part.weightGrams],
  ['core_charge_cents', 'int8', (part) => part.coreChargeCents],
  ['img', 'text', (part) => part.img],
  // Arrays travel as their text: unnest would flatten an array of arrays.
  ['break_quantities', 'text', (part) => integerArray(part.breakQuantities), 'integer[]'],
  ['break_prices_cents', 'text', (part) => integerArray(part.breakPricesCents), 'integer[]'],
  ['interchange_numbers', 'text', (part) => textArray(part.interchangeNumbers), 'text[]'],
  ['universal', 'boolean', (part) => part.universal],
];

/** part_fitments' columns as the import writes them: name, element type, value. */
const FITMENT_COLUMNS: [string, string, (row: NewFitmentRow & { partId: string }) => unknown][] = [
  ['part_id', 'uuid', (row) => row.partId],
  ['make_slug', 'text', (row) => row.makeSlug],
  ['model_slug', 'text', (row) => row.modelSlug],
  ['year_from', 'smallint', (row) => row.yearFrom],
  ['year_to', 'smallint', (row) => row.yearTo],
  ['engine', 'text', (row) => row.engine],
  ['submodel', 'text', (row) => row.submodel],
  ['position', 'text', (row) => row.position],
  ['quantity', 'smallint', (row) => row.quantity],
  ['note', 'text', (row) => row.note],
];

/** `unnest($1::type[], ...) as t(c0, ...)`: one array parameter per column of `columns`, over `rows`. */
function unnestOf<T>(rows: readonly T[], columns: [string, string, (row: T) => unknown, string?][]): SQL {
  const arrays = columns.map(([, type, pick]) => sql`${sql.param(rows.map(pick))}::${sql.raw(type)}[]`);
  const aliases = columns.map((_, index) => sql.raw(`c${index}`));
  return sql`unnest(${sql.join(arrays, sql`, `)}) as t(${sql.join(aliases, sql`, `)})`;
}

/** The selected columns of a stored part, its `fitment` cell included. */
const storedColumns = {
  id: parts.id,
  sku: parts.sku,
  name: parts.name,
  description: parts.description,
  categoryId: parts.categoryId,
  makeId: parts.makeId,
  priceCents: parts.priceCents,
  minqty: parts.minqty,
  packSize: parts.packSize,
  weightGrams: parts.weightGrams,
  coreChargeCents: parts.coreChargeCents,
  available: parts.available,
  img: parts.img,
  breakQuantities: parts.breakQuantities,
  breakPricesCents: parts.breakPricesCents,
  interchangeNumbers: parts.interchangeNumbers,
  universal: parts.universal,
  fitment: FITMENT_CELL,
  supersededBy: sql<string | null>`nullif(${SUCCESSOR_SKU}, '')`,
};

/** Bulk reads and writes of parts; see the module comment. Database errors propagate. */
export interface CatalogCsvRepository {
  /**
   * Every part as the cells of its CSV row (CATALOG_CSV_COLUMNS order), in SKU order, about `pageSize` parts a page
   * (ranges of SKUs), a few pages read ahead. The cells are written by the database as catalog-csv-codec.ts writes
   * them.
   */
  csvPages(pageSize: number): AsyncGenerator<string[][]>;
  /**
   * The stored parts of these SKUs compared ignoring case (those that exist), by lower-cased SKU: a list, as the
   * catalogue may hold SKUs that differ only in case. Read on `db` (a transaction, or the repository's).
   */
  partsBySku(skus: readonly string[], db?: AppDatabase): Promise<Map<string, StoredPart[]>>;
  /** Category and make ids by slug. */
  slugIds(): Promise<{ categories: Map<string, string>; makes: Map<string, string> }>;
  /**
   * Inserts parts (universal flag included, no application rows) with no stock, whatever their `available`;
   * returns their ids by SKU.
   */
  insertParts(tx: AppDatabase, rows: readonly NewPart[]): Promise<Map<string, string>>;
  /** Writes every value of these parts but the stock, by id. */
  updateParts(tx: AppDatabase, rows: readonly (PartValues & { id: string })[]): Promise<void>;
  /**
   * The supersession links of the catalogue (docs/requirements.md §17): each superseded part's lower-cased SKU
   * and its successor's, read on `db`.
   */
  successorLinks(db?: AppDatabase): Promise<Map<string, string>>;
  /** Which of these lower-cased SKUs the catalogue has (compared ignoring case), read on `db`. */
  existingSkus(skus: readonly string[], db?: AppDatabase): Promise<Set<string>>;
  /**
   * Sets each part's successor by SKU (both compared ignoring case; a null successor: current), in one statement.
   */
  setSuccessors(tx: AppDatabase, links: readonly { sku: string; successor: string | null }[]): Promise<void>;
  /** Replaces the application rows of the parts `partIds` with `rows`. */
  replaceFitment(
    tx: AppDatabase,
    partIds: readonly string[],
    rows: readonly (NewFitmentRow & { partId: string })[],
  ): Promise<void>;
}

/** Builds the repository on `db`. */
export function createCatalogCsvRepository(db: AppDatabase): CatalogCsvRepository {
  function selectStored(on: AppDatabase) {
    return on.select(storedColumns).from(parts);
  }

  return {
    async *csvPages(pageSize) {
      type CsvRow = Record<CsvCellName, string>;
      // Every pageSize-th SKU cuts the catalogue into ranges; each range is one query, a few read at once (the
      // database's work, reading each part's application rows, spreads over its cores), written out in order.
      const bounds = (
        await queryRows<{ sku: string }>(
          db,
          sql`select sku from (select ${parts.sku} as sku, row_number() over (order by ${parts.sku}) as n
              from ${parts}) as numbered where n % ${pageSize} = 0 order by sku`,
        )
      ).map((row) => row.sku);
      const ranges = [...bounds, undefined].map((upTo, index) => ({ after: bounds[index - 1], upTo }));
      const read = ({ after, upTo }: { after: string | undefined; upTo: string | undefined }) => {
        const conditions = [
          ...(after === undefined ? [] : [sql`${parts.sku} > ${after}`]),
          ...(upTo === undefined ? [] : [sql`${parts.sku} <= ${upTo}`]),
        ];
        return queryRows<CsvRow>(
          db,
          sql`select ${CSV_CELLS} from ${parts}
              left join ${categories} on ${categories.id} = ${parts.categoryId}
              left join ${makes} on ${makes.id} = ${parts.makeId}
              ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
              order by ${parts.sku}`,
        );
      };
      const reading: Promise<CsvRow[]>[] = [];
      let started = 0;
      const readNext = () => {
        if (started >= ranges.length) return;
        const page = read(ranges[started]!);
        started += 1;
        // A consumer that stops early leaves reads in flight: their failures must not go unhandled.
        page.catch(() => undefined);
        reading.push(page);
      };
      for (let count = 0; count < EXPORT_READ_AHEAD; count += 1) readNext();
      for (let page = reading.shift(); page; page = reading.shift()) {
        const rows = await page;
        readNext();
        if (rows.length > 0) yield rows.map((row) => CSV_CELL_NAMES.map((name) => row[name]!));
      }
    },

    async partsBySku(skus, on = db) {
      const found = new Map<string, StoredPart[]>();
      const keys = [...new Set(skus.map((sku) => sku.toLowerCase()))];
      for (const chunk of chunks(keys, READ_CHUNK)) {
        if (chunk.length === 0) continue;
        // SKUs are ASCII (the product form's pattern), so lower() and toLowerCase() agree.
        const rows = await selectStored(on).where(inArray(sql`lower(${parts.sku})`, chunk));
        for (const part of rows) {
          const key = part.sku.toLowerCase();
          found.set(key, [...(found.get(key) ?? []), part]);
        }
      }
      return found;
    },

    async successorLinks(on = db) {
      const rows = await queryRows<{ sku: string; successor: string }>(
        on,
        sql`select lower(p.sku) as sku, lower(s.sku) as successor from ${parts} p
            join ${parts} s on s.id = p.superseded_by_part_id where p.superseded_by_part_id is not null`,
      );
      return new Map(rows.map((row) => [row.sku, row.successor]));
    },

    async existingSkus(skus, on = db) {
      const found = new Set<string>();
      for (const chunk of chunks([...new Set(skus)], READ_CHUNK)) {
        if (chunk.length === 0) continue;
        const rows = await on
          .select({ sku: sql<string>`lower(${parts.sku})` })
          .from(parts)
          .where(inArray(sql`lower(${parts.sku})`, chunk));
        for (const row of rows) found.add(row.sku);
      }
      return found;
    },

    async setSuccessors(tx, links) {
      if (links.length === 0) return;
      // Hash joins only: each successor SKU resolved once (the first spelling when two differ in case), then the
      // rows it names; only the links that change are written (an unchanged row is not touched).
      await tx.execute(sql`with v as (
          select * from unnest(${sql.param(links.map((link) => link.sku.toLowerCase()))}::text[],
                               ${sql.param(links.map((link) => link.successor?.toLowerCase() ?? null))}::text[])
            as v(sku, successor)
        ), successor as (
          select distinct on (lower(s.sku)) lower(s.sku) as key, s.id from ${parts} s
          where lower(s.sku) in (select v.successor from v where v.successor is not null)
          order by lower(s.sku), s.sku
        ), wanted as (
          select v.sku, successor.id as successor_id from v left join successor on successor.key = v.successor
        )
        update ${parts} set superseded_by_part_id = wanted.successor_id from wanted
        where lower(${parts.sku}) = wanted.sku and ${parts.supersededByPartId} is distinct from wanted.successor_id`);
    },

    async slugIds() {
      const [categoryRows, makeRows] = await Promise.all([
        db.select({ id: categories.id, slug: categories.slug }).from(categories),
        db.select({ id: makes.id, slug: makes.slug }).from(makes),
      ]);
      return {
        categories: new Map(categoryRows.map((row) => [row.slug, row.id])),
        makes: new Map(makeRows.map((row) => [row.slug, row.id])),
      };
    },

    async insertParts(tx, rows) {
      const ids = new Map<string, string>();
      const columns: [string, string, (part: NewPart) => unknown, string?][] = [
        ['sku', 'text', (part) => part.sku],
        ...VALUE_COLUMNS,
      ];
      const names = [...columns.map(([name]) => sql.identifier(name)), sql.identifier('available')];
      const selected = [
        ...columns.map(([, , , cast], index) => sql.raw(cast ? `c${index}::${cast}` : `c${index}`)),
        sql.raw('0'),
      ];
      for (const chunk of chunks(rows, WRITE_CHUNK)) {
        const result = (await tx.execute(
          sql`insert into ${parts} (${sql.join(names, sql`, `)})
              select ${sql.join(selected, sql`, `)} from ${unnestOf(chunk, columns)}
              returning id, sku`,
        )) as unknown as { rows: { id: string; sku: string }[] };
        for (const row of result.rows) ids.set(row.sku, row.id);
      }
      return ids;
    },

    async updateParts(tx, rows) {
      const columns: [string, string, (part: PartValues & { id: string }) => unknown, string?][] = [
        ['id', 'uuid', (part) => part.id],
        ...VALUE_COLUMNS,
      ];
      const assignments = columns
        .slice(1)
        .map(([name, , , cast], index) =>
          sql.raw(`"${name}" = ${cast ? `t.c${index + 1}::${cast}` : `t.c${index + 1}`}`),
        );
      for (const chunk of chunks(rows, WRITE_CHUNK))
        await tx.execute(
          sql`update ${parts} set ${sql.join(assignments, sql`, `)}, "updated_at" = now()
              from ${unnestOf(chunk, columns)} where ${parts.id} = t.c0`,
        );
    },

    async replaceFitment(tx, partIds, rows) {
      for (const chunk of chunks(partIds, READ_CHUNK))
        await tx.delete(partFitments).where(inArray(partFitments.partId, chunk));
      const names = FITMENT_COLUMNS.map(([name]) => sql.identifier(name));
      for (const chunk of chunks(rows, FITMENT_CHUNK))
        await tx.execute(
          sql`insert into ${partFitments} (${sql.join(names, sql`, `)})
              select * from ${unnestOf(chunk, FITMENT_COLUMNS)}`,
        );
    },
  };
}
