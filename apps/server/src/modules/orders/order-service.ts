/**
 * The order rules (DESIGN.md items 1-4, "Payments"; docs/decisions/008): placing reserves stock atomically,
 * cancelling returns it, payment is confirmed with the provider, and the status moves only along
 * unpaid -> pending (paid) -> shipped or unpaid -> cancelled. Every stock change invalidates the catalogue
 * cache after its transaction commits (catalog-cache.ts). Money: integer cents inside, dollars in DTOs.
 */
import {
  apiErrorCodes,
  idSchema,
  messages,
  normalizeEmail,
  type Order,
  type OrderStatusValue,
} from '@partsforge/shared';
import type { AppDatabase } from '../../db/connect.js';
import type { OrderRow } from '../../db/schema/index.js';
import { ConflictError, ForbiddenError, HttpError, NotFoundError } from '../../lib/http-errors.js';
import type { CatalogCache } from '../catalog/catalog-cache.js';
import type { Page } from '../catalog/catalog-repository.js';
import type { AuthUser } from '../identity/auth-guards.js';
import {
  paymentIdempotencyKey,
  type PaymentIntentInfo,
  type PaymentProvider,
} from '../payments/payment-provider.js';
import { createOrderRepository, toOrder } from './order-repository.js';

/** The purchase as the service takes it (already validated by placeOrderSchema). */
export interface PlaceOrder {
  productId: string;
  quantity: number;
  phone?: string | undefined;
  address: string;
}

