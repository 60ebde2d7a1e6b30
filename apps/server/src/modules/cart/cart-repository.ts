/**
 * Cart storage (docs/requirements.md §11 "Cart"): one row per customer and part with its quantity; the part's
 * terms (price, breaks, minimum, pack size, stock) are read with the cart every time, never stored in it.
 */
import { unitPriceCents } from '@partsforge/shared';
import { netUnitPriceCents, type ListPrices, type PriceBook } from '../trade-terms/index.js';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { idIn, queryRowsPrepared, type AppDatabase } from '../../db/connect.js';
import { lockCustomer } from '../../db/locks.js';
import { cartLines, parts } from '../../db/schema/index.js';
import { chainEndJson, parseChainEnd, type SupersessionEnd } from '../catalog/index.js';

/** A part's current terms, as the cart prices and checks a line (money in integer cents). */
export interface PartTerms {
  id: string;
  sku: string;
  name: string;
  img: string;
  /** The part's category (a price level may discount it on its own), or null. */
  categoryId: string | null;
  priceCents: number;
  breakQuantities: number[];
  breakPricesCents: number[];
  minqty: number;
  packSize: number;
  available: number;
  /** The refundable core deposit per unit, integer cents (0: none; docs/requirements.md §17), never discounted. */
  coreChargeCents: number;
  /** The weight of one unit in grams (docs/requirements.md §16): a checkout weighs its cart with it. */
  weightGrams: number;
  /**
   * The part to buy instead, the end of the part's supersession chain (docs/requirements.md §17), or null while
   * the part is current; `replacementSku` is its SKU (null alike), which makes any quantity a problem.
   */
  replacement: SupersessionEnd | null;
  replacementSku: string | null;
}

/** A stored cart line with its part's current terms. */
export interface StoredCartLine {
  quantity: number;
  part: PartTerms;
}

/** The columns of a part's terms (PartTerms), for a select. */
export const partTermsColumns = {
  id: parts.id,
  sku: parts.sku,
  name: parts.name,
  img: parts.img,
  categoryId: parts.categoryId,
  priceCents: parts.priceCents,
  breakQuantities: parts.breakQuantities,
  breakPricesCents: parts.breakPricesCents,
  minqty: parts.minqty,
  packSize: parts.packSize,
  available: parts.available,
  coreChargeCents: parts.coreChargeCents,
  weightGrams: parts.weightGrams,
  replacement: chainEndJson().mapWith((value: string | null) => parseChainEnd(value)),
  replacementSku: sql<string | null>`(${chainEndJson()})::json->>'sku'`,
};

/** What pricing needs of a part as stored (its list price and breaks in cents, its category), for a price book. */
export function partListPrices(
  part: Pick<PartTerms, 'id' | 'categoryId' | 'priceCents' | 'breakQuantities' | 'breakPricesCents'>,
): ListPrices {
  return {
    partId: part.id,
    categoryId: part.categoryId,
    priceCents: part.priceCents,
    breaks: part.breakQuantities.map((minQuantity, index) => ({
      minQuantity,
      priceCents: part.breakPricesCents[index]!,
    })),
  };
}

/**
 * The unit price in cents of `quantity` units of a part as stored (its base price and break arrays): the price of
 * its quantity break (docs/requirements.md §11), as `book`'s buyer pays it (their level's discount or contract
 * price, docs/requirements.md §15). `book` null or omitted: the list price.
 */
export function partPriceCents(
  part: Pick<PartTerms, 'id' | 'categoryId' | 'priceCents' | 'breakQuantities' | 'breakPricesCents'>,
  quantity: number,
  book: PriceBook | null = null,
): number {
  if (book) return netUnitPriceCents(book, partListPrices(part), quantity);
  return unitPriceCents(
    quantity,
    part.priceCents,
    part.breakQuantities.map((minQuantity, index) => ({
      minQuantity,
      priceCents: part.breakPricesCents[index]!,
    })),
  );
}

/**
 * A DELETE of the customer's cart lines, for a data-modifying WITH item of the statement that places the cart as an
 * order (docs/decisions/022-order-path-and-mail-outbox.md): runs once for each row of `when` (a WITH item of one
 * row, or none: the cart stays).
 */
