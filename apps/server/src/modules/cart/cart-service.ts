/**
 * Cart use cases (docs/requirements.md §11 "Cart" and "Quick order"): read the cart with today's prices, set or
 * remove a line, import lines by SKU, merge a visitor's browser cart at sign-in, and add an order's lines again
 * (reorder). Every quantity is checked against the part's minimum, pack size and stock (shared pricing rules);
 * every price is the server's, at the line's quantity. Changes that read before they write hold the customer's
 * cart lock, so two at once cannot lose one another's lines. Money: integer cents inside, dollars in DTOs.
 */
import {
  MAX_CART_LINES,
  MAX_IMPORT_LINES,
  ORDER_QUANTITY_MAX,
  apiErrorCodes,
  isId,
  messages,
  quantityProblem,
  quantityProblemMessage,
  toDollars,
  type Cart,
  type CartChangeResult,
  type CartLineResult,
} from '@partsforge/shared';
import type { AppDatabase } from '../../db/connect.js';
import { ConflictError, HttpError, NotFoundError } from '../../lib/http-errors.js';
import {
  createCartRepository,
  partPriceCents,
  type CartRepository,
  type PartTerms,
  type StoredCartLine,
} from './cart-repository.js';
import { parseQuickOrder } from './quick-order.js';
import type { PriceBook, PriceBooks } from '../trade-terms/index.js';

/**
 * The Cart DTO of stored lines (dollars; `problem` says what a line breaks now, e.g. stock that fell), priced as
 * `book`'s buyer pays (docs/requirements.md §15: `unitPrice` theirs and `listUnitPrice` the list one when they have
 * a book; list prices alone without one), with each line's core charge and their core deposits, never discounted
 * (docs/requirements.md §17).
 */
export function toCart(lines: readonly StoredCartLine[], book: PriceBook | null = null): Cart {
  let subtotalCents = 0;
  let coreTotalCents = 0;
  const dto = lines.map(({ quantity, part }) => {
    const unitCents = partPriceCents(part, quantity, book);
    subtotalCents += unitCents * quantity;
    coreTotalCents += part.coreChargeCents * quantity;
    const problem = quantityProblem(quantity, part);
    return {
      partId: part.id,
      sku: part.sku,
      name: part.name,
      img: part.img,
      quantity,
      unitPrice: toDollars(unitCents),
      lineTotal: toDollars(unitCents * quantity),
      ...(book ? { listUnitPrice: toDollars(partPriceCents(part, quantity)) } : {}),
      minqty: part.minqty,
      packSize: part.packSize,
      available: part.available,
      problem: problem ? quantityProblemMessage(problem, part) : null,
      coreCharge: toDollars(part.coreChargeCents),
    };
  });
  return { lines: dto, subtotal: toDollars(subtotalCents), coreTotal: toDollars(coreTotalCents) };
}

/** One line to add: where it came from (`line`, 1-based), its part (by id or SKU) and quantity. */
export interface LineRequest {
  line: number;
  sku: string;
  partId?: string | null;
  quantity: number | null;
  /** Why the line was refused before its part was looked up (unreadable quantity). */
  error?: string;
  /** A message to add to an accepted line (e.g. a price that changed since the order). */
  note?: (part: PartTerms, unitCents: number) => string | undefined;
}

/**
 * How a line meets a part already in the cart: 'add' adds the quantities (import, reorder), 'max' keeps the
 * larger (merging a browser cart that may already have been merged once).
 */
export type CombineMode = 'add' | 'max';

/** Cart use cases; each throws HttpError subclasses the error handler answers with. */
export interface CartService {
  get(userId: string): Promise<Cart>;
  /**
   * Sets the quantity of one part's line (adding it): 404 unknown part, 409 PART_SUPERSEDED for a superseded part
   * (the message names its replacement, docs/requirements.md §17), 400 VALIDATION_FAILED below the minimum,
   * 400 NOT_PACK_MULTIPLE, 409 above the stock, 409 CART_FULL for a new line in a full cart.
   */
  setLine(userId: string, partId: string, quantity: number): Promise<Cart>;
  removeLine(userId: string, partId: string): Promise<Cart>;
  clear(userId: string): Promise<Cart>;
  /** Quick order: parses `text` (quick-order.ts) and adds its lines; with `dryRun` only previews. */
  importText(userId: string, text: string, options: { dryRun: boolean }): Promise<CartChangeResult>;
  /**
   * Adds `requests` to the cart: duplicates of one part merge into its first line (whose result shows the merged
   * quantity, "Lines 1 and 2 merged: 121 in all", and the reason when that total breaks a rule; the others say
   * which line they merged into), each resulting quantity is checked, and the lines that pass are written in one
   * transaction (none when `dryRun`). A line refused for its quantity still names its part when it is known.
   * A line of a superseded part adds the end of its chain instead, under that part's own rules: its result is
   * `replaced`, names the replacement (`sku`, `partId`) and the old SKU (`replacedSku`), "Replaced by BP-NEW-2"
   * (docs/requirements.md §17). Never throws for a bad line: each gets its own result.
   */
  addLines(
    userId: string,
    requests: readonly LineRequest[],
    options: { mode: CombineMode; dryRun?: boolean },
  ): Promise<CartChangeResult>;
}

