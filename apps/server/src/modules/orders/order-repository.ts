/**
 * Order storage (spec section 3: Order; DESIGN.md items 2-4). Stock reservation and its return happen in the
 * same transaction as the order insert or the status change; every status change is a conditional update on
 * the expected current status, so concurrent calls cannot both win. Money: integer cents in rows, dollars in
 * the `Order` DTO (converted only in toOrder).
 */
import type { Order, OrderStatusValue } from '@partsforge/shared';
import { and, count, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { orders, parts, paymentEvents, type OrderRow } from '../../db/schema/index.js';
import type { Page } from '../catalog/catalog-repository.js';

/** What placing an order stores besides the part's snapshot (taken from the database). */
export interface NewOrder {
  userId: string;
  partId: string;
  quantity: number;
  customerName: string;
  email: string;
  phone: string | null;
  address: string;
}

/** Result of reserve(): the new order id, or why nothing was reserved (with the part's current bounds). */
export type ReserveResult =
  | { ok: true; orderId: string; productName: string }
  | { ok: false; reason: 'part-not-found' }
  | { ok: false; reason: 'out-of-bounds'; minqty: number; available: number };

/** Order queries and state changes on one database. */
export interface OrderRepository {
  /** Takes `quantity` from the part's stock and inserts the unpaid order, in one transaction. */
  reserve(order: NewOrder): Promise<ReserveResult>;
  findById(id: string): Promise<OrderRow | undefined>;
  /** A user's orders, newest first, without cancelled ones. */
  listByUser(userId: string, page: { limit: number; offset: number }): Promise<Page<OrderRow>>;
  /** Every order, newest first, without cancelled ones (admin). */
  listAll(page: { limit: number; offset: number }): Promise<Page<OrderRow>>;
  /** unpaid -> cancelled and the quantity back to the part, in one transaction; false if not unpaid. */
  cancelUnpaid(id: string): Promise<boolean>;
  /** Moves `from` -> `to` with extra column values; false when the order is not in `from`. */
  transition(
    id: string,
    from: OrderStatusValue,
    to: OrderStatusValue,
    values?: Partial<Pick<OrderRow, 'transactionId' | 'paidAt' | 'paymentIntentId'>>,
  ): Promise<boolean>;
  /** Records the provider's payment intent of an unpaid order. */
  setPaymentIntent(id: string, paymentIntentId: string): Promise<void>;
  /**
   * Stores a provider event once (unique provider + event id) and, when `paid` is given, moves that order
   * unpaid -> pending with the transaction id, in one transaction. `recorded` is false for a replay, which
   * changes nothing.
   */
  recordPaymentEvent(
    event: { provider: string; eventId: string; type: string; orderId: string | null; payload: unknown },
    paid?: { orderId: string; transactionId: string },
  ): Promise<{ recorded: boolean }>;
}

/** The API's Order DTO of a row (cents to dollars). */
export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    productId: row.partId,
    productName: row.productName,
    quantity: row.quantity,
    price: row.unitPriceCents / 100,
    totalPrice: row.totalCents / 100,
    customerName: row.customerName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    paid: row.status === 'pending' || row.status === 'shipped',
    status: row.status,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Builds the order repository on `db`. Database errors propagate. */
export function createOrderRepository(db: AppDatabase): OrderRepository {
  async function page(where: ReturnType<typeof and>, { limit, offset }: { limit: number; offset: number }) {
    const [items, totals] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset),
      db.select({ value: count() }).from(orders).where(where),
    ]);
    return { items, total: totals[0]?.value ?? 0 };
  }

  return {
    reserve(order) {
      return db.transaction(async (tx) => {
        // The conditional update is the reservation: the row lock makes a concurrent buyer wait and then
        // re-check `available`, so stock never goes below zero (the CHECK constraint is the backstop).
        const [part] = await tx
          .update(parts)
          .set({ available: sql`${parts.available} - ${order.quantity}` })
          .where(
            and(
              eq(parts.id, order.partId),
              gte(parts.available, order.quantity),
              lte(parts.minqty, order.quantity),
            ),
          )
          .returning({ name: parts.name, priceCents: parts.priceCents });
        if (!part) {
          const [current] = await tx
            .select({ minqty: parts.minqty, available: parts.available })
            .from(parts)
            .where(eq(parts.id, order.partId));
          return current
            ? { ok: false as const, reason: 'out-of-bounds' as const, ...current }
            : { ok: false as const, reason: 'part-not-found' as const };
        }
        const [inserted] = await tx
          .insert(orders)
          .values({
            ...order,
            productName: part.name,
            unitPriceCents: part.priceCents,
            totalCents: part.priceCents * order.quantity,
          })
          .returning({ id: orders.id });
        return { ok: true as const, orderId: inserted!.id, productName: part.name };
      });
    },

    async findById(id) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },

    listByUser(userId, paging) {
      return page(and(eq(orders.userId, userId), ne(orders.status, 'cancelled')), paging);
    },

    listAll(paging) {
      return page(and(ne(orders.status, 'cancelled')), paging);
    },

    cancelUnpaid(id) {
      return db.transaction(async (tx) => {
        const [cancelled] = await tx
          .update(orders)
          .set({ status: 'cancelled' })
          .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
          .returning({ partId: orders.partId, quantity: orders.quantity });
        if (!cancelled) return false;
        if (cancelled.partId)
          await tx
            .update(parts)
            .set({ available: sql`${parts.available} + ${cancelled.quantity}` })
            .where(eq(parts.id, cancelled.partId));
        return true;
      });
    },

    async transition(id, from, to, values = {}) {
      const changed = await db
        .update(orders)
        .set({ ...values, status: to })
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning({ id: orders.id });
      return changed.length > 0;
    },

    recordPaymentEvent(event, paid) {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(paymentEvents)
          .values({
            provider: event.provider,
            providerEventId: event.eventId,
            type: event.type,
            orderId: event.orderId,
            payload: event.payload,
          })
          .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.providerEventId] })
          .returning({ id: paymentEvents.id });
        if (inserted.length === 0) return { recorded: false };
        if (paid)
          await tx
            .update(orders)
            .set({
              status: 'pending',
              transactionId: paid.transactionId,
              paymentIntentId: paid.transactionId,
              paidAt: new Date(),
            })
            .where(and(eq(orders.id, paid.orderId), eq(orders.status, 'unpaid')));
        return { recorded: true };
      });
    },

    async setPaymentIntent(id, paymentIntentId) {
      await db
        .update(orders)
        .set({ paymentIntentId })
        .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')));
    },
  };
}
