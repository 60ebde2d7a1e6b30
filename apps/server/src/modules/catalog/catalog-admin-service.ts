/**
 * Catalogue writes (docs/decisions/009-catalogue-admin-uploads-and-profiles.md: Add A Product, edit, delete; docs/requirements.md §7: POST /parts, DELETE /parts/{id}).
 * Prices arrive in dollars and are stored as integer cents. Every write tells CatalogChanges after it commits
 * (catalog-cache.ts). Deletes are hard deletes: orders keep their product name and price
 * snapshot and their part_id becomes null (schema/orders.ts; docs/decisions/009). After a delete, or an edit that
 * changes `img`, the old image is handed to `releaseImage` once the write has committed (uploads/image-cleanup.ts
 * removes the file when it was an upload nothing else uses).
 */
import { randomBytes } from 'node:crypto';
import { apiErrorCodes, isId, messages, toCents, toGrams, type PartInput } from '@partsforge/shared';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { databaseErrorCode } from '../../db/errors.js';
import { categories, makes, partListedColumns, parts } from '../../db/schema/index.js';
import { ConflictError, HttpError, NotFoundError } from '../../lib/http-errors.js';
import { setStock, type StockLevel } from '../inventory/index.js';
import type { CatalogChanges } from './catalog-cache.js';
import { lockSupersession, resolveSuccessor } from './supersession.js';

/** The catalogue write operations. */
export interface CatalogAdminService {
  /**
   * Adds a part; returns its id. The part is written with no stock and its initial stock is then set through the
   * inventory module, a movement 'admin_adjustment' by `userId`, the admin (docs/requirements.md §13). Throws
   * ConflictError (409) for a taken SKU, HttpError 400 for an unknown category/make, and HttpError 400 with
   * `errors.supersededBy` for an unknown `supersededBy` SKU (docs/requirements.md §17).
   */
  createPart(input: PartInput, userId?: string): Promise<string>;
  /**
   * Replaces a part's fields. The stock follows docs/requirements.md §13 "Stock history": with `expectedAvailable`
   * equal to `available` (the field untouched) the stock is kept; with another `expectedAvailable`, `available` is
   * set only while the stock is still `expectedAvailable`, else StockChangedError (409 STOCK_CHANGED with the stock
   * now; nothing saved); without it, `available` is set as given. A set stock is a movement 'admin_adjustment' by
   * `userId`. Throws NotFoundError (404), ConflictError (409) or HttpError 400 as createPart; a `supersededBy`
   * that is the part itself or whose chain leads back to it is a 400 too (checked under the supersession lock in
   * the write's transaction, docs/requirements.md §17).
   */
  updatePart(id: string, input: PartInput, userId?: string): Promise<void>;
  /** Deletes a part; returns the deleted part's name, or null when there was none (orders keep their snapshot). */
  deletePart(id: string): Promise<string | null>;
}

/**
 * Called with a part's previous `img` after a committed write stopped using it; must not reject (the write
 * already succeeded). The service never touches files itself.
 */
export type ReleaseImage = (img: string) => Promise<void>;

