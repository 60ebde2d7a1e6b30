/**
 * The order rules (docs/design.md items 1-4, "Payments"; docs/decisions/008, 012 and 022): placing reserves stock
 * atomically, one order in one statement, the same way for POST /order's one line and the cart's checkout (at most
 * `maxUnpaidOrders` unpaid orders per customer, once per Idempotency-Key, no total above one card payment), cancelling
 * returns it, an unpaid order holds its stock for `holdMinutes` and then expires, payment is confirmed with the
 * provider, a payment that arrives for an order no longer payable is refunded, and the status moves only along
 * unpaid -> pending (paid) -> shipped, unpaid -> cancelled or unpaid -> expired. Every stock change is told
 * to CatalogChanges after its transaction commits. Money: integer cents
 * inside, dollars in DTOs.
 */
import {
  apiErrorCodes,
  isId,
  messages,
  normalizeEmail,
  quantityProblemMessage,
  taxCents,
  toDollars,
  type CartChangeResult,
  type CheckoutInput,
  type Order,
  type OrderStatusValue,
} from '@partsforge/shared';
import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import type { OrderRow } from '../../db/schema/index.js';
import { clearCartSql, createCartRepository, type CartService, type PartTerms } from '../cart/index.js';
import { ConflictError, ForbiddenError, HttpError, NotFoundError } from '../../lib/http-errors.js';
import type { CatalogChanges } from '../catalog/index.js';
import type { Page } from '../../lib/page.js';
import type { AuthUser } from '../identity/index.js';
import { deleteExpiredIdempotencyKeys, requestFingerprint, runIdempotently } from '../../lib/idempotency.js';
import { shopMetrics } from '../../lib/metrics.js';
import {
  MAX_CARD_PAYMENT_CENTS,
  paymentIdempotencyKey,
  refundIdempotencyKey,
  type PaymentIntentInfo,
  type PaymentProvider,
} from '../payments/index.js';
import { saveContactDetails } from '../profiles/index.js';
import type { OrderMailer } from './order-mail.js';
import {
  admitUnpaidOrder,
  createOrderRepository,
  ORDER_NUMBER_PLACEHOLDER,
  priceLines,
  toOrder,
  writeOrder,
  type LineProblem,
  type NewOrderLine,
  type PlacedOrder,
  type StoredOrder,
} from './order-repository.js';
import type { OrderCursor, OrderFilters } from './order-filters.js';

/** Where and for whom an order goes, as the buyer gives it (validated by the route's schema). */
interface OrderDetails {
  phone?: string | undefined;
  address: string;
  poNumber?: string | undefined;
  note?: string | undefined;
}

/** The purchase as the service takes it (already validated by placeOrderSchema). */
export interface PlaceOrder {
  productId: string;
  quantity: number;
  phone?: string | undefined;
  address: string;
}

