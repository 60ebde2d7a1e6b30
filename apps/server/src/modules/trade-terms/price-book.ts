/**
 * A buyer's prices (docs/requirements.md §15 "Price levels and contract prices"; docs/decisions/027-trade-terms.md).
 * A member of a company with terms buys at its price level (a discount off the list price and off every quantity
 * break price, some categories their own discount) unless the company has a contract price for the part, which then
 * is the price at every quantity (breaks do not lower it). Everyone else pays list prices.
 *
 * `createPriceBooks(db)` finds a buyer's book with one indexed read (user -> company terms -> level versions) and keeps
 * the books in process, rebuilt when a version read shows the company's terms, contract prices or level changed
 * (every process sees an admin's change at its next read). Money is integer cents; discounts are basis points.
 */
import {
  toCents,
  toDollars,
  unitPriceCents,
  type Part,
  type PaymentTerms,
  type PriceBreakCents,
} from '@partsforge/shared';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppDatabase } from '../../db/connect.js';
import {
  companyMembers,
  companyPrices,
  companyTerms,
  priceLevels,
  type CompanyTermsRow,
} from '../../db/schema/index.js';
import { tradeTermsOf } from './terms-reads.js';

/** A company's terms as the order path and the statements use them. */
export interface TradeTerms {
  companyId: string;
  priceLevel: string;
  paymentTerms: PaymentTerms;
  creditLimitCents: number;
  taxExempt: boolean;
  resaleCertificate: string | null;
}

/** A buyer's prices: their company's terms, level discounts and contract prices. */
export interface PriceBook {
  readonly terms: TradeTerms;
  /** Identifies this book's contents: equal keys price alike (company, its prices version, its level's version). */
  readonly key: string;
  /** The level's discount of a category in basis points (the level's own unless the category has one). */
  discountOf(categoryId: string | null): number;
  /** Contract prices in cents by part `_id`. */
  readonly contractPrices: ReadonlyMap<string, number>;
}

/** What pricing needs of a part: its `_id`, category, list price and list quantity breaks (cents). */
export interface ListPrices {
  partId: string;
  categoryId: string | null;
  priceCents: number;
  breaks: readonly PriceBreakCents[];
}

/** `cents` less `basisPoints` (rounded half up), never below 1 cent (order lines keep positive prices). */
export function discounted(cents: number, basisPoints: number): number {
  if (basisPoints === 0) return cents;
  return Math.max(1, Math.round((cents * (10_000 - basisPoints)) / 10_000));
}

/**
 * The buyer's base price and quantity breaks of a part (cents): the contract price alone when there is one, else
 * the level's discount applied to the list price and each break. `book` null: list prices.
 */
export function netPrices(
  book: PriceBook | null,
  part: ListPrices,
): { priceCents: number; breaks: PriceBreakCents[] } {
  if (!book) return { priceCents: part.priceCents, breaks: [...part.breaks] };
  const contract = book.contractPrices.get(part.partId);
  if (contract !== undefined) return { priceCents: contract, breaks: [] };
  const basisPoints = book.discountOf(part.categoryId);
  return {
    priceCents: discounted(part.priceCents, basisPoints),
    breaks: part.breaks.map((tier) => ({
      minQuantity: tier.minQuantity,
      priceCents: discounted(tier.priceCents, basisPoints),
    })),
  };
}

/** The buyer's unit price in cents of `quantity` units of a part (its break at that quantity, after terms). */
export function netUnitPriceCents(book: PriceBook | null, part: ListPrices, quantity: number): number {
  const { priceCents, breaks } = netPrices(book, part);
  return unitPriceCents(quantity, priceCents, breaks);
}

/**
 * A part answer as `book`'s buyer sees it: `price`/`priceBreaks` theirs, `listPrice`/`listPriceBreaks` the list
 * ones (dollars). `book` null: the part unchanged (visitors and customers without terms see list prices only).
 */