/** Order use cases; each throws HttpError subclasses the error handler answers with. */
export interface OrderService {
  /** Reserves stock and stores an unpaid order. 404 unknown part, 400 below minqty, 409 above the stock. */
  placeOrder(user: AuthUser, input: PlaceOrder): Promise<{ orderId: string }>;
  /** The caller's own orders (403 for another email), newest first, cancelled ones left out. */
  listOwnOrders(user: AuthUser, email: string | undefined, page: PageInput): Promise<Page<Order>>;
  /** Every order (admin; the route checks the role). */
  listAllOrders(page: PageInput): Promise<Page<Order>>;
  /** One order for its owner or an admin: 404 unknown (or malformed id), 403 someone else's. */
  getOrder(user: AuthUser, id: string): Promise<Order>;
  /** Cancels the owner's unpaid order and returns its stock: 404, 403, 409 when not unpaid. */
  cancelOrder(user: AuthUser, id: string): Promise<{ deletedCount: number; productName: string }>;
  /** Creates (idempotently) the provider's payment intent for the owner's unpaid order's stored amount. */
  createPaymentIntent(user: AuthUser, orderId: string): Promise<{ clientSecret: string }>;
  /**
   * Marks the owner's order paid with `transactionId` once the provider confirms that this intent succeeded
   * for this order and amount (409 otherwise). Repeating it for an order already paid with the same id
   * changes nothing (modifiedCount 0).
   */
  confirmPayment(user: AuthUser, orderId: string, transactionId: string): Promise<{ modifiedCount: number }>;
  /** Admin: pending -> shipped (409 from any other status). Returns the updated order. */
  changeStatus(orderId: string, to: 'shipped'): Promise<Order>;
  /**
   * Applies a verified provider event (a webhook) once: `payment_intent.succeeded` for an unpaid order's
   * exact amount in USD marks it paid, like a verified PATCH. A replayed event id changes nothing.
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

/** Builds the service; `catalogCache` is told of every stock change (the responses showing that part). */
export function createOrderService({
  db,
  payments,
  catalogCache,
}: {
  db: AppDatabase;
  payments: PaymentProvider;
  catalogCache: CatalogCache;
}): OrderService {
  const repository = createOrderRepository(db);

  async function find(id: string): Promise<OrderRow> {
    const row = idSchema.safeParse(id).success ? await repository.findById(id) : undefined;
    if (!row) throw new NotFoundError(messages.orders.notFound);
    return row;
  }

  async function findOwn(user: AuthUser, id: string): Promise<OrderRow> {
    const row = await find(id);
    if (row.userId !== user.id) throw new ForbiddenError();
    return row;
  }

  const illegal = (from: OrderStatusValue, to: OrderStatusValue) =>
    new ConflictError(messages.orders.illegalTransition(from, to));

  const mapPage = (page: Page<OrderRow>): Page<Order> => ({
    items: page.items.map(toOrder),
    total: page.total,
  });

  return {
    async placeOrder(user, input) {
      if (!idSchema.safeParse(input.productId).success) throw new NotFoundError(messages.errors.partNotFound);
      const result = await repository.reserve({
        userId: user.id,
        partId: input.productId,
        quantity: input.quantity,
        customerName: user.name,
        email: user.email,
        phone: input.phone || null,
        address: input.address,
      });
      if (result.ok) {
        catalogCache.invalidate({ stockOf: input.productId });
        return { orderId: result.orderId };
      }
      if (result.reason === 'part-not-found') throw new NotFoundError(messages.errors.partNotFound);
      const bounds = messages.validation.orderQuantityBounds(result.minqty, result.available);
      if (input.quantity < result.minqty) throw new HttpError(400, bounds, apiErrorCodes.validationFailed);
      throw new ConflictError(bounds);
    },

    async listOwnOrders(user, email, page) {
      if (email !== undefined && normalizeEmail(email) !== normalizeEmail(user.email))
        throw new ForbiddenError();
      return mapPage(await repository.listByUser(user.id, page));
    },

    async listAllOrders(page) {
      return mapPage(await repository.listAll(page));
    },

    async getOrder(user, id) {
      const row = await find(id);
      if (user.role !== 'admin' && row.userId !== user.id) throw new ForbiddenError();
      return toOrder(row);
    },

    async cancelOrder(user, id) {
      const row = await findOwn(user, id);
      if (row.status !== 'unpaid' || !(await repository.cancelUnpaid(id))) {
        const current = (await repository.findById(id))?.status ?? row.status;
        throw illegal(current, 'cancelled');
      }
      if (row.partId) catalogCache.invalidate({ stockOf: row.partId });
      return { deletedCount: 1, productName: row.productName };
    },

    async createPaymentIntent(user, orderId) {
      const row = await findOwn(user, orderId);
      if (row.status !== 'unpaid')
        throw new ConflictError(
          row.status === 'cancelled' ? messages.payment.notPayable : messages.payment.alreadyPaid,
        );
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
      const row = await findOwn(user, orderId);
      if (row.status !== 'unpaid') {
        if (row.transactionId === transactionId) return { modifiedCount: 0 };
        throw illegal(row.status, 'pending');
      }
      const intent = await payments.retrievePaymentIntent(transactionId);
      if (
        !intent ||
        intent.status !== 'succeeded' ||
        intent.orderId !== row.id ||
        intent.amountCents !== row.totalCents ||
        intent.currency !== 'usd'
      )
        throw new ConflictError(messages.payment.notConfirmed);
      const paid = await repository.transition(row.id, 'unpaid', 'pending', {
        transactionId: intent.id,
        paymentIntentId: intent.id,
        paidAt: new Date(),
      });
      if (paid) return { modifiedCount: 1 };
      const current = await find(orderId);
      if (current.transactionId === transactionId) return { modifiedCount: 0 };
      throw illegal(current.status, 'pending');
    },

    async applyPaymentEvent(provider, { id, type, intent, payload }) {
      const orderId = intent?.orderId;
      const row =
        orderId && idSchema.safeParse(orderId).success ? await repository.findById(orderId) : undefined;
      const pays =
        row &&
        intent &&
        type === 'payment_intent.succeeded' &&
        intent.status === 'succeeded' &&
        row.status === 'unpaid' &&
        intent.amountCents === row.totalCents &&
        intent.currency === 'usd';
      const { recorded } = await repository.recordPaymentEvent(
        { provider, eventId: id, type, orderId: row?.id ?? null, payload },
        pays ? { orderId: row.id, transactionId: intent.id } : undefined,
      );
      return { duplicate: !recorded };
    },

    async changeStatus(orderId, to) {
      const row = await find(orderId);
      if (!(await repository.transition(row.id, 'pending', to))) {
        const current = (await repository.findById(orderId))?.status ?? row.status;
        throw illegal(current, to);
      }
      return toOrder(await find(orderId));
    },
  };
}