/** Order use cases; each throws HttpError subclasses the error handler answers with. */
export interface OrderService {
  /**
   * Reserves stock and stores an unpaid order at the unit price of its quantity (quantity breaks), its total
   * the lines plus tax at `taxRateBasisPoints` (docs/requirements.md §13): a one-line checkout. 404 unknown
   * part, 400 below minqty, 400 NOT_PACK_MULTIPLE for a quantity that is not whole packs, 409 above the stock,
   * with `maxUnpaidOrders` unpaid orders already (TOO_MANY_UNPAID_ORDERS) or above one card payment
   * (AMOUNT_TOO_LARGE_FOR_CARD, before any stock is held). With `idempotencyKey`, a repeat
   * of the same request returns the first order (`replayed`), another request with the key is 422.
   */
  placeOrder(
    user: AuthUser,
    input: PlaceOrder,
    options?: { idempotencyKey?: string | undefined },
  ): Promise<{ orderId: string; replayed: boolean }>;
  /**
   * Places one order of every line in the customer's cart (docs/requirements.md §11 "Checkout"), reserving all
   * the stock or none, and empties the cart in the same transaction; saves the address and phone to the
   * profile when asked. 400 CART_EMPTY; 409 LINES_UNAVAILABLE with `lines` [{ partId, message }] when any line
   * cannot be had as it is (nothing changes); 409 TOO_MANY_UNPAID_ORDERS; 409 AMOUNT_TOO_LARGE_FOR_CARD above one
   * card payment (MAX_CARD_PAYMENT_CENTS), before any stock is held. With `idempotencyKey`, a repeat
   * returns the first order (`replayed`).
   */
  checkout(
    user: AuthUser,
    input: CheckoutInput,
    options?: { idempotencyKey?: string | undefined },
  ): Promise<{ order: Order; replayed: boolean }>;
  /**
   * Adds the lines of an order (its customer's, or any for an admin) to the caller's cart at today's terms;
   * lines whose part is gone or whose quantity no longer passes are reported, and a changed unit price is
   * noted. 404, 403 as getOrder.
   */
  reorder(user: AuthUser, orderId: string): Promise<CartChangeResult>;
  /**
   * Expires every unpaid order older than the hold, returning its stock; returns how many expired. Also drops
   * idempotency keys past their 24 hours.
   */
  expireStaleOrders(): Promise<number>;
  /** The caller's own orders (403 for another email), newest first, cancelled ones left out. */
  listOwnOrders(user: AuthUser, email: string | undefined, page: PageInput): Promise<Page<Order>>;
  /**
   * The admin's order list (the route checks the role): the orders `filters` match (docs/requirements.md §13
   * "Finding things"; without filters every order but cancelled ones, newest first), one page and the total.
   */
  listAllOrders(page: PageInput, filters?: OrderFilters): Promise<Page<Order>>;
  /**
   * Every order `filters` match (docs/requirements.md §13: the CSV export), in their order, as chunks of at most
   * `chunkSize` rows, each read when the consumer asks for it (constant memory whatever the list's length).
   */
  exportOrders(filters: OrderFilters, chunkSize?: number): AsyncGenerator<OrderRow[]>;
  /** One order for its owner or an admin: 404 unknown (or malformed id), 403 someone else's. */
  getOrder(user: AuthUser, id: string): Promise<Order>;
  /** Cancels the owner's unpaid order and returns its stock: 404, 403, 409 when not unpaid. */
  cancelOrder(user: AuthUser, id: string): Promise<{ deletedCount: number; productName: string }>;
  /**
   * Creates (idempotently) the provider's payment intent for the owner's unpaid order's stored amount; 409
   * ORDER_NOT_PAYABLE when it is cancelled, expired (its hold ran out) or already paid.
   */
  createPaymentIntent(user: AuthUser, orderId: string): Promise<{ clientSecret: string }>;
  /**
   * Marks the owner's order paid with `transactionId` once the provider confirms that this intent succeeded
   * for this order and amount (409 otherwise), issuing its invoice in the same transaction (docs/requirements.md
   * §13). Repeating it for an order already paid with the same id
   * changes nothing (modifiedCount 0). A succeeded payment of an order that is no longer payable is refunded,
   * recorded on the order, and answered 409 ORDER_NOT_PAYABLE saying so.
   */
  confirmPayment(user: AuthUser, orderId: string, transactionId: string): Promise<{ modifiedCount: number }>;
  /**
   * Admin's Mark Shipped: pending -> shipped (409 from any other status), recorded as `actor`'s, with the carrier
   * and tracking number when given (docs/requirements.md §13; blank means none). The one function through which
   * an order becomes shipped (the repository's markShipped, one transaction, which also queues the "order
   * shipped" mail). Returns the updated order.
   */
  markShipped(actor: AuthUser, orderId: string, shipment?: ShipmentInput): Promise<Order>;
  /**
   * Applies a verified provider event (a webhook) once: `payment_intent.succeeded` for an unpaid order's
   * exact amount in USD marks it paid and issues its invoice, like a verified PATCH; for an order no longer
   * payable it refunds the payment and records the refund. A replayed event id changes nothing.
   */
  applyPaymentEvent(provider: string, event: PaymentEvent): Promise<{ duplicate: boolean }>;
}

/** A provider event after signature verification. */
export interface PaymentEvent {
  id: string;
  type: string;
  intent: PaymentIntentInfo | null;
  payload: unknown;
}