/**
 * Builds the service on `db`. With `priceBooks`, every price is the buyer's (their company's terms,
 * docs/requirements.md §15); without, list prices.
 */
export function createCartService(db: AppDatabase, priceBooks?: PriceBooks): CartService {
  const repository = createCartRepository(db, { prepared: true });
  /** The buyer's price book (null: list prices), read beside the cart so a cart read waits for one round trip. */
  const bookOf = (userId: string) => (priceBooks ? priceBooks.forUser(userId) : Promise.resolve(null));
  const get = async (userId: string) => {
    const [lines, book] = await Promise.all([repository.read(userId), bookOf(userId)]);
    return toCart(lines, book);
  };
  /** Runs `work` on the cart repository of a transaction that holds the customer's lock. */
  const locked = <T>(userId: string, work: (cart: CartRepository) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const cart = createCartRepository(tx as unknown as AppDatabase);
      await cart.lock(userId);
      return work(cart);
    });

  return {
    get,

    async setLine(userId, partId, quantity) {
      const [part] = isId(partId) ? await repository.partsById([partId]) : [];
      if (!part) throw new NotFoundError(messages.errors.partNotFound);
      if (part.replacementSku)
        throw new ConflictError(
          messages.supersessionPages.partSuperseded(part.sku, part.replacementSku),
          apiErrorCodes.partSuperseded,
        );
      const problem = quantityProblem(quantity, part);
      if (problem) {
        const message = quantityProblemMessage(problem, part);
        if (problem === 'above-stock') throw new ConflictError(message);
        throw new HttpError(
          400,
          message,
          problem === 'not-pack-multiple' ? apiErrorCodes.notPackMultiple : apiErrorCodes.validationFailed,
        );
      }
      await locked(userId, async (cart) => {
        const lines = await cart.read(userId);
        if (lines.length >= MAX_CART_LINES && !lines.some((line) => line.part.id === partId))
          throw new ConflictError(messages.cart.full(MAX_CART_LINES), apiErrorCodes.cartFull);
        await cart.upsert(userId, [{ partId, quantity }]);
      });
      return get(userId);
    },

    async removeLine(userId, partId) {
      if (isId(partId)) await locked(userId, (cart) => cart.remove(userId, partId));
      return get(userId);
    },

    async clear(userId) {
      await locked(userId, (cart) => cart.clear(userId));
      return get(userId);
    },

    async importText(userId, text, { dryRun }) {
      const parsed = parseQuickOrder(text);
      const results: CartLineResult[] = parsed.slice(MAX_IMPORT_LINES).map(({ line, sku, quantity }) => ({
        line,
        sku,
        quantity,
        status: 'error',
        message: messages.cart.tooManyLines(MAX_IMPORT_LINES),
      }));
      const answer = await this.addLines(
        userId,
        parsed.slice(0, MAX_IMPORT_LINES).map(({ line, sku, quantity, error }) => ({
          line,
          sku,
          quantity,
          ...(error ? { error } : {}),
        })),
        { mode: 'add', dryRun },
      );
      return { cart: answer.cart, results: [...answer.results, ...results] };
    },

    async addLines(userId, requests, { mode, dryRun = false }) {
      const book = await bookOf(userId);
      return locked(userId, async (cart) => {
        const byId = new Map(
          (await cart.partsById(requests.flatMap((r) => (r.partId && isId(r.partId) ? [r.partId] : [])))).map(
            (part) => [part.id, part],
          ),
        );
        const bySku = await cart.partsBySku(
          requests.flatMap((r) => (r.partId === undefined && r.sku ? [r.sku] : [])),
        );
        // Superseded parts give way to their chain's end, read with its own terms.
        const replacements = new Map(
          (
            await cart.partsById([
              ...new Set(
                [...byId.values(), ...bySku.values()].flatMap((part) =>
                  part.replacement ? [part.replacement._id] : [],
                ),
              ),
            ])
          ).map((part) => [part.id, part]),
        );
        const replaced = new Set<CartLineResult>();
        const current = await cart.read(userId);
        const inCart = new Map(current.map((line) => [line.part.id, line.quantity]));

        // Resolve parts and merge duplicates into the first line of each part.
        const results: CartLineResult[] = [];
        const firstOf = new Map<string, { result: CartLineResult; request: LineRequest; part: PartTerms }>();
        const duplicatesOf = new Map<string, CartLineResult[]>();
        for (const request of requests) {
          const { line, sku, quantity } = request;
          const result: CartLineResult = { line, sku, quantity, status: 'error' };
          results.push(result);
          const asked =
            request.partId === undefined
              ? bySku.get(sku)
              : request.partId
                ? byId.get(request.partId)
                : undefined;
          const part = asked?.replacement ? replacements.get(asked.replacement._id) : asked;
          if (asked?.replacement) {
            result.replacedSku = asked.sku;
            if (part) replaced.add(result);
          }
          // A line refused for its quantity still names its part when the SKU is known.
          if (part) Object.assign(result, { partId: part.id, name: part.name, sku: part.sku });
          if (request.error || quantity === null) {
            result.message = request.error ?? messages.cart.badQuantity;
            continue;
          }
          if (!part) {
            result.message =
              request.partId === undefined ? messages.cart.unknownSku(sku) : messages.cart.partGone;
            continue;
          }
          const first = firstOf.get(part.id);
          if (first) {
            first.result.quantity! += quantity;
            duplicatesOf.get(part.id)!.push(result);
          } else {
            firstOf.set(part.id, { result, request, part });
            duplicatesOf.set(part.id, []);
          }
        }

        // Check each part's resulting quantity; keep the lines that pass, within the cart's size.
        const writes: { partId: string; quantity: number }[] = [];
        let lineCount = current.length;
        for (const [partId, { result, request, part }] of firstOf) {
          const quantity = result.quantity!;
          const existing = inCart.get(partId) ?? 0;
          const target = mode === 'add' ? existing + quantity : Math.max(existing, quantity);
          // The unit price the cart will charge: that of the line's quantity once in the cart.
          const unitCents = partPriceCents(part, target, book);
          result.unitPrice = toDollars(unitCents);
          result.lineTotal = toDollars(unitCents * quantity);
          if (book) result.listUnitPrice = toDollars(partPriceCents(part, target));
          const problem = quantityProblem(target, part);
          if (target > ORDER_QUANTITY_MAX)
            result.message = messages.validation.atMost('Quantity', ORDER_QUANTITY_MAX);
          else if (problem) result.message = quantityProblemMessage(problem, part);
          else if (!inCart.has(partId) && lineCount >= MAX_CART_LINES)
            result.message = messages.cart.full(MAX_CART_LINES);
          else {
            result.status = replaced.has(result) ? 'replaced' : 'added';
            const note = request.note?.(part, partPriceCents(part, quantity, book));
            result.message =
              [replaced.has(result) ? messages.supersessionPages.replacedBy(part.sku) : undefined, note]
                .filter(Boolean)
                .join('. ') || undefined;
            if (!inCart.has(partId)) lineCount += 1;
            if (target !== existing) writes.push({ partId, quantity: target });
          }
          // Merged lines: the first shows the merged total and carries the reason (it is the total's, not the
          // first line's own quantity's); each other line points at it.
          const duplicates = duplicatesOf.get(partId)!;
          if (duplicates.length > 0)
            result.message = [
              messages.cart.mergedLines([result.line, ...duplicates.map(({ line }) => line)], quantity),
              result.message,
            ]
              .filter(Boolean)
              .join('. ');
          for (const duplicate of duplicates) {
            duplicate.status =
              result.status === 'error' ? 'error' : replaced.has(duplicate) ? 'replaced' : 'added';
            duplicate.message = [
              replaced.has(duplicate) ? messages.supersessionPages.replacedBy(part.sku) : undefined,
              messages.cart.duplicateMerged(String(result.line)),
            ]
              .filter(Boolean)
              .join('. ');
          }
        }
        if (!dryRun) await cart.upsert(userId, writes);
        return { cart: toCart(await cart.read(userId), book), results };
      });
    },
  };
}
