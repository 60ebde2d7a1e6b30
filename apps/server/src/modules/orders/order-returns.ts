/**
 * What the returns module asks of orders (docs/requirements.md §17 "Returns"; docs/design.md "Modules and tables"):
 * the order and its lines as a return checks them (the order row locked in the caller's transaction, so two returns
 * of the same order queue), the facts a return answer names (order number, buyer, line SKUs and prices), the units
 * received back, and the timeline entries of a return. Only this module writes the orders tables. Money in cents.
 */
import { formatOrderNumber, type OrderStatusValue } from '@partsforge/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { orderEvents, orderLines, orders, shipmentLines, shipments } from '../../db/schema/index.js';

/** An order line as a return checks it: what shipped (and when, by shipment), what came back, its core charge. */
export interface ReturnableLine {
  id: string;
  partId: string | null;
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  coreChargeCents: number;
  shippedQuantity: number;
  returnedQuantity: number;
  /** The shipments that sent units of the line, oldest first: when, and how many units. */
  shipments: { shippedAt: Date; quantity: number }[];
}

/** An order as a return checks it: who may return from it, and its lines by line number. */
export interface ReturnableOrder {
  id: string;
  /** "PF-100001". */
  number: string;
  userId: string | null;
  companyId: string | null;
  status: OrderStatusValue;
  customerName: string;
  email: string;
  lines: ReturnableLine[];
}

/** The facts of an order a return's answer shows: number, buyer, and its lines by id in line order (SKU, name, unit price). */
export interface ReturnOrderFacts {
  number: string;
  customerName: string;
  email: string;
  lines: Map<string, { sku: string; name: string; unitPriceCents: number }>;
}

/**
 * The order `orderId` with its lines and their shipments, its row locked (`for update`) until `tx` ends, or null
 * when there is none. A return that checks quantities after this sees every return committed before it.
 */
export async function lockOrderForReturn(tx: AppDatabase, orderId: string): Promise<ReturnableOrder | null> {
  const [order] = await queryRows<{
    id: string;
    number: string;
    user_id: string | null;
    company_id: string | null;
    status: OrderStatusValue;
    customer_name: string;
    email: string;
  }>(
    tx,
    sql`select id, number, user_id, company_id, status, customer_name, email from ${orders}
        where id = ${orderId} for update`,
  );
  if (!order) return null;
  const [lines, sent] = await Promise.all([
    tx
      .select({
        id: orderLines.id,
        partId: orderLines.partId,
        sku: orderLines.sku,
        name: orderLines.name,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
        coreChargeCents: orderLines.coreChargeCents,
        shippedQuantity: orderLines.shippedQuantity,
        returnedQuantity: orderLines.returnedQuantity,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.lineNumber)),
    tx
      .select({
        lineId: shipmentLines.lineId,
        shippedAt: shipments.shippedAt,
        quantity: shipmentLines.quantity,
      })
      .from(shipmentLines)
      .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
      .where(eq(shipments.orderId, orderId))
      .orderBy(asc(shipments.shippedAt)),
  ]);
  return {
    id: order.id,
    number: formatOrderNumber(Number(order.number)),
    userId: order.user_id,
    companyId: order.company_id,
    status: order.status,
    customerName: order.customer_name,
    email: order.email,
    lines: lines.map((line) => ({
      ...line,
      shipments: sent
        .filter((shipment) => shipment.lineId === line.id)
        .map(({ shippedAt, quantity }) => ({ shippedAt, quantity })),
    })),
  };
}

/** The facts of the orders `orderIds` (those that exist) by order id, in two indexed reads. */
export async function returnOrderFacts(
  db: AppDatabase,
  orderIds: readonly string[],
): Promise<Map<string, ReturnOrderFacts>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const [rows, lines] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        customerName: orders.customerName,
        email: orders.email,
      })
      .from(orders)
      .where(inArray(orders.id, ids)),
    db
      .select({
        orderId: orderLines.orderId,
        id: orderLines.id,
        sku: orderLines.sku,
        name: orderLines.name,
        unitPriceCents: orderLines.unitPriceCents,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.lineNumber)),
  ]);
  const facts = new Map(
    rows.map((row) => [
      row.id,
      {
        number: formatOrderNumber(row.number),
        customerName: row.customerName,
        email: row.email,
        lines: new Map<string, { sku: string; name: string; unitPriceCents: number }>(),
      },
    ]),
  );
  for (const { orderId, id, ...line } of lines) facts.get(orderId)?.lines.set(id, line);
  return facts;
}

/**
 * Adds `units` (line id -> units received back) to the returned quantities of order `orderId`'s lines, in `tx`.
 * The database refuses more than shipped (a CHECK).
 */
export async function addReturnedUnits(
  tx: AppDatabase,
  orderId: string,
  units: ReadonlyMap<string, number>,
): Promise<void> {
  const ids = [...units.keys()];
  if (ids.length === 0) return;
  await tx.execute(
    sql`update ${orderLines} set returned_quantity = order_lines.returned_quantity + received.units
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(ids.map((id) => units.get(id)!))}::int[])
          as received(line_id, units)
        where order_lines.id = received.line_id and order_lines.order_id = ${orderId}`,
  );
}

/**
 * Puts a return's step on order `orderId`'s timeline in `tx`: an entry at the order's current status, by `actor`
 * (a name), with `note` saying what happened ("Return RMA-100001 requested").
 */
export async function recordReturnEvent(
  tx: AppDatabase,
  orderId: string,
  actor: string | null,
  note: string,
): Promise<void> {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  await tx.insert(orderEvents).values({ orderId, status: order.status, actorName: actor, note });
}
