/**
 * Catalogue reads (spec section 7: GET parts, GET /parts/{id}, GET make, GET category). Rows are mapped to
 * the wire DTOs of @partsforge/shared: `_id` strings, price in dollars (stored as integer cents).
 */
import type { Category, Make, PageQuery, Part } from '@partsforge/shared';
import { asc, count, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { categories, makes, parts, type PartRow } from '../../db/schema/index.js';

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

/** Catalogue queries on one database. */
export interface CatalogRepository {
  /** Parts in the default stable order (insertion order, `seq`). */
  listParts(page: PageQuery): Promise<Page<Part>>;
  /** The part with this id, or null when none (including ids that are not UUIDs). */
  findPart(id: string): Promise<Part | null>;
  listMakes(page: PageQuery): Promise<Page<Make>>;
  listCategories(page: PageQuery): Promise<Page<Category>>;
}

/** Builds the catalogue repository on `db`. Database errors propagate (the error handler maps them). */
export function createCatalogRepository(db: AppDatabase): CatalogRepository {
  return {
    async listParts({ limit, offset }) {
      const [rows, totals] = await Promise.all([
        db.select(partColumns).from(parts).orderBy(asc(parts.seq)).limit(limit).offset(offset),
        db.select({ value: count() }).from(parts),
      ]);
      return { items: rows.map(toPartDto), total: totals[0]?.value ?? 0 };
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