export interface PageInput {
  limit: number;
  offset: number;
}

/** What an admin may say when shipping (docs/requirements.md §13): both optional; blank means none. */
export interface ShipmentInput {
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
}

/**
 * Rows per chunk of the CSV export, one query each: a few megabytes held at a time, and few enough queries that
 * an export sorted by total (which sorts the filtered orders again for each chunk) stays quick.
 */
export const EXPORT_CHUNK_ROWS = 5000;

/** What the service needs: the database, the payment provider, the cart, the catalogue cache and the order limits. */
export interface OrderServiceOptions {
  db: AppDatabase;
  payments: PaymentProvider;
  /** Where reorder adds an order's lines. */
  cart: CartService;
  /** Told of every stock change, after its transaction commits. */
  catalogChanges: CatalogChanges;
  /** Minutes an unpaid order holds its stock (config ORDER_HOLD_MINUTES). */
  holdMinutes: number;
  /** Most unpaid orders per customer (config MAX_UNPAID_ORDERS). */
  maxUnpaidOrders: number;
  /** Tax on an order's lines when it is placed, in basis points (config TAX_RATE_PERCENT; docs/requirements.md §13). */
  taxRateBasisPoints: number;
  /** Queues the order's emails in the transactions that place, pay and ship it (order-mail.ts). */
  mailer?: OrderMailer | undefined;
}