export function clearCartSql(userId: string, when: SQL): SQL {
  return sql`delete from ${cartLines} where ${cartLines.userId} = ${userId} and exists (select from ${when})`;
}

/** Cart reads and writes on one database (pass a transaction to combine them). */
export interface CartRepository {
  /** The customer's lines in the order they were first added. */
  read(userId: string): Promise<StoredCartLine[]>;
  /**
   * read, with the lines' part rows locked in id order until the transaction ends (a checkout: its parts' stock is
   * read under the lock its order takes). Only inside a transaction.
   */
  readLocked(userId: string): Promise<StoredCartLine[]>;
  /**
   * Sets the quantities of `lines` (adding the parts not in the cart yet, after the others and in the order
   * given), in one statement.
   */
  upsert(userId: string, lines: readonly { partId: string; quantity: number }[]): Promise<void>;
  /** Removes one line; a part not in the cart changes nothing. */
  remove(userId: string, partId: string): Promise<void>;
  /** Removes every line. */
  clear(userId: string): Promise<void>;
  /**
   * Takes the customer's lock (db/locks.ts) until the transaction ends, so read-modify-write changes of one cart
   * (an import, a merge, a checkout) run one at a time. Only inside a transaction.
   */
  lock(userId: string): Promise<void>;
  /** Parts by id. */
  partsById(ids: readonly string[]): Promise<PartTerms[]>;
  /**
   * Parts by SKU: exactly as written first, then ignoring case and separators ("brk 1001" finds "BRK-1001").
   * Returns each given SKU with its part.
   */
  partsBySku(skus: readonly string[]): Promise<Map<string, PartTerms>>;
}

