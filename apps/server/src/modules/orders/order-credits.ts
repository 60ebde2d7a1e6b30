/**
 * What the credit-memos module needs of an order (docs/requirements.md §17 "Credit memos and refunds";
 * docs/design.md "Modules and tables": only the orders module writes orders, their lines and timeline): the order
 * and its lines as sold, locked for the memo's transaction; its timeline entries of credits and refunds (a card
 * refund also grows `refunded_cents`); and the admins' cancellation of a paid order nothing of which has shipped.
 * Money: integer cents.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { orderEvents, orderLines, orders, type OrderStatus } from '../../db/schema/index.js';
import type { PaymentMethod } from '@partsforge/shared';
import { holdsOrder } from '../companies/index.js';
import type { AuthUser } from '../identity/index.js';
import { restock } from './order-repository.js';

/** An order line as a credit memo prices it (cents). */
export interface CreditOrderLine {
  id: string;
  lineNumber: number;
  partId: string | null;
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** Refundable core deposit per unit. */
  coreChargeCents: number;
  shippedQuantity: number;
}

/** An order as a credit memo needs it (cents; the tax rate in thousandths of a percent). */
export interface CreditOrder {
  id: string;
  number: number;
  userId: string | null;
  companyId: string | null;
  customerName: string;
  email: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  /** The succeeded payment intent of a card order (its transaction id). */
  paymentIntentId: string | null;
  paid: boolean;
  totalCents: number;
  taxCents: number;
  shippingCents: number;
  taxRateMilliPercent: number;
  lines: CreditOrderLine[];
}

/**
 * The order `orderId` with its lines (by line number), the order row locked until `tx` ends (`for update`), so
 * memos of one order are issued one after the other and each sees what the previous credited; undefined when there
 * is no such order. `tx` must be a transaction.
 */
export async function lockOrderForCredit(tx: AppDatabase, orderId: string): Promise<CreditOrder | undefined> {
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      userId: orders.userId,
      companyId: orders.companyId,
      customerName: orders.customerName,
      email: orders.email,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      transactionId: orders.transactionId,
      paymentIntentId: orders.paymentIntentId,
      paidAt: orders.paidAt,
      totalCents: orders.totalCents,
      taxCents: orders.taxCents,
      shippingCents: orders.shippingCents,
      taxRateMilliPercent: orders.taxRateMilliPercent,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!row) return undefined;
  const lines = await tx
    .select({
      id: orderLines.id,
      lineNumber: orderLines.lineNumber,
      partId: orderLines.partId,
      sku: orderLines.sku,
      name: orderLines.name,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      lineTotalCents: orderLines.lineTotalCents,
      coreChargeCents: orderLines.coreChargeCents,
      shippedQuantity: orderLines.shippedQuantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNumber));
  const { transactionId, paymentIntentId, paidAt, ...order } = row;
  // A card order is paid once its payment is confirmed (pending and on); an account order is credited once invoiced.
  const paid =
    row.paymentMethod === 'account'
      ? ['pending', 'partially-shipped', 'shipped'].includes(row.status)
      : paidAt !== null && ['pending', 'partially-shipped', 'shipped'].includes(row.status);
  return { ...order, paymentIntentId: transactionId ?? paymentIntentId, paid, lines };
}

/**
 * Writes a timeline entry of a credit on `orderId` inside `tx`, under the order's current status: `note` names the
 * memo; with `refundedCents` it is the card refund of a memo, and the order's `refunded_cents` grows by it
 * (`refundedAmount` in order answers) with `refunded_at` now.
 */
export async function recordOrderCredit(
  tx: AppDatabase,
  orderId: string,
  entry: { note: string; actorName: string | null; refundedCents?: number },
): Promise<void> {
  const refunded = entry.refundedCents ?? null;
  if (refunded !== null)
    await tx
      .update(orders)
      .set({ refundedCents: sql`coalesce(${orders.refundedCents}, 0) + ${refunded}`, refundedAt: new Date() })
      .where(eq(orders.id, orderId));
  await queryRows(
    tx,
    sql`insert into ${orderEvents} (order_id, status, actor_name, note, refunded_cents)
        select id, status, ${entry.actorName}, ${entry.note}, ${refunded}::bigint from ${orders} where id = ${orderId}`,
  );
}

/**
 * Cancels the paid order `orderId` of which nothing has shipped (an admin's cancel-and-refund) inside `tx`: pending
 * -> cancelled with its timeline entry, and every line's units back in stock (reason order_cancelled, the order
 * named). Returns the ids of the parts restocked, or null when the order is not pending or a unit has shipped
 * (nothing changes).
 */
export async function cancelPaidOrder(
  tx: AppDatabase,
  orderId: string,
  actor: { id: string; name: string },
): Promise<string[] | null> {
  const [cancelled] = await queryRows<{ id: string }>(
    tx,
    sql`update ${orders} set status = 'cancelled', updated_at = now()
         where id = ${orderId} and status = 'pending'
           and not exists (select 1 from ${orderLines} where order_id = ${orderId} and shipped_quantity > 0)
        returning id`,
  );
  if (!cancelled) return null;
  await tx.insert(orderEvents).values({ orderId, status: 'cancelled', actorName: actor.name });
  const lines = await tx
    .select({ orderId: orderLines.orderId, partId: orderLines.partId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId)));
  return restock(tx, lines, { reason: 'order_cancelled', userId: actor.id });
}

/** Who may see an order's credit memos and what their document names of it (cents-free). */
export interface OrderMemoView {
  userId: string | null;
  companyId: string | null;
  number: number;
  customerName: string;
  address: string;
}

/**
 * Whether `user` may see an order owned by `owner`, by the order page's own rule (docs/requirements.md §14): an admin;
 * its customer when it belongs to no company; a current member of its company (not its placer once they left).
 * Reads the caller's membership only for a company's order.
 */
export async function maySeeOrder(
  db: AppDatabase,
  user: Pick<AuthUser, 'id' | 'role'>,
  owner: Pick<OrderMemoView, 'userId' | 'companyId'>,
): Promise<boolean> {
  return user.role === 'admin' || holdsOrder(db, user.id, owner);
}

/** The owner, number, buyer and address of `orderId`; undefined when there is no such order. */
export async function findOrderForMemo(db: AppDatabase, orderId: string): Promise<OrderMemoView | undefined> {
  const [row] = await db
    .select({
      userId: orders.userId,
      companyId: orders.companyId,
      number: orders.number,
      customerName: orders.customerName,
      address: orders.address,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}