/** Builds the service. */
export function createOrderService({
  db,
  payments,
  cart,
  catalogChanges,
  holdMinutes,
  maxUnpaidOrders,
  taxRateBasisPoints,
  mailer,
}: OrderServiceOptions): OrderService {
  const repository = createOrderRepository(db, mailer);
  const holdCutoff = () => new Date(Date.now() - holdMinutes * 60_000);
  /** When the hold of an unpaid order placed at `placedAt` ends. */
  const holdEnd = (placedAt: Date) => new Date(placedAt.getTime() + holdMinutes * 60_000);
  const notPayable = (message: string) => new ConflictError(message, apiErrorCodes.orderNotPayable);

  /** Expires `row` now if its hold ran out and nobody swept it yet; returns the row as it now is. */
  async function current(row: StoredOrder): Promise<StoredOrder> {
    if (!(await expireIfDue(row))) return row;
    return (await repository.findById(row.id)) ?? row;
  }

  /** current() of an order row without its lines and events (a payment's checks need no more). */
  async function currentRow(row: OrderRow): Promise<OrderRow> {
    if (!(await expireIfDue(row))) return row;
    return (await repository.findRowById(row.id)) ?? row;
  }

  /** Expires `row` now if it is unpaid past its hold; true when it did (or another sweep may have). */
  async function expireIfDue(row: OrderRow): Promise<boolean> {
    if (row.status !== 'unpaid' || row.createdAt >= holdCutoff()) return false;
    const { partIds } = await repository.expireUnpaid(holdCutoff(), { orderId: row.id });
    for (const partId of partIds) catalogChanges.stockChanged(partId);
    return true;
  }

  /**
   * Refunds the succeeded `intent` of `row`, an order that can no longer take it, and records the refund;
   * returns the refunded amount in cents. The provider's idempotency key makes a retry refund nothing more.
   */
  async function refund(row: StoredOrder, intent: PaymentIntentInfo): Promise<number> {
    const { id } = await payments.refund({
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      idempotencyKey: refundIdempotencyKey(intent.id),
    });
    await repository.recordRefund(row.id, { refundId: id, refundedCents: intent.amountCents });
    return intent.amountCents;
  }

  const succeededFor = (row: StoredOrder, intent: PaymentIntentInfo | null): intent is PaymentIntentInfo =>
    intent !== null &&
    intent.status === 'succeeded' &&
    intent.orderId === row.id &&
    intent.currency === 'usd';

  const tooLargeForCard = () =>
    new ConflictError(
      messages.payment.amountTooLarge(toDollars(MAX_CARD_PAYMENT_CENTS)),
      apiErrorCodes.amountTooLargeForCard,
    );

  const tooManyUnpaid = () =>
    new ConflictError(messages.orders.tooManyUnpaid(maxUnpaidOrders), apiErrorCodes.tooManyUnpaidOrders);

  /** Thrown out of a placement whose stock was taken by someone else meanwhile (its transaction rolls back). */
  class StockShort extends Error {}

  /**
   * Places `lines` (one per part, priced against `terms` as read) for `user`: the one way an order is placed, for
   * POST /order's one line and the cart's checkout alike (docs/requirements.md §11, docs/decisions/022). Refused,
   * before any stock is held: a line that cannot be had as it is (`problems`), a total above one card payment
   * (AMOUNT_TOO_LARGE_FOR_CARD), `maxUnpaidOrders` unpaid orders already (TOO_MANY_UNPAID_ORDERS; counted in the
   * order's statement, or by the caller that already holds the customer's lock: `admitted`). Throws StockShort when
   * a part's stock fell below a line's quantity between the read and the write. Returns the order as written.
   */
  async function place(
    on: AppDatabase,
    user: AuthUser,
    details: OrderDetails,
    lines: readonly NewOrderLine[],
    terms: ReadonlyMap<string, PartTerms>,
    options: { admitted: boolean; effects?: ((placed: SQL) => SQL)[] },
  ): Promise<{ ok: true; order: Order } | { ok: false; problems: LineProblem[] }> {
    const priced = priceLines(lines, terms);
    if (!priced.ok) return priced;
    // The total is what the customer pays: the lines plus their tax (docs/requirements.md §13).
    const subtotalCents = priced.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const tax = taxCents(subtotalCents, taxRateBasisPoints);
    // An order the shop cannot take payment for is refused before it holds any stock.
    if (subtotalCents + tax > MAX_CARD_PAYMENT_CENTS) throw tooLargeForCard();
    const order: PlacedOrder = {
      id: randomUUID(),
      createdAt: new Date(),
      userId: user.id,
      customerName: user.name,
      email: user.email,
      phone: details.phone || null,
      address: details.address,
      poNumber: details.poNumber || null,
      note: details.note || null,
      taxRateBasisPoints,
      lines: priced.lines,
      quantity: priced.lines.reduce((sum, line) => sum + line.quantity, 0),
      taxCents: tax,
      totalCents: subtotalCents + tax,
    };
    const confirmation = mailer?.confirmation(
      { ...order, subtotalCents, holdUntil: holdEnd(order.createdAt) },
      ORDER_NUMBER_PLACEHOLDER,
    );
    const written = await writeOrder(on, order, {
      ...(options.admitted ? {} : { admit: { maxUnpaid: maxUnpaidOrders, holdCutoff: holdCutoff() } }),
      confirmation,
      effects: options.effects,
    });
    if (!written.ok) {
      if (written.reason === 'too-many-unpaid') throw tooManyUnpaid();
      throw new StockShort();
    }
    const stored: StoredOrder = {
      ...order,
      number: written.number,
      productName: order.lines[0]!.name,
      lineCount: order.lines.length,
      status: 'unpaid',
      paymentIntentId: null,
      transactionId: null,
      updatedAt: order.createdAt,
      paidAt: null,
      refundId: null,
      refundedCents: null,
      refundedAt: null,
      carrier: null,
      trackingNumber: null,
      lines: order.lines.map((line) => ({ ...line, orderId: order.id })),
      events: [
        { id: 0, orderId: order.id, status: 'unpaid', at: order.createdAt, actorName: order.customerName },
      ],
    };
    return { ok: true, order: toOrder(stored, holdMinutes) };
  }

  /** The parts of `ids` as they are now, by id. */
  const partsNow = async (ids: readonly string[]) =>
    new Map((await createCartRepository(db).partsById(ids)).map((part) => [part.id, part]));

  /** What is wrong with `lines` now that a placement found a part short (read again, outside its transaction). */
  async function shortLines(lines: readonly NewOrderLine[]): Promise<LineProblem[]> {
    const terms = await partsNow(lines.map((line) => line.partId));
    const checked = priceLines(lines, terms);
    if (!checked.ok) return checked.problems;
    // Back in stock since: say which line was short when the order was written, at its stock now.
    return lines.slice(0, 1).map(({ partId, quantity }) => {
      const part = terms.get(partId)!;
      return { partId, problem: 'above-stock', quantity, ...part };
    });
  }

  const lineMessage = (line: LineProblem) =>
    line.problem === 'part-not-found' ? messages.cart.partGone : quantityProblemMessage(line.problem, line);

  /** The spec's answer for the one-part purchase page's line (docs/requirements.md §4). */
  function onePartProblem(line: LineProblem | undefined): HttpError {
    if (!line || line.problem === 'part-not-found') return new NotFoundError(messages.errors.partNotFound);
    const bounds = messages.validation.orderQuantityBounds(line.minqty, line.available);
    if (line.problem === 'below-minimum') return new HttpError(400, bounds, apiErrorCodes.validationFailed);
    if (line.problem === 'not-pack-multiple')
      return new HttpError(
        400,
        messages.validation.packMultiple(line.packSize),
        apiErrorCodes.notPackMultiple,
      );
    return new ConflictError(bounds);
  }

  /** The checkout's answer naming every line that cannot be had. */
  const linesUnavailable = (problems: readonly LineProblem[]) =>
    new HttpError(409, messages.cart.linesUnavailable, apiErrorCodes.linesUnavailable, undefined, {
      lines: problems.map((line) => ({ partId: line.partId, message: lineMessage(line) })),
    });

  /**
   * Runs `work` once per Idempotency-Key (in the key's transaction; a replay answers the first result) or, without
   * a key, in a transaction of its own when `transaction`, else on the pool.
   */
  async function once<T>(
    user: AuthUser,
    route: string,
    input: unknown,
    idempotencyKey: string | undefined,
    transaction: boolean,
    work: (on: AppDatabase) => Promise<T>,
  ): Promise<{ body: T; replayed: boolean }> {
    if (idempotencyKey) {
      const answer = await runIdempotently<T>(
        db,
        { userId: user.id, key: idempotencyKey, fingerprint: requestFingerprint(route, input) },
        async (tx) => ({ status: 201, body: await work(tx) }),
      );
      return { body: answer.body, replayed: answer.replayed };
    }
    const body = transaction
      ? await db.transaction((tx) => work(tx as unknown as AppDatabase))
      : await work(db);
    return { body, replayed: false };
  }

  async function find(id: string): Promise<StoredOrder> {
    const row = isId(id) ? await repository.findById(id) : undefined;
    if (!row) throw new NotFoundError(messages.orders.notFound);
    return row;
  }

  async function findOwn(user: AuthUser, id: string): Promise<StoredOrder> {
    const row = await find(id);
    if (row.userId !== user.id) throw new ForbiddenError();
    return row;
  }

  /** findOwn() of the order row alone: 404 unknown, 403 someone else's. */
  async function findOwnRow(user: AuthUser, id: string): Promise<OrderRow> {
    const row = isId(id) ? await repository.findRowById(id) : undefined;
    if (!row) throw new NotFoundError(messages.orders.notFound);
    if (row.userId !== user.id) throw new ForbiddenError();
    return row;
  }

  const illegal = (from: OrderStatusValue, to: OrderStatusValue) =>
    new ConflictError(messages.orders.illegalTransition(from, to));

  const mapPage = (page: Page<StoredOrder>): Page<Order> => ({
    items: page.items.map((row) => toOrder(row, holdMinutes)),
    total: page.total,
  });

  return {
    async placeOrder(user, input, { idempotencyKey } = {}) {
      if (!isId(input.productId)) throw new NotFoundError(messages.errors.partNotFound);
      const lines = [{ partId: input.productId, quantity: input.quantity }];
      const terms = await partsNow([input.productId]);
      try {
        const { body, replayed } = await once(
          user,
          'POST /api/order',
          input,
          idempotencyKey,
          false,
          async (on) => {
            const placed = await place(on, user, input, lines, terms, { admitted: false });
            if (!placed.ok) throw onePartProblem(placed.problems[0]);
            return { orderId: placed.order._id };
          },
        );
        if (!replayed) catalogChanges.stockChanged(input.productId);
        if (!replayed) shopMetrics.ordersPlaced.inc({ route: 'order' });
        return { orderId: body.orderId, replayed };
      } catch (error) {
        if (error instanceof StockShort) throw onePartProblem((await shortLines(lines))[0]);
        throw error;
      }
    },

    async checkout(user, input, { idempotencyKey } = {}) {
      let lines: NewOrderLine[] = [];
      try {
        const { body, replayed } = await once(
          user,
          'POST /api/checkout',
          input,
          idempotencyKey,
          true,
          async (tx) => {
            // The customer's lock (the cart's too) and the unpaid count, before the cart is read.
            if (
              !(await admitUnpaidOrder(tx, user.id, { maxUnpaid: maxUnpaidOrders, holdCutoff: holdCutoff() }))
            )
              throw tooManyUnpaid();
            const cartLines = await createCartRepository(tx).read(user.id);
            if (cartLines.length === 0)
              throw new HttpError(400, messages.cart.cartEmpty, apiErrorCodes.cartEmpty);
            lines = cartLines.map(({ part, quantity }) => ({ partId: part.id, quantity }));
            const terms = new Map(cartLines.map(({ part }) => [part.id, part]));
            const placed = await place(tx, user, input, lines, terms, {
              admitted: true,
              effects: [(when) => clearCartSql(user.id, when)],
            });
            if (!placed.ok) throw linesUnavailable(placed.problems);
            if (input.saveToProfile)
              await saveContactDetails(tx, {
                userId: user.id,
                name: user.name,
                email: user.email,
                address: input.address,
                phone: input.phone || null,
              });
            return { order: placed.order, partIds: lines.map((line) => line.partId) };
          },
        );
        if (!replayed) for (const partId of body.partIds) catalogChanges.stockChanged(partId);
        if (!replayed) shopMetrics.ordersPlaced.inc({ route: 'checkout' });
        return { order: body.order, replayed };
      } catch (error) {
        if (error instanceof StockShort) throw linesUnavailable(await shortLines(lines));
        throw error;
      }
    },

    async reorder(user, orderId) {
      const row = await find(orderId);
      if (user.role !== 'admin' && row.userId !== user.id) throw new ForbiddenError();
      return cart.addLines(
        user.id,
        row.lines.map((line) => ({
          line: line.lineNumber,
          sku: line.sku,
          partId: line.partId,
          quantity: line.quantity,
          note: (_part, unitCents) =>
            unitCents === line.unitPriceCents
              ? undefined
              : messages.cart.priceChanged(toDollars(line.unitPriceCents), toDollars(unitCents)),
        })),
        { mode: 'add' },
      );
    },

    async expireStaleOrders() {
      const { expired, partIds } = await repository.expireUnpaid(holdCutoff());
      for (const partId of partIds) catalogChanges.stockChanged(partId);
      await deleteExpiredIdempotencyKeys(db);
      return expired;
    },

    async listOwnOrders(user, email, page) {
      if (email !== undefined && normalizeEmail(email) !== normalizeEmail(user.email))
        throw new ForbiddenError();
      return mapPage(await repository.listByUser(user.id, page));
    },

    async *exportOrders(filters, chunkSize = EXPORT_CHUNK_ROWS) {
      let cursor: OrderCursor | undefined;
      do {
        const chunk = await repository.exportChunk(filters, cursor, chunkSize);
        if (chunk.rows.length > 0) yield chunk.rows;
        cursor = chunk.rows.length < chunkSize ? undefined : chunk.cursor;
      } while (cursor);
    },

    async listAllOrders(page, filters) {
      return mapPage(await repository.listAll(page, filters));
    },

    async getOrder(user, id) {
      const row = await find(id);
      if (user.role !== 'admin' && row.userId !== user.id) throw new ForbiddenError();
      return toOrder(row, holdMinutes);
    },

    async cancelOrder(user, id) {
      const row = await findOwn(user, id);
      const restocked =
        row.status === 'unpaid' ? await repository.cancelUnpaid(id, user.name, user.id) : null;
      if (!restocked) {
        const current = (await repository.findById(id))?.status ?? row.status;
        throw illegal(current, 'cancelled');
      }
      for (const partId of restocked) catalogChanges.stockChanged(partId);
      return { deletedCount: 1, productName: toOrder(row, holdMinutes).productName };
    },

    async createPaymentIntent(user, orderId) {
      const row = await currentRow(await findOwnRow(user, orderId));
      if (row.status !== 'unpaid')
        throw notPayable(
          row.status === 'cancelled' || row.status === 'expired'
            ? messages.payment.notPayable
            : messages.payment.alreadyPaid,
        );
      if (row.totalCents > MAX_CARD_PAYMENT_CENTS) throw tooLargeForCard();
      const intent = await payments.createPaymentIntent({
        orderId: row.id,
        amountCents: row.totalCents,
        currency: 'usd',
        idempotencyKey: paymentIdempotencyKey(row.id, row.totalCents),
      });
      await repository.setPaymentIntent(row.id, intent.id);
      return { clientSecret: intent.clientSecret };
    },

    async confirmPayment(user, orderId, transactionId) {
      const head = await currentRow(await findOwnRow(user, orderId));
      if (head.status !== 'unpaid' && head.transactionId === transactionId) return { modifiedCount: 0 };
      // The order with its lines, for the receipt.
      const row = await find(head.id);
      const intent = await payments.retrievePaymentIntent(transactionId);
      if (!succeededFor(row, intent)) {
        if (row.status !== 'unpaid') throw illegal(row.status, 'pending');
        throw new ConflictError(messages.payment.notConfirmed);
      }
      if (row.status === 'unpaid' && intent.amountCents === row.totalCents) {
        const paid = await repository.markPaid(row, intent.id, user.name);
        if (paid) {
          shopMetrics.payments.inc({ outcome: 'paid', source: 'customer' });
          return { modifiedCount: 1 };
        }
      }
      const now = await find(orderId);
      if (now.transactionId === transactionId) return { modifiedCount: 0 };
      if (intent.amountCents !== row.totalCents) throw new ConflictError(messages.payment.notConfirmed);
      // The money arrived for an order that was cancelled, expired or paid another way: give it back.
      const refunded = await refund(now, intent);
      shopMetrics.payments.inc({ outcome: 'refunded', source: 'customer' });
      throw notPayable(messages.payment.refunded(toDollars(refunded)));
    },

    async applyPaymentEvent(provider, { id, type, intent, payload }) {
      const orderId = intent?.orderId;
      const found = isId(orderId) ? await repository.findById(orderId) : undefined;
      const row = found ? await current(found) : undefined;
      const succeeded =
        row !== undefined &&
        type === 'payment_intent.succeeded' &&
        succeededFor(row, intent) &&
        intent.amountCents === row.totalCents;
      const pays = succeeded && row.status === 'unpaid';
      const { recorded, paid } = await repository.recordPaymentEvent(
        { provider, eventId: id, type, orderId: row?.id ?? null, payload },
        pays ? { order: row, transactionId: intent!.id } : undefined,
      );
      if (paid) shopMetrics.payments.inc({ outcome: 'paid', source: 'webhook' });
      // Paid by this event: nothing to give back. Otherwise the money may have come for an order no longer payable.
      if (recorded && succeeded && !paid) {
        const now = await find(row.id);
        if (now.transactionId !== intent!.id) {
          await refund(now, intent!);
          shopMetrics.payments.inc({ outcome: 'refunded', source: 'webhook' });
        }
      }
      return { duplicate: !recorded };
    },

    async markShipped(actor, orderId, { carrier, trackingNumber } = {}) {
      const row = await find(orderId);
      const shipment = { carrier: carrier || null, trackingNumber: trackingNumber || null };
      if (!(await repository.markShipped(row.id, actor.name, shipment))) {
        const current = (await repository.findById(orderId))?.status ?? row.status;
        throw illegal(current, 'shipped');
      }
      return toOrder(await find(orderId), holdMinutes);
    },
  };
}