/** Lower case without separators, as the parts table's sku_normalized column. */
export function normalizeSku(sku: string): string {
  return sku.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** One cart line as `cartQuery` aggregates it: the part's terms in `partTermsColumns` order, then the quantity. */
type CartLineTuple = [
  string,
  string,
  string,
  string,
  string | null,
  number,
  number[],
  number[],
  number,
  number,
  number,
  number,
  string | null,
  number,
  number,
];

/** A cart line's values in CartLineTuple order (the part's terms, the quantity, its chain end, core, weight). */
const cartLineValues = (): SQL[] => [
  sql`${parts.id}`,
  sql`${parts.sku}`,
  sql`${parts.name}`,
  sql`${parts.img}`,
  sql`${parts.categoryId}`,
  sql`${parts.priceCents}`,
  sql`${parts.breakQuantities}`,
  sql`${parts.breakPricesCents}`,
  sql`${parts.minqty}`,
  sql`${parts.packSize}`,
  sql`${parts.available}`,
  sql`${cartLines.quantity}`,
  chainEndJson(),
  sql`${parts.coreChargeCents}`,
  sql`${parts.weightGrams}`,
];

/**
 * The customer's lines as one JSON array of tuples, in the order they were added: one value for the driver to
 * hand over and one JSON.parse, instead of 200 rows of typed columns and arrays to convert (a 200-line cart is
 * read on every cart page and checkout).
 */
function cartQuery(db: AppDatabase) {
  return db
    .select({
      lines: sql<string>`coalesce(json_agg(json_build_array(${sql.join(cartLineValues(), sql`, `)}) order by ${cartLines.addedAt}, ${cartLines.partId})::text, '[]')`,
    })
    .from(cartLines)
    .innerJoin(parts, eq(parts.id, cartLines.partId))
    .where(eq(cartLines.userId, sql.placeholder('userId')));
}

/**
 * cartQuery with the lines' part rows locked (`for no key update`) in id order until the transaction ends: the
 * stock lock order of the inventory module (decision 022), taken by the read itself, so a checkout reads each
 * part's stock as it is under its lock and needs no statement of its own to lock them.
 */
function lockedCartQuery(userId: string): SQL {
  const values = cartLineValues();
  return sql`select coalesce(json_agg(json_build_array(${sql.raw(values.map((_, index) => `line.v${index}`).join(', '))})
      order by line.added_at, line.v0)::text, '[]') as lines
    from (
      select ${sql.join(
        values.map((value, index) => sql`${value} as ${sql.raw(`v${index}`)}`),
        sql`, `,
      )}, ${cartLines.addedAt} as added_at
      from ${cartLines} inner join ${parts} on ${parts.id} = ${cartLines.partId}
      where ${cartLines.userId} = ${userId}
      order by ${parts.id}
      for no key update of ${parts}
    ) as line`;
}

/** The stored lines of `cartQuery`'s answer. */
function toStoredLines(json: string): StoredCartLine[] {
  return (JSON.parse(json) as CartLineTuple[]).map(
    ([
      id,
      sku,
      name,
      img,
      categoryId,
      priceCents,
      breakQuantities,
      breakPricesCents,
      minqty,
      packSize,
      available,
      quantity,
      chainEnd,
      coreChargeCents,
      weightGrams,
    ]) => ({
      quantity,
      part: {
        id,
        sku,
        name,
        img,
        categoryId,
        priceCents,
        breakQuantities,
        breakPricesCents,
        minqty,
        packSize,
        available,
        coreChargeCents,
        weightGrams,
        ...replacementOf(parseChainEnd(chainEnd)),
      },
    }),
  );
}

/** A part's replacement fields (PartTerms) of its chain's end. */
function replacementOf(replacement: SupersessionEnd | null) {
  return { replacement, replacementSku: replacement?.sku ?? null };
}

/**
 * Builds the cart repository on `db`. With `prepared` (the app's own database, not a transaction), the cart read
 * is a prepared statement, planned once per connection; the locked cart read and partsById always are (their text
 * never changes, so one name serves the pool and transactions alike). Database errors propagate.
 */
export function createCartRepository(db: AppDatabase, { prepared = false } = {}): CartRepository {
  const readCart = prepared ? cartQuery(db).prepare('cart_read') : undefined;
  return {
    async read(userId) {
      const [row] = await (readCart ?? cartQuery(db)).execute({ userId });
      return toStoredLines(row?.lines ?? '[]');
    },

    async readLocked(userId) {
      const [row] = await queryRowsPrepared<{ lines: string }>(
        db,
        'cart_read_locked',
        lockedCartQuery(userId),
      );
      return toStoredLines(row?.lines ?? '[]');
    },

    async upsert(userId, lines) {
      if (lines.length === 0) return;
      // New lines are stamped a millisecond apart, so the cart lists them in the order given.
      const now = Date.now();
      await db
        .insert(cartLines)
        .values(
          lines.map(({ partId, quantity }, index) => ({
            userId,
            partId,
            quantity,
            addedAt: new Date(now + index),
          })),
        )
        .onConflictDoUpdate({
          target: [cartLines.userId, cartLines.partId],
          set: { quantity: sql`excluded.quantity` },
        });
    },

    async remove(userId, partId) {
      await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.partId, partId)));
    },

    async clear(userId) {
      await db.delete(cartLines).where(eq(cartLines.userId, userId));
    },

    lock(userId) {
      return lockCustomer(db, userId);
    },

    partsById(ids) {
      if (ids.length === 0) return Promise.resolve([]);
      // Prepared and planned once per connection, whatever the number of ids: its supersession subqueries cost more
      // to plan than to run.
      return db
        .select(partTermsColumns)
        .from(parts)
        .where(idIn(parts.id))
        .prepare('cart_parts_by_id')
        .execute({ ids: [...ids] });
    },

    async partsBySku(skus) {
      const found = new Map<string, PartTerms>();
      if (skus.length === 0) return found;
      const exact = await db
        .select(partTermsColumns)
        .from(parts)
        .where(inArray(parts.sku, [...new Set(skus)]));
      const bySku = new Map(exact.map((part) => [part.sku, part]));
      const rest = [...new Set(skus.filter((sku) => !bySku.has(sku)).map(normalizeSku))].filter(Boolean);
      const loose = rest.length
        ? await db
            .select({ ...partTermsColumns, normalized: parts.skuNormalized })
            .from(parts)
            .where(inArray(parts.skuNormalized, rest))
            .orderBy(asc(parts.sku))
        : [];
      const byNormalized = new Map<string, PartTerms>();
      for (const { normalized, ...part } of loose)
        if (!byNormalized.has(normalized)) byNormalized.set(normalized, part);
      for (const sku of skus) {
        const part = bySku.get(sku) ?? byNormalized.get(normalizeSku(sku));
        if (part) found.set(sku, part);
      }
      return found;
    },
  };
}
