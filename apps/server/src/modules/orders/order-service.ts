/**
 * The order rules (docs/design.md items 1-4, "Payments"; docs/decisions/008 and 012): placing reserves stock
 * atomically (at most `maxUnpaidOrders` unpaid orders per customer, once per Idempotency-Key), cancelling
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
  toDollars,
  type CartChangeResult,
  type CheckoutInput,
  type Order,
  type OrderStatusValue,
} from '@partsforge/shared';
import type { AppDatabase } from '../../db/connect.js';
import { profiles, type OrderRow } from '../../db/schema/index.js';
import { createCartRepository, type CartService } from '../cart/index.js';
import { ConflictError, ForbiddenError, HttpError, NotFoundError } from '../../lib/http-errors.js';
import type { CatalogChanges } from '../catalog/index.js';
import type { Page } from '../../lib/page.js';
import type { AuthUser } from '../identity/index.js';
import { deleteExpiredIdempotencyKeys, requestFingerprint, runIdempotently } from '../../lib/idempotency.js';
import {
  MAX_CARD_PAYMENT_CENTS,
  paymentIdempotencyKey,
  refundIdempotencyKey,
  type PaymentIntentInfo,
  type PaymentProvider,
} from '../payments/index.js';
import type { OrderMailer } from './order-mail.js';
import {
  createOrderRepository,
  toOrder,
  type LineProblem,
  type NewOrder,
  type ReserveResult,
  type StoredOrder,
} from './order-repository.js';
import type { OrderCursor, OrderFilters } from './order-filters.js';

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
   * the lines plus tax at `taxRateBasisPoints` (docs/requirements.md §13). 404 unknown
   * part, 400 below minqty, 400 NOT_PACK_MULTIPLE for a quantity that is not whole packs, 409 above the stock or
   * with `maxUnpaidOrders` unpaid orders already (TOO_MANY_UNPAID_ORDERS). With `idempotencyKey`, a repeat
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
  const notPayable = (message: string) => new ConflictError(message, apiErrorCodes.orderNotPayable);

  /** Expires `row` now if its hold ran out and nobody swept it yet; returns the row as it now is. */
  async function current(row: StoredOrder): Promise<StoredOrder> {
    if (row.status !== 'unpaid' || row.createdAt >= holdCutoff()) return row;
    const { partIds } = await repository.expireUnpaid(holdCutoff(), { orderId: row.id });
    for (const partId of partIds) catalogChanges.stockChanged(partId);
    return (await repository.findById(row.id)) ?? row;
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

  /** The order as the customer places it, with `lines` (one per part). */
  const newOrder = (
    user: AuthUser,
    input: {
      phone?: string | undefined;
      address: string;
      poNumber?: string | undefined;
      note?: string | undefined;
    },
    lines: NewOrder['lines'],
  ): NewOrder => ({
    userId: user.id,
    customerName: user.name,
    email: user.email,
    phone: input.phone || null,
    address: input.address,
    poNumber: input.poNumber || null,
    note: input.note || null,
    taxRateBasisPoints,
    lines,
  });

  const reserveOn = (
    on: AppDatabase,
    order: NewOrder,
    options?: { customerLocked?: boolean; maxTotalCents?: number },
  ) =>
    createOrderRepository(on, mailer).reserve(
      order,
      { maxUnpaid: maxUnpaidOrders, holdCutoff: holdCutoff(), maxTotalCents: options?.maxTotalCents },
      options,
    );

  const tooLargeForCard = () =>
    new ConflictError(
      messages.payment.amountTooLarge(toDollars(MAX_CARD_PAYMENT_CENTS)),
      apiErrorCodes.amountTooLargeForCard,
    );

  const tooManyUnpaid = () =>
    new ConflictError(messages.orders.tooManyUnpaid(maxUnpaidOrders), apiErrorCodes.tooManyUnpaidOrders);

  const lineMessage = (line: LineProblem) =>
    line.problem === 'part-not-found' ? messages.cart.partGone : quantityProblemMessage(line.problem, line);

  /** Places the one-part order of POST /order on `db` (the caller's transaction for an idempotent request). */
  async function reserve(on: AppDatabase, user: AuthUser, input: PlaceOrder): Promise<string> {
    const result: ReserveResult = await reserveOn(
      on,
      newOrder(user, input, [{ partId: input.productId, quantity: input.quantity }]),
    );
    if (result.ok) return result.order.id;
    if (result.reason === 'too-many-unpaid') throw tooManyUnpaid();
    if (result.reason === 'total-too-large') throw tooLargeForCard();
    const [line] = result.lines;
    if (!line || line.problem === 'part-not-found') throw new NotFoundError(messages.errors.partNotFound);
    // The spec's texts for the one-part purchase page (docs/requirements.md §4).
    const bounds = messages.validation.orderQuantityBounds(line.minqty, line.available);
    if (line.problem === 'below-minimum') throw new HttpError(400, bounds, apiErrorCodes.validationFailed);
    if (line.problem === 'not-pack-multiple')
      throw new HttpError(
        400,
        messages.validation.packMultiple(line.packSize),
        apiErrorCodes.notPackMultiple,
      );
    throw new ConflictError(bounds);
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

  const illegal = (from: OrderStatusValue, to: OrderStatusValue) =>
    new ConflictError(messages.orders.illegalTransition(from, to));

  const mapPage = (page: Page<StoredOrder>): Page<Order> => ({
    items: page.items.map(toOrder),
    total: page.total,
  });

  return {
    async placeOrder(user, input, { idempotencyKey } = {}) {
      if (!isId(input.productId)) throw new NotFoundError(messages.errors.partNotFound);
      let orderId: string;
      let replayed = false;
      if (idempotencyKey) {
        const answer = await runIdempotently<{ orderId: string }>(
          db,
          { userId: user.id, key: idempotencyKey, fingerprint: requestFingerprint('POST /api/order', input) },
          async (tx) => ({ status: 201, body: { orderId: await reserve(tx, user, input) } }),
        );
        ({ orderId } = answer.body);
        replayed = answer.replayed;
      } else orderId = await reserve(db, user, input);
      if (!replayed) catalogChanges.stockChanged(input.productId);
      return { orderId, replayed };
    },

    async checkout(user, input, { idempotencyKey } = {}) {
      const place = async (tx: AppDatabase) => {
        const carts = createCartRepository(tx);
        await carts.lock(user.id);
        const lines = await carts.read(user.id);
        if (lines.length === 0) throw new HttpError(400, messages.cart.cartEmpty, apiErrorCodes.cartEmpty);
        const result = await reserveOn(
          tx,
          newOrder(
            user,
            input,
            lines.map(({ part, quantity }) => ({ partId: part.id, quantity })),
          ),
          // An order the shop cannot take payment for is refused before it holds any stock.
          { customerLocked: true, maxTotalCents: MAX_CARD_PAYMENT_CENTS },
        );
        if (!result.ok) {
          if (result.reason === 'too-many-unpaid') throw tooManyUnpaid();
          if (result.reason === 'total-too-large') throw tooLargeForCard();
          throw new HttpError(
            409,
            messages.cart.linesUnavailable,
            apiErrorCodes.linesUnavailable,
            undefined,
            {
              lines: result.lines.map((line) => ({ partId: line.partId, message: lineMessage(line) })),
            },
          );
        }
        await carts.clear(user.id);
        if (input.saveToProfile) {
          const values = { address: input.address, phone: input.phone || null };
          await tx
            .insert(profiles)
            .values({ userId: user.id, name: user.name, email: user.email, ...values })
            .onConflictDoUpdate({ target: profiles.userId, set: values });
        }
        return { order: toOrder(result.order), partIds: lines.map(({ part }) => part.id) };
      };
      let placed: { order: Order; partIds: string[] };
      let replayed = false;
      if (idempotencyKey) {
        const answer = await runIdempotently<{ order: Order; partIds: string[] }>(
          db,
          {
            userId: user.id,
            key: idempotencyKey,
            fingerprint: requestFingerprint('POST /api/checkout', input),
          },
          async (tx) => ({ status: 201, body: await place(tx) }),
        );
        placed = answer.body;
        replayed = answer.replayed;
      } else placed = await db.transaction((tx) => place(tx as unknown as AppDatabase));
      if (!replayed) for (const partId of placed.partIds) catalogChanges.stockChanged(partId);
      return { order: placed.order, replayed };
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
      return toOrder(row);
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
      return { deletedCount: 1, productName: toOrder(row).productName };
    },

    async createPaymentIntent(user, orderId) {
      const row = await current(await findOwn(user, orderId));
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
      const row = await current(await findOwn(user, orderId));
      if (row.status !== 'unpaid' && row.transactionId === transactionId) return { modifiedCount: 0 };
      const intent = await payments.retrievePaymentIntent(transactionId);
      if (!succeededFor(row, intent)) {
        if (row.status !== 'unpaid') throw illegal(row.status, 'pending');
        throw new ConflictError(messages.payment.notConfirmed);
      }
      if (row.status === 'unpaid' && intent.amountCents === row.totalCents) {
        const paid = await repository.markPaid(row.id, intent.id, user.name);
        if (paid) return { modifiedCount: 1 };
      }
      const now = await find(orderId);
      if (now.transactionId === transactionId) return { modifiedCount: 0 };
      if (intent.amountCents !== row.totalCents) throw new ConflictError(messages.payment.notConfirmed);
      // The money arrived for an order that was cancelled, expired or paid another way: give it back.
      const refunded = await refund(now, intent);
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
      const { recorded } = await repository.recordPaymentEvent(
        { provider, eventId: id, type, orderId: row?.id ?? null, payload },
        pays ? { orderId: row.id, transactionId: intent!.id } : undefined,
      );
      if (recorded && succeeded) {
        const now = await find(row.id);
        if (now.transactionId !== intent!.id) await refund(now, intent!);
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
      return toOrder(await find(orderId));
    },
  };
}
