/**
 * What other modules may know of customers' orders without reading the `orders` table themselves (docs/design.md
 * "Modules and tables": each table is written by one module, and others read its data only through that module's
 * index.ts). The orders module alone says which statuses are paid (docs/design.md item 4).
 */
import type { OrderStatusValue } from '@partsforge/shared';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { orders } from '../../db/schema/index.js';

/**
 * The statuses of a paid order (docs/design.md item 4): paid and waiting to ship, partly shipped
 * (docs/requirements.md §16), or shipped.
 */
export const PAID_ORDER_STATUSES = [
  'pending',
  'partially-shipped',
  'shipped',
] as const satisfies readonly OrderStatusValue[];

/** SQL: the `orders` row in scope is paid (its status is one of PAID_ORDER_STATUSES). */
const isPaid: SQL = inArray(orders.status, [...PAID_ORDER_STATUSES]);

/** One customer's orders as the admin's All Users list shows them (docs/requirements.md §13 "Finding things"). */
export interface OrderTotals {
  /** Their orders, cancelled ones left out (expired ones count: they were placed). */
  orderCount: number;
  /** The totals of their paid orders (tax included), in integer cents. */
  spendCents: number;
}

/**
 * The order count and spend of each of `userIds`, from one grouped query over those users' orders; every id given
 * is in the answer, with zeros when the user has no orders. Meant for a page of users (tens of ids), not for every
 * user at once.
 */
export async function orderTotalsByUser(
  db: AppDatabase,
  userIds: readonly string[],
): Promise<Map<string, OrderTotals>> {
  const totals = new Map<string, OrderTotals>(userIds.map((id) => [id, { orderCount: 0, spendCents: 0 }]));
  if (userIds.length === 0) return totals;
  const rows = await db
    .select({
      userId: orders.userId,
      orderCount: sql<number>`count(*) filter (where ${orders.status} <> 'cancelled')`.mapWith(Number),
      spendCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${isPaid}), 0)`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .where(inArray(orders.userId, [...userIds]))
    .groupBy(orders.userId);
  for (const { userId, orderCount, spendCents } of rows)
    if (userId !== null) totals.set(userId, { orderCount, spendCents });
  return totals;
}
