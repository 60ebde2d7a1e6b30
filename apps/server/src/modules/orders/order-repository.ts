/**
 * Order storage (docs/requirements.md §3: Order, §11: line items, numbers, timeline; docs/design.md items 2-4).
 * Stock reservation and its return happen in the same transaction as the order insert or the status change;
 * every status change is a conditional update on the expected current status, so concurrent calls cannot both
 * win, and writes its timeline event in the same transaction. Part rows are locked in id order, so two
 * checkouts sharing parts wait for each other instead of deadlocking. Money: integer cents in rows, dollars
 * in the `Order` DTO (converted only in toOrder).
 */
import {
  formatOrderNumber,
  quantityProblem,
  taxCents,
  toDollars,
  type Order,
  type OrderStatusValue,
  type QuantityProblem,
} from '@partsforge/shared';
import { and, asc, count, desc, eq, gte, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { lockCustomer } from '../../db/locks.js';
import { setStockContext, type StockContext } from '../../db/stock-context.js';
import { partPriceCents, partTermsColumns } from '../cart/index.js';
import { issueInvoice } from '../invoices/index.js';
import type { OrderMailer } from './order-mail.js';
import {
  orderEvents,
  orderLines,
  orders,
  parts,
  paymentEvents,
  type OrderEventRow,
  type OrderLineRow,
  type OrderRow,
} from '../../db/schema/index.js';
import type { Page } from '../../lib/page.js';
import {
  afterCursor,
  cursorValueColumn,
  DEFAULT_ORDER_FILTERS,
  orderFilterWhere,
  orderListOrderBy,
  type OrderCursor,
  type OrderFilters,
} from './order-filters.js';

/** One line to reserve: a part and a quantity. */
export interface NewOrderLine {
  partId: string;
  quantity: number;
}

/** What placing an order stores besides the parts' snapshots (taken from the database). */
export interface NewOrder {
  userId: string;
  customerName: string;
  email: string;
  phone: string | null;
  address: string;
  poNumber: string | null;
  note: string | null;
  /** Tax on the lines in basis points (1% = 100), the configured rate when it is placed (docs/requirements.md §13). */
  taxRateBasisPoints: number;
  /** One per part (the caller merges duplicates), at most MAX_CART_LINES. */
  lines: NewOrderLine[];
}

/** Why a line cannot be reserved, with the part's current terms when it exists. */
export type LineProblem =
  | { partId: string; problem: 'part-not-found' }
  | {
      partId: string;
      problem: QuantityProblem;
      quantity: number;
      minqty: number;
      packSize: number;
      available: number;
    };

/**
 * What reserve() checks: at most `maxUnpaid` unpaid orders placed after `holdCutoff`, and (when given) a total of at
 * most `maxTotalCents`.
 */
export interface ReserveLimits {
  maxUnpaid: number;
  holdCutoff: Date;
  maxTotalCents?: number | undefined;
}

/** Result of reserve(): the new order as stored, or why nothing was reserved. */
export type ReserveResult =
  | { ok: true; order: StoredOrder }
  | { ok: false; reason: 'too-many-unpaid' }
  | { ok: false; reason: 'total-too-large' }
  | { ok: false; reason: 'lines-unavailable'; lines: LineProblem[] };

/** An order row with its line items (by line number) and timeline (oldest first). */
export interface StoredOrder extends OrderRow {
  lines: OrderLineRow[];
  events: OrderEventRow[];
}

/** Who moved an order, for its timeline: a name, or null for the hold sweep and provider events. */
export type Actor = string | null;

/** Order queries and state changes on one database. */
export interface OrderRepository {
  /**
   * Takes every line's quantity from its part's stock (each at least the part's minqty, a multiple of its pack
   * size, at most its stock) and inserts the unpaid order with its lines at the unit price of each quantity
   * (its quantity break: docs/requirements.md §11) and its 'unpaid' event, in one transaction: all lines or
   * none. Refused when the customer already holds `limits.maxUnpaid` unpaid orders placed after
   * `limits.holdCutoff` (counted under the customer's lock, db/locks.ts, so concurrent orders cannot all slip
   * under the cap). With `customerLocked`, the repository's database is a transaction that already holds that
   * lock (checkout) and the work runs in it; otherwise in a transaction of its own.
   */
  reserve(
    order: NewOrder,
    limits: ReserveLimits,
    options?: { customerLocked?: boolean },
  ): Promise<ReserveResult>;
  /**
   * Unpaid orders placed before `cutoff` (only `orderId` when given; at most `limit`) become 'expired' and
   * their lines' quantities go back to stock (each order's movements, reason 'hold_expired', name it), in one
   * transaction; rows another transaction holds are skipped (SKIP LOCKED) for the next sweep. Returns how many
   * expired and the ids of the parts whose stock changed.
   */
  expireUnpaid(
    cutoff: Date,
    options?: { orderId?: string; limit?: number },
  ): Promise<{ expired: number; partIds: string[] }>;
  /** Records a refund on the order once (a second call changes nothing); false when one was already recorded. */
  recordRefund(id: string, refund: { refundId: string; refundedCents: number }): Promise<boolean>;
  findById(id: string): Promise<StoredOrder | undefined>;
  /** A user's orders, newest first, without cancelled ones. */
  listByUser(userId: string, page: { limit: number; offset: number }): Promise<Page<StoredOrder>>;
  /**
   * The admin's order list (docs/requirements.md §13 "Finding things"): the orders `filters` match (default:
   * every order but cancelled ones, newest first) in their order, one page, and how many match.
   */
  listAll(page: { limit: number; offset: number }, filters?: OrderFilters): Promise<Page<StoredOrder>>;
  /**
   * The next at most `limit` order rows (without lines and events) that `filters` match, in their order, after
   * `cursor` (from the start without one), with the cursor of the last row: the CSV export reads the whole
   * filtered list chunk by chunk this way, each chunk one indexed query.
   */
  exportChunk(
    filters: OrderFilters,
    cursor: OrderCursor | undefined,
    limit: number,
  ): Promise<{ rows: OrderRow[]; cursor: OrderCursor | undefined }>;
  /**
   * pending -> shipped with the carrier and tracking number given (null: none), the timeline event and the
   * "order shipped" mail (docs/requirements.md §13), in one transaction: the one place an order becomes shipped.
   * False when the order is not pending (nothing changes).
   */
  markShipped(
    id: string,
    actor: Actor,
    shipment: { carrier: string | null; trackingNumber: string | null },
  ): Promise<boolean>;
  /**
   * unpaid -> cancelled and every line's quantity back to its part, in one transaction; the stock movements name
   * the order and `userId` (the user who cancelled; default: the order's customer). Returns the ids of the
   * restocked parts, or null when the order was not unpaid.
   */
  cancelUnpaid(id: string, actor: Actor, userId?: string): Promise<string[] | null>;
  /** Moves `from` -> `to` with extra column values and a timeline event; false when the order is not in `from`. */
  transition(
    id: string,
    from: OrderStatusValue,
    to: OrderStatusValue,
    actor: Actor,
    values?: Partial<Pick<OrderRow, 'transactionId' | 'paidAt' | 'paymentIntentId'>>,
  ): Promise<boolean>;
  /** Records the provider's payment intent of an unpaid order. */
  setPaymentIntent(id: string, paymentIntentId: string): Promise<void>;
  /**
   * unpaid -> pending with the confirmed payment `transactionId`, in one transaction with markPaid(); false when
   * the order is not unpaid (nothing changes).
   */
  markPaid(id: string, transactionId: string, actor: Actor): Promise<boolean>;
  /**
   * Stores a provider event once (unique provider + event id) and, when `paid` is given, marks that order paid
   * (markPaid()), in one transaction. `recorded` is false for a replay, which changes nothing.
   */
  recordPaymentEvent(
    event: { provider: string; eventId: string; type: string; orderId: string | null; payload: unknown },
    paid?: { orderId: string; transactionId: string },
  ): Promise<{ recorded: boolean }>;
}

/**
 * The API's Order DTO of a stored order (cents to dollars). The spec's one-part fields describe the only line;
 * for several lines productName is "<first> and N more", productId null, quantity every unit and price the
 * subtotal (before tax) over the units (docs/decisions/017). total is subtotal + tax.
 */
export function toOrder(order: StoredOrder): Order {
  const [first] = order.lines;
  const single = order.lines.length === 1 && first !== undefined;
  return {
    _id: order.id,
    productId: single ? first.partId : null,
    productName: single ? first.name : `${order.productName} and ${order.lineCount - 1} more`,
    quantity: order.quantity,
    price: single
      ? toDollars(first.unitPriceCents)
      : toDollars(Math.round((order.totalCents - order.taxCents) / Math.max(order.quantity, 1))),
    totalPrice: toDollars(order.totalCents),
    customerName: order.customerName,
    email: order.email,
    phone: order.phone,
    address: order.address,
    paid: order.status === 'pending' || order.status === 'shipped',
    status: order.status,
    transactionId: order.transactionId,
    createdAt: order.createdAt.toISOString(),
    refundedAmount: order.refundedCents === null ? null : toDollars(order.refundedCents),
    refundedAt: order.refundedAt?.toISOString() ?? null,
    number: formatOrderNumber(order.number),
    lines: order.lines.map((line) => ({
      partId: line.partId,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPrice: toDollars(line.unitPriceCents),
      lineTotal: toDollars(line.lineTotalCents),
    })),
    total: toDollars(order.totalCents),
    subtotal: toDollars(order.totalCents - order.taxCents),
    tax: toDollars(order.taxCents),
    taxRatePercent: order.taxRateBasisPoints / 100,
    poNumber: order.poNumber,
    note: order.note,
    ...(order.carrier === null ? {} : { carrier: order.carrier }),
    ...(order.trackingNumber === null ? {} : { trackingNumber: order.trackingNumber }),
    history: order.events.map((event) => ({
      status: event.status,
      at: event.at.toISOString(),
      by: event.actorName,
    })),
  };
}

/**
 * Adds `change` (part id -> units, negative to take) to each part's stock in one statement. The caller holds the
 * parts' rows (locked in id order, as reserve() and restock() do).
 */
async function changeStock(tx: AppDatabase, change: ReadonlyMap<string, number>): Promise<void> {
  const ids = [...change.keys()];
  await tx.execute(sql`
    update ${parts} set available = ${parts.available} + changed.units
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(ids.map((id) => change.get(id)!))}::int[])
      as changed(id, units)
    where ${parts.id} = changed.id`);
}

/**
 * Adds `lines`' quantities back to their parts' stock (cancel, expiry), locking every part row in id order first,
 * as reserve() does. Each order's stock goes back under its own stock context (`context` with that order's id),
 * so every movement names the order behind it (docs/requirements.md §13). Returns the ids of the parts restocked.
 */
async function restock(
  tx: AppDatabase,
  lines: readonly { orderId: string; partId: string | null; quantity: number }[],
  context: Omit<StockContext, 'orderId'>,
) {
  const byOrder = new Map<string, Map<string, number>>();
  for (const { orderId, partId, quantity } of lines) {
    if (!partId) continue;
    const returned = byOrder.get(orderId) ?? new Map<string, number>();
    returned.set(partId, (returned.get(partId) ?? 0) + quantity);
    byOrder.set(orderId, returned);
  }
  const ids = [...new Set([...byOrder.values()].flatMap((returned) => [...returned.keys()]))].sort();
  if (ids.length === 0) return [];
  await queryRows(
    tx,
    sql`select id from ${parts} where id = any(${sql.param(ids)}::uuid[]) order by id for no key update`,
  );
  for (const [orderId, returned] of byOrder) {
    await setStockContext(tx, { ...context, orderId });
    await changeStock(tx, returned);
  }
  return ids;
}

/**
 * reserve() on `tx`, a transaction: takes the customer's lock unless `customerLocked`, counts the unpaid orders,
 * locks the parts in id order, checks every line, takes the stock, and writes the order, its lines and its first
 * event (the lines and the event in one statement). Returns the stored order as written, without reading it back.
 */
async function placeOrder(
  tx: AppDatabase,
  order: NewOrder,
  { maxUnpaid, holdCutoff, maxTotalCents }: ReserveLimits,
  customerLocked: boolean,
  mailer: OrderMailer | undefined,
): Promise<ReserveResult> {
  // One customer's orders are placed one at a time, so the count below cannot be stale.
  if (!customerLocked) await lockCustomer(tx, order.userId);
  const [unpaid] = await tx
    .select({ value: count() })
    .from(orders)
    .where(
      and(eq(orders.userId, order.userId), eq(orders.status, 'unpaid'), gte(orders.createdAt, holdCutoff)),
    );
  if ((unpaid?.value ?? 0) >= maxUnpaid) return { ok: false, reason: 'too-many-unpaid' };
  // Lock every part in id order: a concurrent buyer of the same parts waits here and then sees the stock this
  // order leaves, so stock never goes below zero (the CHECK constraint is the backstop).
  const ids = [...new Set(order.lines.map((line) => line.partId))].sort();
  if (ids.length !== order.lines.length) throw new Error('reserve: one line per part');
  const locked = await tx
    .select(partTermsColumns)
    .from(parts)
    .where(inArray(parts.id, ids))
    .orderBy(asc(parts.id))
    // NO KEY UPDATE: enough for changing the stock, and it does not block the key-share locks that inserting a
    // cart line (a foreign key to the part) takes, so carts being filled never deadlock with a checkout.
    .for('no key update');
  const byId = new Map(locked.map((part) => [part.id, part]));
  const problems: LineProblem[] = [];
  for (const { partId, quantity } of order.lines) {
    const part = byId.get(partId);
    const problem = part ? quantityProblem(quantity, part) : 'part-not-found';
    if (problem === 'part-not-found') problems.push({ partId, problem });
    else if (problem && part)
      problems.push({
        partId,
        problem,
        quantity,
        minqty: part.minqty,
        packSize: part.packSize,
        available: part.available,
      });
  }
  if (problems.length > 0) return { ok: false, reason: 'lines-unavailable', lines: problems };
  const lines = order.lines.map(({ partId, quantity }, index) => {
    const part = byId.get(partId)!;
    // The unit price of this quantity (its quantity break), from the row just locked.
    const unitPrice = partPriceCents(part, quantity);
    return {
      lineNumber: index + 1,
      partId,
      sku: part.sku,
      name: part.name,
      quantity,
      unitPriceCents: unitPrice,
      lineTotalCents: unitPrice * quantity,
    };
  });
  // The total is what the customer pays: the lines plus their tax (docs/requirements.md §13).
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const tax = taxCents(subtotalCents, order.taxRateBasisPoints);
  const totalCents = subtotalCents + tax;
  if (maxTotalCents !== undefined && totalCents > maxTotalCents)
    return { ok: false, reason: 'total-too-large' };
  const { lines: _lines, ...columns } = order;
  const [row] = await tx
    .insert(orders)
    .values({
      ...columns,
      lineCount: lines.length,
      quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
      productName: lines[0]!.name,
      totalCents,
      taxCents: tax,
    })
    .returning();
  const orderId = row!.id;
  // Stock is taken once the order row exists, so its movements name it (docs/requirements.md §13).
  await setStockContext(tx, { reason: 'order_placed', orderId, userId: order.userId });
  await changeStock(tx, new Map(lines.map((line) => [line.partId, -line.quantity])));
  const column = <K extends keyof (typeof lines)[number]>(key: K) =>
    sql.param(lines.map((line) => line[key]));
  const [event] = await queryRows<{ id: string | number }>(
    tx,
    sql`
      with written as (
        insert into ${orderLines} (order_id, line_number, part_id, sku, name, quantity, unit_price_cents, line_total_cents)
        select ${orderId}, line.* from unnest(${column('lineNumber')}::int[], ${column('partId')}::uuid[],
          ${column('sku')}::text[], ${column('name')}::text[], ${column('quantity')}::int[],
          ${column('unitPriceCents')}::int[], ${column('lineTotalCents')}::bigint[]) as line
      )
      insert into ${orderEvents} (order_id, status, actor_name) values (${orderId}, 'unpaid', ${order.customerName})
      returning id`,
  );
  await mailer?.queue(tx, 'order-confirmation', orderId);
  return {
    ok: true,
    order: {
      ...row!,
      lines: lines.map((line) => ({ ...line, orderId })),
      // The event's time is the transaction's now(), as the order's created_at is.
      events: [
        {
          id: Number(event!.id),
          orderId,
          status: 'unpaid',
          at: row!.createdAt,
          actorName: order.customerName,
        },
      ],
    },
  };
}

/**
 * The one way an order becomes paid, for both the customer's confirmed payment (PATCH /order/{id}) and the
 * provider's webhook: unpaid -> pending with the payment's id and time, its timeline event, and its invoice
 * (docs/requirements.md §13: numbered in this same transaction). `tx` must be a transaction. The update is
 * conditional on 'unpaid', so a replay or a concurrent second payment changes nothing and issues no second
 * invoice. Returns whether the order moved.
 */
export async function markPaid(
  tx: AppDatabase,
  orderId: string,
  transactionId: string,
  actor: Actor,
  mailer: OrderMailer | undefined,
): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set({ status: 'pending', transactionId, paymentIntentId: transactionId, paidAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
    .returning({ id: orders.id });
  if (moved.length === 0) return false;
  await tx.insert(orderEvents).values({ orderId, status: 'pending', actorName: actor });
  await issueInvoice(tx, orderId);
  await mailer?.queue(tx, 'payment-receipt', orderId);
  return true;
}

/**
 * Builds the order repository on `db`. With `mailer`, placing, paying and shipping an order queue its email in the
 * same transaction (docs/requirements.md §13). Database errors propagate.
 */
export function createOrderRepository(db: AppDatabase, mailer?: OrderMailer): OrderRepository {
  /** The line items and events of `rows`, attached in place. */
  async function withDetails(rows: OrderRow[]): Promise<StoredOrder[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [lines, events] = await Promise.all([
      db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.orderId), asc(orderLines.lineNumber)),
      db
        .select()
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, ids))
        .orderBy(asc(orderEvents.orderId), asc(orderEvents.id)),
    ]);
    const byOrder = new Map<string, StoredOrder>(
      rows.map((row) => [row.id, { ...row, lines: [], events: [] }]),
    );
    for (const line of lines) byOrder.get(line.orderId)!.lines.push(line);
    for (const event of events) byOrder.get(event.orderId)!.events.push(event);
    return [...byOrder.values()];
  }

  async function page(
    where: ReturnType<typeof and>,
    { limit, offset }: { limit: number; offset: number },
    orderBy: SQL[] = [desc(orders.createdAt), desc(orders.id)],
  ) {
    const [items, totals] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
      db.select({ value: count() }).from(orders).where(where),
    ]);
    return { items: await withDetails(items), total: totals[0]?.value ?? 0 };
  }

  return {
    reserve(order, limits, { customerLocked = false } = {}) {
      // In the caller's transaction when it holds the customer's lock (checkout), else in a new one.
      if (customerLocked) return placeOrder(db, order, limits, true, mailer);
      return db.transaction((tx) => placeOrder(tx as unknown as AppDatabase, order, limits, false, mailer));
    },

    async findById(id) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row ? (await withDetails([row]))[0] : undefined;
    },

    listByUser(userId, paging) {
      return page(and(eq(orders.userId, userId), ne(orders.status, 'cancelled')), paging);
    },

    listAll(paging, filters = DEFAULT_ORDER_FILTERS) {
      return page(orderFilterWhere(filters), paging, orderListOrderBy(filters));
    },

    async exportChunk(filters, cursor, limit) {
      const where = orderFilterWhere(filters);
      const rows = await db
        .select({ row: orders, cursorValue: cursorValueColumn(filters) })
        .from(orders)
        .where(cursor ? and(where, afterCursor(filters, cursor)) : where)
        .orderBy(...orderListOrderBy(filters))
        .limit(limit);
      const last = rows.at(-1);
      return {
        rows: rows.map(({ row }) => row),
        cursor: last ? { value: last.cursorValue, id: last.row.id } : undefined,
      };
    },

    markShipped(id, actor, { carrier, trackingNumber }) {
      return db.transaction(async (tx) => {
        const [shipped] = await tx
          .update(orders)
          .set({ status: 'shipped', carrier, trackingNumber })
          .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
          .returning();
        if (!shipped) return false;
        await tx.insert(orderEvents).values({ orderId: id, status: 'shipped', actorName: actor });
        await mailer?.queue(tx as unknown as AppDatabase, 'order-shipped', id);
        return true;
      });
    },

    cancelUnpaid(id, actor, userId) {
      return db.transaction(async (tx) => {
        const [cancelled] = await tx
          .update(orders)
          .set({ status: 'cancelled' })
          .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
          .returning({ id: orders.id, userId: orders.userId });
        if (!cancelled) return null;
        await tx.insert(orderEvents).values({ orderId: id, status: 'cancelled', actorName: actor });
        const lines = await tx
          .select({ orderId: orderLines.orderId, partId: orderLines.partId, quantity: orderLines.quantity })
          .from(orderLines)
          .where(eq(orderLines.orderId, id));
        return restock(tx as unknown as AppDatabase, lines, {
          reason: 'order_cancelled',
          userId: userId ?? cancelled.userId,
        });
      });
    },

    expireUnpaid(cutoff, { orderId, limit = 500 } = {}) {
      return db.transaction(async (tx) => {
        const expired = await queryRows<{ id: string }>(
          tx as unknown as AppDatabase,
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
              returning ${orders.id} as id
            ), events as (
              insert into ${orderEvents} (order_id, status) select id, 'expired' from expired
            )
            select id from expired`,
        );
        if (expired.length === 0) return { expired: 0, partIds: [] };
        const lines = await tx
          .select({ orderId: orderLines.orderId, partId: orderLines.partId, quantity: orderLines.quantity })
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              expired.map((row) => row.id),
            ),
          )
          .orderBy(asc(orderLines.orderId), asc(orderLines.lineNumber));
        return {
          expired: expired.length,
          partIds: await restock(tx as unknown as AppDatabase, lines, { reason: 'hold_expired' }),
        };
      });
    },

    async recordRefund(id, { refundId, refundedCents }) {
      const recorded = await db
        .update(orders)
        .set({ refundId, refundedCents, refundedAt: new Date() })
        .where(and(eq(orders.id, id), isNull(orders.refundId)))
        .returning({ id: orders.id });
      return recorded.length > 0;
    },

    transition(id, from, to, actor, values = {}) {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(orders)
          .set({ ...values, status: to })
          .where(and(eq(orders.id, id), eq(orders.status, from)))
          .returning({ id: orders.id });
        if (changed.length === 0) return false;
        await tx.insert(orderEvents).values({ orderId: id, status: to, actorName: actor });
        return true;
      });
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
          await markPaid(tx as unknown as AppDatabase, paid.orderId, paid.transactionId, null, mailer);
        return { recorded: true };
      });
    },

    markPaid(id, transactionId, actor) {
      return db.transaction((tx) => markPaid(tx as unknown as AppDatabase, id, transactionId, actor, mailer));
    },

    async setPaymentIntent(id, paymentIntentId) {
      await db
        .update(orders)
        .set({ paymentIntentId })
        .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')));
    },
  };
}