/** A generated SKU for parts added without one, e.g. 'PF-3F9A1C2B'. */
function generatedSku(): string {
  return `PF-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** The part's columns of the form, all but the stock (set through the inventory module). */
function columnsOf(input: PartInput) {
  return {
    name: input.name,
    description: input.description,
    minqty: input.minqty,
    priceCents: toCents(input.price),
    img: input.img,
    categoryId: input.category ? input.category.toLowerCase() : null,
    makeId: input.make ? input.make.toLowerCase() : null,
    // Wholesale terms (docs/requirements.md §11): only when given, so an edit without them keeps them.
    ...(input.packSize !== undefined ? { packSize: input.packSize } : {}),
    // Shipping weight (docs/requirements.md §16): only when given; a new part without one weighs 1 kg.
    ...(input.weightKg !== undefined ? { weightGrams: toGrams(input.weightKg) } : {}),
    // Core deposit (docs/requirements.md §17): only when given; a new part without one has none.
    ...(input.coreCharge !== undefined ? { coreChargeCents: toCents(input.coreCharge) } : {}),
    ...(input.priceBreaks !== undefined
      ? {
          breakQuantities: input.priceBreaks.map((tier) => tier.minQuantity),
          breakPricesCents: input.priceBreaks.map((tier) => toCents(tier.price)),
        }
      : {}),
    // OE and interchange numbers (docs/requirements.md §12): only when given, like the terms.
    ...(input.interchangeNumbers !== undefined ? { interchangeNumbers: input.interchangeNumbers } : {}),
  };
}

/** Whether a listed column's value changed (arrays by their elements). */
function changed(next: unknown, previous: unknown): boolean {
  if (Array.isArray(next) && Array.isArray(previous))
    return next.length !== previous.length || next.some((value, index) => value !== previous[index]);
  return next !== previous;
}

/**
 * Builds the service on `db`; `changes` hears of each successful write, then `releaseImage` gets the image a
 * delete or an edit left unused.
 */
export function createCatalogAdminService(
  db: AppDatabase,
  changes: CatalogChanges,
  releaseImage: ReleaseImage,
): CatalogAdminService {
  async function assertReferencesExist(input: PartInput) {
    const checks: Promise<void>[] = [];
    if (input.category)
      checks.push(
        db
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.id, input.category.toLowerCase()))
          .then((rows) => {
            if (rows.length === 0) throw invalid(messages.validation.unknownId('Category'));
          }),
      );
    if (input.make)
      checks.push(
        db
          .select({ id: makes.id })
          .from(makes)
          .where(eq(makes.id, input.make.toLowerCase()))
          .then((rows) => {
            if (rows.length === 0) throw invalid(messages.validation.unknownId('Make'));
          }),
      );
    await Promise.all(checks);
  }

  /** Runs a write, mapping a unique violation on the SKU to 409 SKU_TAKEN with `errors.sku`. */
  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (databaseErrorCode(error) === '23505')
        throw new ConflictError(messages.products.skuTaken, apiErrorCodes.skuTaken, {
          sku: messages.products.skuTaken,
        });
      throw error;
    }
  }

  return {
    async createPart(input, userId) {
      await assertReferencesExist(input);
      const [row] = await write(() =>
        db.transaction(async (transaction) => {
          const tx = transaction as unknown as AppDatabase;
          let supersededByPartId: string | null = null;
          if (input.supersededBy) {
            await lockSupersession(tx);
            supersededByPartId = await resolveSuccessor(tx, null, input.supersededBy, input.sku);
          }
          // Written empty, then stocked: the new part's stock is its first movement.
          const rows = await tx
            .insert(parts)
            .values({
              ...columnsOf(input),
              available: 0,
              sku: input.sku || generatedSku(),
              supersededByPartId,
            })
            .returning({ id: parts.id });
          await setStock(tx, [{ partId: rows[0]!.id, level: input.available }], {
            reason: 'admin_adjustment',
            userId,
          });
          return rows;
        }),
      );
      changes.catalogueChanged();
      return row!.id;
    },

    async updatePart(id, input, userId) {
      if (!isId(id)) throw new NotFoundError(messages.errors.partNotFound);
      await assertReferencesExist(input);
      const partId = id.toLowerCase();
      const next = { ...columnsOf(input), ...(input.sku ? { sku: input.sku } : {}) };
      // The previous values, read under the row lock, so a concurrent edit cannot make us release the wrong
      // image or misjudge what changed.
      const stock = stockLevelOf(partId, input);
      /** The successor's id to write (null: current), or undefined to keep it. */
      let successor: string | null | undefined;
      const previous = await write(() =>
        db.transaction(async (transaction) => {
          const tx = transaction as unknown as AppDatabase;
          // The supersession lock before the row's: a cycle check never waits on a row while holding it.
          if (input.supersededBy) await lockSupersession(tx);
          const [current] = await tx
            .select({ img: parts.img, ...partListedColumns })
            .from(parts)
            .where(eq(parts.id, partId))
            .for('update');
          if (!current) return null;
          if (input.supersededBy !== undefined)
            successor = input.supersededBy
              ? await resolveSuccessor(tx, partId, input.supersededBy, input.sku || current.sku)
              : null;
          if (stock) {
            const moved = (await setStock(tx, [stock], { reason: 'admin_adjustment', userId })).get(partId);
            // Thrown inside the transaction: the form's other fields are not saved either.
            if (moved !== undefined) throw new StockChangedError(moved);
          }
          await tx
            .update(parts)
            .set({ ...next, ...(successor !== undefined ? { supersededByPartId: successor } : {}) })
            .where(eq(parts.id, partId));
          return current;
        }),
      );
      if (previous === null) throw new NotFoundError(messages.errors.partNotFound);
      // A restock (or a new minimum, image) changes no search result list: only the responses showing the part.
      const relisted =
        (successor !== undefined && successor !== previous.supersededByPartId) ||
        (Object.keys(partListedColumns) as (keyof typeof partListedColumns)[]).some(
          (column) => column in next && changed(next[column as keyof typeof next], previous[column]),
        );
      if (relisted) changes.catalogueChanged();
      else changes.stockChanged(partId);
      if (previous.img !== input.img) await releaseImage(previous.img);
    },

    async deletePart(id) {
      if (!isId(id)) return null;
      const rows = await db
        .delete(parts)
        .where(eq(parts.id, id.toLowerCase()))
        .returning({ name: parts.name, img: parts.img });
      const deleted = rows[0];
      if (!deleted) return null;
      changes.catalogueChanged();
      await releaseImage(deleted.img);
      return deleted.name;
    },
  };
}

/**
 * The stock an edit sets (docs/requirements.md §13 "Stock history"), or undefined when it keeps the stock: the
 * quantity field untouched (`expectedAvailable` equal to `available`).
 */
function stockLevelOf(partId: string, input: PartInput): StockLevel | undefined {
  if (input.expectedAvailable === undefined) return { partId, level: input.available };
  if (input.expectedAvailable === input.available) return undefined;
  return { partId, level: input.available, expected: input.expectedAvailable };
}

/**
 * 409 STOCK_CHANGED of an edit whose stock moved since the form was opened: the message names the stock now, and
 * the body carries it as `available` (stockChangedErrorSchema) for the form's "Use the current stock".
 */
export class StockChangedError extends HttpError {
  constructor(available: number) {
    super(409, messages.stock.changedSinceOpened(available), apiErrorCodes.stockChanged, undefined, {
      available,
    });
    this.name = 'StockChangedError';
  }
}

/** A 400 naming an unknown category or make, with the validation errors' code. */
function invalid(message: string): HttpError {
  return new HttpError(400, `${messages.errors.invalidRequest}: ${message}`, apiErrorCodes.validationFailed);
}
