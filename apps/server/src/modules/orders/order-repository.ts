/**
 * Order storage (docs/requirements.md §3: Order; docs/design.md items 2-4). Stock reservation and its return happen in the
 * same transaction as the order insert or the status change; every status change is a conditional update on
 * the expected current status, so concurrent calls cannot both win. Money: integer cents in rows, dollars in
 * the `Order` DTO (converted only in toOrder).
 */
import { toDollars, unitPriceCents, type Order, type OrderStatusValue } from '@partsforge/shared';
import { and, count, desc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { orders, parts, paymentEvents, type OrderRow } from '../../db/schema/index.js';
import type { Page } from '../../lib/page.js';

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
  | { ok: false; reason: 'too-many-unpaid' }
  | { ok: false; reason: 'out-of-bounds'; minqty: number; packSize: number; available: number };

/** Order queries and state changes on one database. */
export interface OrderRepository {
  /**
   * Takes `quantity` from the part's stock (at least its minqty, a multiple of its pack size, at most its stock)
   * and inserts the unpaid order at the unit price of that quantity (its quantity break: docs/requirements.md
   * §11), in one transaction, unless the
   * customer already holds `limits.maxUnpaid` unpaid orders placed after `limits.holdCutoff` (counted under a
   * per-customer transaction lock, so concurrent orders cannot all slip under the cap).
   */
  reserve(order: NewOrder, limits: { maxUnpaid: number; holdCutoff: Date }): Promise<ReserveResult>;
  /**
   * Unpaid orders placed before `cutoff` (only `orderId` when given; at most `limit`) become 'expired' and
   * their quantities go back to stock, in one statement; rows another transaction holds are skipped (SKIP
   * LOCKED) for the next sweep. Returns the ids of the parts whose stock changed, one per expired order.
   */
  expireUnpaid(cutoff: Date, options?: { orderId?: string; limit?: number }): Promise<string[]>;
  /** Records a refund on the order once (a second call changes nothing); false when one was already recorded. */
  recordRefund(id: string, refund: { refundId: string; refundedCents: number }): Promise<boolean>;
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
    price: toDollars(row.unitPriceCents),
    totalPrice: toDollars(row.totalCents),
    customerName: row.customerName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    paid: row.status === 'pending' || row.status === 'shipped',
    status: row.status,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    refundedAmount: row.refundedCents === null ? null : toDollars(row.refundedCents),
    refundedAt: row.refundedAt?.toISOString() ?? null,
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
    reserve(order, { maxUnpaid, holdCutoff }) {
      return db.transaction(async (tx) => {
        // One customer's orders are placed one at a time, so the count below cannot be stale.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`orders:${order.userId}`}))`);
        const [unpaid] = await tx
          .select({ value: count() })
          .from(orders)
          .where(
            and(
              eq(orders.userId, order.userId),
              eq(orders.status, 'unpaid'),
              gte(orders.createdAt, holdCutoff),
            ),
          );
        if ((unpaid?.value ?? 0) >= maxUnpaid)
          return { ok: false as const, reason: 'too-many-unpaid' as const };
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
              sql`${order.quantity}::int % ${parts.packSize} = 0`,
            ),
          )
          .returning({
            name: parts.name,
            priceCents: parts.priceCents,
            breakQuantities: parts.breakQuantities,
            breakPricesCents: parts.breakPricesCents,
          });
        if (!part) {
          const [current] = await tx
            .select({ minqty: parts.minqty, packSize: parts.packSize, available: parts.available })
            .from(parts)
            .where(eq(parts.id, order.partId));
          return current
            ? { ok: false as const, reason: 'out-of-bounds' as const, ...current }
            : { ok: false as const, reason: 'part-not-found' as const };
        }
        // The unit price of this quantity (its quantity break), from the row just locked.
        const unitPrice = unitPriceCents(
          order.quantity,
          part.priceCents,
          part.breakQuantities.map((minQuantity, index) => ({
            minQuantity,
            priceCents: part.breakPricesCents[index]!,
          })),
        );
        const [inserted] = await tx
          .insert(orders)
          .values({
            ...order,
            productName: part.name,
            unitPriceCents: unitPrice,
            totalCents: unitPrice * order.quantity,
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

    async expireUnpaid(cutoff, { orderId, limit = 500 } = {}) {
      const rows = await queryRows<{ part_id: string | null }>(
        db,
        sql`
          with stale as (
            select id from ${orders}
            where ${orders.status} = 'unpaid' and ${orders.createdAt} < ${cutoff.toISOString()}
              ${orderId ? sql`and ${orders.id} = ${orderId}` : sql``}
            order by ${orders.createdAt}
            limit ${limit}
            for update skip locked
          ), expired as (
            update ${orders} set status = 'expired', updated_at = now()
            where ${orders.id} in (select id from stale)
            returning ${orders.partId} as part_id, ${orders.quantity} as quantity
          ), restocked as (
            update ${parts} set available = ${parts.available} + returned.quantity
            from (select part_id, sum(quantity)::int as quantity from expired where part_id is not null group by part_id) as returned
            where ${parts.id} = returned.part_id
            returning ${parts.id}
          )
          select part_id from expired`,
      );
      return rows.flatMap((row) => (row.part_id ? [row.part_id] : []));
    },

    async recordRefund(id, { refundId, refundedCents }) {
      const recorded = await db
        .update(orders)
        .set({ refundId, refundedCents, refundedAt: new Date() })
        .where(and(eq(orders.id, id), isNull(orders.refundId)))
        .returning({ id: orders.id });
      return recorded.length > 0;
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