export function pricePart(book: PriceBook | null, part: Part): Part {
  if (!book) return part;
  const { priceCents, breaks } = netPrices(book, {
    partId: part._id,
    categoryId: part.category,
    priceCents: toCents(part.price),
    breaks: part.priceBreaks.map((tier) => ({
      minQuantity: tier.minQuantity,
      priceCents: toCents(tier.price),
    })),
  });
  return {
    ...part,
    price: toDollars(priceCents),
    priceBreaks: breaks.map((tier) => ({ minQuantity: tier.minQuantity, price: toDollars(tier.priceCents) })),
    listPrice: part.price,
    listPriceBreaks: part.priceBreaks,
  };
}

/** Finds buyers' price books. */
export interface PriceBooks {
  /**
   * The price book of `userId` (their company's terms), or null when they buy at list prices: not a member, or the
   * company has no terms. One indexed read; the contract prices are read again only after they changed. `db` may be
   * a transaction (the order path reads the book it prices and checks credit with).
   */
  forUser(userId: string, db?: AppDatabase): Promise<PriceBook | null>;
}

/** Books kept per company: at most this many (a book holds up to MAX_CONTRACT_PRICES prices). */
const KEPT_BOOKS = 500;

/** The price books of `db`'s buyers, kept in this process (see the module's docstring). */
export function createPriceBooks(db: AppDatabase): PriceBooks {
  const kept = new LRUCache<string, PriceBook>({ max: KEPT_BOOKS });

  async function build(executor: AppDatabase, terms: CompanyTermsRow, key: string): Promise<PriceBook> {
    const [[level], contracts] = await Promise.all([
      executor
        .select({
          discountBasisPoints: priceLevels.discountBasisPoints,
          categoryDiscounts: priceLevels.categoryDiscounts,
        })
        .from(priceLevels)
        .where(eq(priceLevels.code, terms.priceLevel)),
      executor
        .select({ partId: companyPrices.partId, priceCents: companyPrices.priceCents })
        .from(companyPrices)
        .where(eq(companyPrices.companyId, terms.companyId)),
    ]);
    const base = level?.discountBasisPoints ?? 0;
    const byCategory = new Map((level?.categoryDiscounts ?? []).map((c) => [c.categoryId, c.basisPoints]));
    return {
      key,
      terms: tradeTermsOf(terms),
      discountOf: (categoryId) => (categoryId === null ? base : (byCategory.get(categoryId) ?? base)),
      contractPrices: new Map(contracts.map((c) => [c.partId, c.priceCents])),
    };
  }

  /** The buyer's terms and level version: a member's, or none (on `executor`). */
  const termsOf = (executor: AppDatabase) =>
    executor
      .select({ terms: companyTerms, levelVersion: priceLevels.version })
      .from(companyMembers)
      .innerJoin(companyTerms, eq(companyTerms.companyId, companyMembers.companyId))
      .innerJoin(priceLevels, eq(priceLevels.code, companyTerms.priceLevel))
      .where(eq(companyMembers.userId, sql.placeholder('userId')));
  // On the pool (every cart and member catalogue read), planned once per connection.
  const termsOnPool = termsOf(db).prepare('price_book_terms_of_user');

  return {
    async forUser(userId, executor = db) {
      const [row] = await (
        executor === db ? termsOnPool : termsOf(executor).prepare('price_book_terms_of_user')
      ).execute({
        userId,
      });
      if (!row) return null;
      const { terms } = row;
      const key = `${terms.companyId}:${terms.pricesVersion}:${row.levelVersion}`;
      const found = kept.get(terms.companyId);
      // Terms other than prices (credit limit, tax exemption) come fresh from this read; prices from the kept book.
      if (found?.key === key) return { ...found, terms: tradeTermsOf(terms) };
      const book = await build(executor, terms, key);
      kept.set(terms.companyId, book);
      return book;
    },
  };
}
