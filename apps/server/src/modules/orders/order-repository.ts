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
  formatShipmentNumber,
  ORDER_NUMBER_PREFIX,
  trackingUrl,
  quantityProblem,
  toDollars,
  type Order,
  type OrderEvent,
  type Shipment,
  type InvoicePaymentMethod,
  type OrderStatusValue,
  type PaymentMethod,
  type QuantityProblem,
  type ShipTo,
} from '@partsforge/shared';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { anyLengthArray, idIn, queryRows, queryRowsPrepared, type AppDatabase } from '../../db/connect.js';
import { violatedConstraint } from '../../db/errors.js';
import { stockContextSql, type StockContext } from '../../db/stock-context.js';
import { partPriceCents, type PartTerms } from '../cart/index.js';
import type { PriceBook } from '../trade-terms/index.js';
import {
  changeStock,
  lockStockInIdOrder,
  STOCK_NON_NEGATIVE_CONSTRAINT,
  takeStockSql,
} from '../inventory/index.js';
import {
  companyCreditSql,
  creditOf,
  invoiceSummaries,
  issueInvoiceSql,
  type CompanyCredit,
  type CompanyCreditRow,
} from '../invoices/index.js';
import { membershipJsonSql, type Membership } from '../companies/index.js';
import { outboxInsertSql, type OutgoingMail } from '../mail/index.js';
import type { OrderMailer } from './order-mail.js';
import {
  orderEvents,
  orderLines,
  orders,
  paymentEvents,
  shipmentLines,
  shipments,
  type ShipmentRow,
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

/** One line to place: a part and a quantity. */
export interface NewOrderLine {
  partId: string;
  quantity: number;
}

/** A line checked and priced against its part (priceLines): the snapshot an order line stores (cents). */
export interface PricedLine {
  lineNumber: number;
  partId: string;
  sku: string;
  name: string;
  quantity: number;
  /** The buyer's unit price (their terms', docs/requirements.md §15). */
  unitPriceCents: number;
  /** The list unit price at this quantity (equal to unitPriceCents for a buyer without terms). */
  listUnitPriceCents: number;
  lineTotalCents: number;
  /** The part's refundable core deposit per unit (docs/requirements.md §17), never discounted: not in lineTotalCents. */
  coreChargeCents: number;
}

/** An order ready to write (writeOrder): who, where, its priced lines and its money in integer cents. */
export interface PlacedOrder {
  /** Chosen by the caller (crypto.randomUUID), so the stock movements and the mail name it in the same statement. */
  id: string;
  /** The placement time: the order's created_at and its first event's time (its hold runs from it). */
  createdAt: Date;
  userId: string;
  customerName: string;
  email: string;
  phone: string | null;
  address: string;
  poNumber: string | null;
  note: string | null;
  /** Tax on the lines in basis points (1% = 100), the configured rate when it is placed (docs/requirements.md §13). */
  taxRateBasisPoints: number;
  /** The same rate in thousandths of a percent (6.875% = 6875): the destination's (docs/requirements.md §16). */
  taxRateMilliPercent: number;
  /** The destination the rate is of; null: TAX_RATE_PERCENT. */
  taxDestination: { country: string; region: string } | null;
  /** Whether taxCents includes tax on shippingCents. */
  taxShipping: boolean;
  /** The delivery method chosen (code, name, dates quoted), or null for none; its cost in cents. */
  shipping: { method: string; name: string; from: string; to: string } | null;
  shippingCents: number;
  /**
   * 'awaiting-approval' when a company buyer's total is above their spending limit (docs/requirements.md §14);
   * 'pending' for an order on account accepted at once (docs/requirements.md §15); else 'unpaid'.
   */
  status: 'unpaid' | 'awaiting-approval' | 'pending';
  /** How it is paid: by card (unpaid until then) or on the company's account (invoiced). */
  paymentMethod: PaymentMethod;
  /** Placed by a tax-exempt company (no tax), with its resale certificate number. */
  taxExempt: boolean;
  resaleCertificate: string | null;
  /** The placer's company and its name then, or null for an individual customer. */
  company: { id: string; name: string } | null;
  /** The company ship-to location chosen, as it is now (the order keeps this copy), or null for a typed address. */
  shipTo: ShipTo | null;
  /** One per part, at most MAX_CART_LINES. */
  lines: PricedLine[];
  /** Units over every line. */
  quantity: number;
  taxCents: number;
  /** The lines' core deposits: the sum of quantity x coreChargeCents (untaxed; docs/requirements.md §17). */
  coreTotalCents: number;
  /** Lines plus core deposits plus shipping plus tax. */
  totalCents: number;
}

/** Why a line cannot be had, with the part's current terms when it exists. */
export type LineProblem =
  | { partId: string; problem: 'part-not-found' }
  | {
      partId: string;
      problem: QuantityProblem;
      quantity: number;
      minqty: number;
      packSize: number;
      available: number;
      /** The part's SKU, and its replacement's while it is superseded (docs/requirements.md §17), else null. */
      sku: string;
      replacementSku: string | null;
    };

/** An order's invoice as its answers show it: number, due date (account orders) and open balance in cents. */
export interface OrderInvoice {
  number: string;
  dueAt: Date | null;
  balanceCents: number;
}

/** An order row with its line items (by line number), timeline (oldest first) and invoice (null before one). */
export interface StoredOrder extends OrderRow {
  lines: OrderLineRow[];
  events: OrderEventRow[];
  invoice?: OrderInvoice | null;
  /** Its shipments, oldest first, each with the units of the lines it sent (absent: none read). */
  shipments?: StoredShipment[];
}

/** A shipment as stored, with its lines (line id and units). */
export interface StoredShipment extends ShipmentRow {
  lines: { lineId: string; quantity: number }[];
}

/** The rate an order was placed with, in thousandths of a percent (orders before migration 0029: basis points x 10). */
export const taxRateMilliPercentOf = (order: Pick<OrderRow, 'taxRateMilliPercent' | 'taxRateBasisPoints'>) =>
  order.taxRateMilliPercent > 0 ? order.taxRateMilliPercent : order.taxRateBasisPoints * 10;

/** An order's subtotal in cents (the lines' totals): the total less its core deposits, shipping and tax. */
export const subtotalCentsOf = (
  order: Pick<OrderRow, 'totalCents' | 'taxCents' | 'shippingCents' | 'coreTotalCents'>,
) => order.totalCents - order.taxCents - order.shippingCents - order.coreTotalCents;

/** Statuses in which an order holds stock and may expire: waiting for payment, or for an approver. */
export type HeldStatus = 'unpaid' | 'awaiting-approval';

/** Who moved an order, for its timeline: a name, or null for the hold sweep and provider events. */
export type Actor = string | null;

/** Order queries and state changes on one database. */
export interface OrderRepository {
  /**
   * Orders in `status` whose hold started before `cutoff` (unpaid: holdStart; awaiting approval: placement; only
   * `orderId` when given; at most `limit`) become 'expired' and their lines' quantities go back to stock (each
   * order's movements, reason 'hold_expired', name it), in one transaction; rows another transaction holds are
   * skipped (SKIP LOCKED) for the next sweep. Returns how many expired and the ids of the parts whose stock changed.
   */
  expireHeld(
    status: HeldStatus,
    cutoff: Date,
    options?: { orderId?: string; limit?: number },
  ): Promise<{ expired: number; partIds: string[] }>;
  /**
   * awaiting-approval -> unpaid by `actor` (docs/requirements.md §14), its payment hold starting now (approved_at),
   * or -> pending (`to`, an order on account, docs/requirements.md §15; `on` the transaction that checked its credit),
   * with its timeline event, when it was placed at or after `cutoff` (else its approval hold ran out); false when
   * it is not awaiting approval then (nothing changes). `mail`, when given, is queued in the same statement.
   */
  approve(
    id: string,
    actor: Actor,
    cutoff: Date,
    mail?: OutgoingMail,
    options?: { on?: AppDatabase; to?: 'unpaid' | 'pending' },
  ): Promise<boolean>;
  /** Records a refund on the order once (a second call changes nothing); false when one was already recorded. */
  recordRefund(id: string, refund: { refundId: string; refundedCents: number }): Promise<boolean>;
  findById(id: string): Promise<StoredOrder | undefined>;
  /** The order row alone (no lines, no events), in one query. */
  findRowById(id: string): Promise<OrderRow | undefined>;
  /**
   * The orders a customer sees (docs/requirements.md §14), newest first, without cancelled ones: their company's
   * (`companyId`) and their own placed outside any company.
   */
  listForCustomer(
    customer: { userId: string; companyId: string | null },
    page: { limit: number; offset: number },
  ): Promise<Page<StoredOrder>>;
  /** The orders of `companyId` awaiting approval, oldest first (the approvers' list), one page and the total. */
  listAwaitingApproval(
    companyId: string,
    page: { limit: number; offset: number },
  ): Promise<Page<StoredOrder>>;
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
   * Ships units of order `id`'s lines in one shipment (docs/requirements.md §16), in one transaction that locks the
   * order row and its lines (`for update`), so two admins shipping at once cannot send more than was ordered:
   * `lines` the units per line id, or 'rest' for every unit not yet shipped (Mark as shipped). Writes the shipment
   * and its lines, adds to the lines' shipped quantities, moves the order to 'partially-shipped' or, once every unit
   * has shipped, 'shipped' (with a timeline entry naming the shipment), keeps the carrier and tracking number on
   * the order, and queues the buyer's shipment mail. Answers the shipment's id, or why nothing changed: the order
   * is not pending nor partially shipped ('status', with it), a line id is not the order's ('unknown-line'), or a
   * quantity is above what is left of its line ('over', with the line's SKU and units left).
   */
  ship(
    id: string,
    actor: Actor,
    shipment: {
      lines: readonly { lineId: string; quantity: number }[] | 'rest';
      carrier: string;
      trackingNumber: string | null;
    },
  ): Promise<
    | { ok: true; shipmentId: string }
    | { ok: false; reason: 'status'; status: OrderStatusValue }
    | { ok: false; reason: 'not-found' }
    | { ok: false; reason: 'unknown-line'; lineId: string }
    | { ok: false; reason: 'over'; sku: string; left: number }
  >;
  /**
   * unpaid or awaiting approval -> `to` (cancelled by a buyer, rejected by an approver with `note`, the reason) and
   * every line's quantity back to its part, in one transaction, with the timeline event and `mail` when given; the
   * stock movements (reason 'order_cancelled') name the order and `userId` (the user who acted; default: the
   * order's customer). Returns the ids of the restocked parts, or null when the order was in none of `from`.
   */
  withdraw(
    id: string,
    change: {
      from: readonly HeldStatus[];
      to: 'cancelled' | 'rejected';
      actor: Actor;
      userId?: string;
      note?: string;
      mail?: OutgoingMail;
    },
  ): Promise<string[] | null>;
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
   * unpaid -> pending with the confirmed payment `transactionId` (markPaid(): one statement); false when the order
   * is not unpaid (nothing changes). `order` is the order as read, for the receipt.
   */
  markPaid(order: StoredOrder, transactionId: string, actor: Actor): Promise<boolean>;
  /**
   * Stores a provider event once (unique provider + event id) and, when `paid` is given, marks that order paid
   * (markPaid()), in one statement. `recorded` is false for a replay, which changes nothing; `paid` says whether the
   * order moved.
   */
  recordPaymentEvent(
    event: { provider: string; eventId: string; type: string; orderId: string | null; payload: unknown },
    paid?: { order: StoredOrder; transactionId: string },
  ): Promise<{ recorded: boolean; paid: boolean }>;
}

/**
 * The timeline with the order's refund of a payment it could no longer take (if any: its `refundId`) in its place by
 * time: the status then, the dollars refunded. Credit memos' refunds are timeline rows of their own
 * (docs/requirements.md §17), counted in `refundedCents` too.
 */
function withRefund(history: OrderEvent[], order: StoredOrder): OrderEvent[] {
  if (order.refundId === null || order.refundedAt === null || order.refundedCents === null) return history;
  const at = order.refundedAt.toISOString();
  const before = history.filter((event) => event.at <= at);
  const refund: OrderEvent = {
    status: before.at(-1)?.status ?? order.status,
    at,
    by: null,
    refunded: toDollars(order.refundedCents),
  };
  return [...before, refund, ...history.filter((event) => event.at > at)];
}

/** How long held orders wait (config): an unpaid one for payment, one awaiting approval for an owner or manager. */
export interface HoldTimes {
  holdMinutes: number;
  approvalHoldHours: number;
}

/** When an unpaid order's payment hold starts: its approval when it had to wait for one, else its placement. */
export const holdStart = (order: Pick<OrderRow, 'approvedAt' | 'createdAt'>) =>
  order.approvedAt ?? order.createdAt;

/**
 * The API's Order DTO of a stored order (cents to dollars). The spec's one-part fields describe the only line;
 * for several lines productName is "<first> and N more", productId null, quantity every unit and price the
 * subtotal (before tax) over the units (docs/decisions/017). total is subtotal + tax. An unpaid order says when its
 * hold of `holdMinutes` ends (holdExpiresAt, from holdStart), one awaiting approval when its `approvalHoldHours` end
 * (approvalExpiresAt); company, placedBy and shipTo as docs/requirements.md §14 gives them.
 */
export function toOrder(order: StoredOrder, { holdMinutes, approvalHoldHours }: HoldTimes): Order {
  const [first] = order.lines;
  const single = order.lines.length === 1 && first !== undefined;
  return {
    _id: order.id,
    productId: single ? first.partId : null,
    productName: single ? first.name : `${order.productName} and ${order.lineCount - 1} more`,
    quantity: order.quantity,
    price: single
      ? toDollars(first.unitPriceCents)
      : toDollars(Math.round(subtotalCentsOf(order) / Math.max(order.quantity, 1))),
    totalPrice: toDollars(order.totalCents),
    customerName: order.customerName,
    email: order.email,
    phone: order.phone,
    address: order.address,
    // An order on account is paid once its invoice is (paid_at); a card order once its payment is confirmed.
    paid:
      order.paymentMethod === 'account'
        ? order.paidAt !== null
        : order.status === 'pending' || order.status === 'partially-shipped' || order.status === 'shipped',
    status: order.status,
    transactionId: order.transactionId,
    createdAt: order.createdAt.toISOString(),
    refundedAmount: order.refundedCents === null ? null : toDollars(order.refundedCents),
    refundedAt: order.refundedAt?.toISOString() ?? null,
    holdExpiresAt:
      order.status === 'unpaid'
        ? new Date(holdStart(order).getTime() + holdMinutes * 60_000).toISOString()
        : null,
    approvalExpiresAt:
      order.status === 'awaiting-approval'
        ? new Date(order.createdAt.getTime() + approvalHoldHours * 3_600_000).toISOString()
        : null,
    company: order.companyId === null ? null : { _id: order.companyId, name: order.companyName ?? '' },
    placedBy: { name: order.customerName, email: order.email },
    shipTo: order.shipTo,
    paymentMethod: order.paymentMethod,
    taxExempt: order.taxExempt,
    resaleCertificate: order.resaleCertificate,
    invoice: order.invoice
      ? {
          number: order.invoice.number,
          dueAt: order.invoice.dueAt?.toISOString() ?? null,
          balance: toDollars(order.invoice.balanceCents),
        }
      : null,
    number: formatOrderNumber(order.number),
    lines: order.lines.map((line) => ({
      _id: line.id,
      shippedQuantity: line.shippedQuantity,
      returnedQuantity: line.returnedQuantity,
      partId: line.partId,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPrice: toDollars(line.unitPriceCents),
      listUnitPrice: toDollars(line.listUnitPriceCents ?? line.unitPriceCents),
      lineTotal: toDollars(line.lineTotalCents),
      coreCharge: toDollars(line.coreChargeCents),
    })),
    total: toDollars(order.totalCents),
    subtotal: toDollars(subtotalCentsOf(order)),
    coreTotal: toDollars(order.coreTotalCents),
    tax: toDollars(order.taxCents),
    taxRatePercent: taxRateMilliPercentOf(order) / 1000,
    taxRegion:
      order.taxCountry !== null && order.taxRegion !== null
        ? { country: order.taxCountry, region: order.taxRegion }
        : null,
    taxShipping: order.taxShipping,
    shipping:
      order.shippingMethod === null
        ? null
        : {
            method: order.shippingMethod,
            name: order.shippingName ?? order.shippingMethod,
            cost: toDollars(order.shippingCents),
            estimatedDelivery:
              order.estimatedDeliveryFrom !== null && order.estimatedDeliveryTo !== null
                ? { from: order.estimatedDeliveryFrom, to: order.estimatedDeliveryTo }
                : null,
          },
    shipments: (order.shipments ?? []).map((shipment) => toShipment(shipment, order.lines)),
    poNumber: order.poNumber,
    note: order.note,
    ...(order.carrier === null ? {} : { carrier: order.carrier }),
    ...(order.trackingNumber === null ? {} : { trackingNumber: order.trackingNumber }),
    history: withRefund(
      order.events.map((event) => ({
        status: event.status,
        at: event.at.toISOString(),
        by: event.actorName,
        ...(event.note === null ? {} : { note: event.note }),
        ...(event.refundedCents === null ? {} : { refunded: toDollars(event.refundedCents) }),
        ...(event.paymentAmountCents === null || event.paymentMethod === null
          ? {}
          : {
              payment: {
                amount: toDollars(event.paymentAmountCents),
                method: event.paymentMethod,
                reference: event.paymentReference ?? '',
                at: event.at.toISOString(),
                by: event.actorName,
              },
            }),
      })),
      order,
    ),
  };
}

/** The API's Shipment of a stored one, its lines named by the order's `lines` (SKU and name). */
export function toShipment(shipment: StoredShipment, lines: readonly OrderLineRow[]): Shipment {
  const byId = new Map(lines.map((line) => [line.id, line]));
  return {
    _id: shipment.id,
    number: formatShipmentNumber(shipment.number),
    lines: shipment.lines.map((line) => ({
      lineId: line.lineId,
      sku: byId.get(line.lineId)?.sku ?? '',
      name: byId.get(line.lineId)?.name ?? '',
      quantity: line.quantity,
    })),
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
    shippedAt: shipment.shippedAt.toISOString(),
  };
}

/**
 * Adds `lines`' quantities back to their parts' stock (cancel, expiry) through the inventory module, locking every
 * part row in id order first, as placing a multi-line order does. Each order's stock goes back under its own stock
 * context (`context` with that order's id), so every movement names the order behind it (docs/requirements.md §13).
 * Returns the ids of the parts restocked.
 */
export async function restock(
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
  await lockStockInIdOrder(tx, ids);
  for (const [orderId, returned] of byOrder) await changeStock(tx, returned, { ...context, orderId });
  return ids;
}

/**
 * Takes the customer's lock until `tx` ends (the key of db/locks.ts: the cart's lock too) and answers whether one
 * more unpaid order is allowed: fewer than `maxUnpaid` unpaid orders placed after `holdCutoff`, counted after the
 * lock was granted (migration 0021's orders_admit_unpaid). Reads the customer's company membership in the same
 * statement (one round trip fewer for every checkout; companies' membershipJsonSql). `tx` must be a transaction.
 */
export async function admitUnpaidOrder(
  tx: AppDatabase,
  userId: string,
  { maxUnpaid, holdCutoff }: { maxUnpaid: number; holdCutoff: Date },
): Promise<{ admitted: boolean; membership: Membership | null }> {
  const [row] = await queryRowsPrepared<{ admitted: boolean; membership: Membership | null }>(
    tx,
    'orders_admit_checkout',
    sql`select orders_admit_unpaid(${userId}, ${holdCutoff.toISOString()}::timestamptz, ${maxUnpaid}) as admitted,
      ${membershipJsonSql(userId)} as membership`,
  );
  return { admitted: row?.admitted === true, membership: row?.membership ?? null };
}

/** Where an order number goes in the confirmation rendered before the statement draws it (writeOrder). */
export const ORDER_NUMBER_PLACEHOLDER = '\u001forder-number\u001f';

/**
 * Where the invoice number goes in a mail rendered before the statement that issues the invoice (markPaid's receipt,
 * issueAccountInvoice's mails).
 */
export const INVOICE_NUMBER_PLACEHOLDER = '\u001finvoice-number\u001f';

/**
 * Checks `lines` against their parts' `terms` (at least the minimum, whole packs, at most the stock as read) and
 * prices each at its quantity break (docs/requirements.md §11) as `book`'s buyer pays it (docs/requirements.md §15;
 * null: list prices), keeping the list price and the part's core charge per unit too (never discounted:
 * docs/requirements.md §17), numbering them from 1 in the order given. Returns the priced lines, or every line's
 * problem.
 */
export function priceLines(
  lines: readonly NewOrderLine[],
  terms: ReadonlyMap<string, PartTerms>,
  book: PriceBook | null = null,
): { ok: true; lines: PricedLine[] } | { ok: false; problems: LineProblem[] } {
  const problems: LineProblem[] = [];
  const priced: PricedLine[] = [];
  for (const [index, { partId, quantity }] of lines.entries()) {
    const part = terms.get(partId);
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
        sku: part.sku,
        replacementSku: part.replacementSku,
      });
    else if (part) {
      const listUnitPriceCents = partPriceCents(part, quantity);
      const unitPriceCents = book ? partPriceCents(part, quantity, book) : listUnitPriceCents;
      priced.push({
        lineNumber: index + 1,
        partId,
        sku: part.sku,
        name: part.name,
        quantity,
        unitPriceCents,
        listUnitPriceCents,
        lineTotalCents: unitPriceCents * quantity,
        coreChargeCents: part.coreChargeCents,
      });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lines: priced };
}

/**
 * Writes a placed order in ONE statement (docs/decisions/022-order-path-and-mail-outbox.md): the customer's lock
 * and unpaid count (`orders_admit_unpaid`, unless `admit` is omitted because the caller's transaction already holds
 * the lock and counted), the stock context, the order row with the next order number, its lines, its 'unpaid'
 * event, the stock taken (inventory's takeStockSql: parts locked only until this statement's transaction ends) and
 * the confirmation and `notices` (mail outbox, with the drawn number filled in), and each of `effects` (other modules' writes that
 * belong to placing it, e.g. emptying the cart: each given the WITH item `placed`, one row when the order was
 * written, none otherwise). `order.id` and `order.createdAt` come from the caller. An order of several lines first
 * locks its parts' stock in id order in a statement of its own (unless `stockLocked`: the caller's transaction did),
 * so `db` must then be a transaction. Answers the order number, or 'too-many-unpaid' (nothing written), or 'stock-short' when a part no longer
 * has the quantity (the stock CHECK failed the statement: nothing written; outside a transaction nothing else is
 * affected, inside one the caller must roll back). Other database errors propagate.
 */
export async function writeOrder(
  db: AppDatabase,
  order: PlacedOrder,
  {
    admit,
    stockLocked = false,
    confirmation,
    notices = [],
    effects = [],
  }: {
    admit?: { maxUnpaid: number; holdCutoff: Date };
    /** The caller's transaction holds the lines' parts locked in id order already (no statement of its own). */
    stockLocked?: boolean | undefined;
    confirmation?: OutgoingMail | undefined;
    /** More mails about the placement (the approvers' requests), rendered like the confirmation. */
    notices?: readonly OutgoingMail[];
    effects?: readonly ((placed: SQL) => SQL)[];
  },
): Promise<
  { ok: true; number: number; lineIds: string[] } | { ok: false; reason: 'too-many-unpaid' | 'stock-short' }
> {
  const { id, userId, lines } = order;
  // Several parts: lock them in id order first (in the caller's transaction), so orders sharing parts queue.
  if (lines.length > 1 && !stockLocked)
    await lockStockInIdOrder(
      db,
      lines.map((line) => line.partId),
    );
  // Each line column an array parameter of any length, so one plan serves orders of one line and of ten.
  const column = <K extends keyof PricedLine>(key: K, type: `${string}[]`) =>
    anyLengthArray(sql.param(lines.map((line) => line[key])), type);
  const admitted = admit
    ? sql`orders_admit_unpaid(${userId}, ${admit.holdCutoff.toISOString()}::timestamptz, ${admit.maxUnpaid})`
    : sql`true`;
  const statement = sql`
    with gate as materialized (
      select ${admitted} as admitted, ${stockContextSql({ reason: 'order_placed', orderId: id, userId })}
    ), placed as (
      insert into ${orders} (id, user_id, line_count, quantity, product_name, total_cents, tax_cents,
        tax_rate_basis_points, po_number, note, customer_name, email, phone, address, created_at, updated_at,
        status, company_id, company_name, ship_to, payment_method, tax_exempt, resale_certificate,
        tax_rate_milli_percent, tax_country, tax_region, tax_shipping, shipping_method, shipping_name,
        shipping_cents, estimated_delivery_from, estimated_delivery_to, core_total_cents)
      select ${id}, ${userId}, ${lines.length}, ${order.quantity}, ${lines[0]!.name}, ${order.totalCents},
        ${order.taxCents}, ${order.taxRateBasisPoints}, ${order.poNumber}, ${order.note}, ${order.customerName},
        ${order.email}, ${order.phone}, ${order.address}, ${order.createdAt.toISOString()}::timestamptz,
        ${order.createdAt.toISOString()}::timestamptz, ${order.status}, ${order.company?.id ?? null}::uuid,
        ${order.company?.name ?? null}, ${order.shipTo === null ? null : JSON.stringify(order.shipTo)}::jsonb,
        ${order.paymentMethod}, ${order.taxExempt}, ${order.resaleCertificate}, ${order.taxRateMilliPercent},
        ${order.taxDestination?.country ?? null}, ${order.taxDestination?.region ?? null}, ${order.taxShipping},
        ${order.shipping?.method ?? null}, ${order.shipping?.name ?? null}, ${order.shippingCents},
        ${order.shipping?.from ?? null}::date, ${order.shipping?.to ?? null}::date, ${order.coreTotalCents}
      from gate where gate.admitted
      returning number
    ), written_lines as (
      insert into ${orderLines} (order_id, line_number, part_id, sku, name, quantity, unit_price_cents,
        line_total_cents, list_unit_price_cents, core_charge_cents)
      select ${id}, line.* from placed, unnest(${column('lineNumber', 'int[]')}, ${column('partId', 'uuid[]')},
        ${column('sku', 'text[]')}, ${column('name', 'text[]')}, ${column('quantity', 'int[]')},
        ${column('unitPriceCents', 'int[]')}, ${column('lineTotalCents', 'bigint[]')},
        ${column('listUnitPriceCents', 'int[]')}, ${column('coreChargeCents', 'bigint[]')}) as line
      returning id, line_number
    ), first_event as (
      insert into ${orderEvents} (order_id, status, actor_name, at)
      select ${id}, ${order.status}, ${order.customerName}, ${order.createdAt.toISOString()}::timestamptz from placed
    ), taken as (
      ${takeStockSql(lines, sql`placed`)}
    )${sql.join(
      [...(confirmation ? [confirmation] : []), ...notices].map(
        (mail, index) => sql`, mail_${sql.raw(String(index))} as (
      ${outboxInsertSql(mail, sql`placed`, {
        placeholder: ORDER_NUMBER_PLACEHOLDER,
        value: sql`${ORDER_NUMBER_PREFIX} || placed.number`,
      })}
    )`,
      ),
    )}${sql.join(
      effects.map((effect, index) =>
        sql
          .raw(`, effect_${index} as (`)
          .append(effect(sql`placed`))
          .append(sql.raw(')')),
      ),
    )}
    select (select number from placed) as number,
      (select json_agg(id order by line_number) from written_lines) as line_ids`;
  try {
    const [row] = await queryRowsPrepared<{ number: string | number | null; line_ids: string[] | null }>(
      db,
      'write_order',
      statement,
    );
    if (row?.number === null || row?.number === undefined) return { ok: false, reason: 'too-many-unpaid' };
    return { ok: true, number: Number(row.number), lineIds: row.line_ids ?? [] };
  } catch (error) {
    if (violatedConstraint(error) === STOCK_NON_NEGATIVE_CONSTRAINT)
      return { ok: false, reason: 'stock-short' };
    throw error;
  }
}

/**
 * Issues the invoice of `orderId`, an order on account (docs/requirements.md §15 "Credit"), due `dueAt`, and queues
 * `mails` (rendered with INVOICE_NUMBER_PLACEHOLDER, filled with the number drawn), when the company's credit allows
 * it: nothing of it past due (net of its account credits) and `credit.totalCents` within `credit.creditLimitCents`
 * less its open balance. One statement of the transaction `tx` that accepted the order, after that transaction
 * locked the company's terms (so its snapshot sees the invoices of the company's earlier account orders), and its
 * last but the idempotency record's: the invoice counter row stays locked until the transaction ends
 * (docs/decisions/024). Returns the number
 * (null: refused, nothing written) and the company's credit as read (before this invoice).
 */
export async function issueAccountInvoice(
  tx: AppDatabase,
  orderId: string,
  dueAt: Date,
  mails: readonly OutgoingMail[],
  credit: { companyId: string; totalCents: number; creditLimitCents: number },
): Promise<{ number: string | null; credit: CompanyCredit }> {
  const [row] = await queryRowsPrepared<CompanyCreditRow & { number: string | null }>(
    tx,
    'account_invoice',
    sql`with ${companyCreditSql(credit.companyId)}, within as (
      select 1 from credit
       where past_due <= credits
         and ${credit.totalCents}::bigint <= greatest(0, ${credit.creditLimitCents}::bigint - (open - credits))
    ), ${issueInvoiceSql(orderId, sql`within`, { dueAt })}${sql.join(
      mails.map(
        (mail, index) => sql`, mail_${sql.raw(String(index))} as (
      ${outboxInsertSql(mail, sql`issued`, { placeholder: INVOICE_NUMBER_PLACEHOLDER, value: sql`issued.number` })}
    )`,
      ),
    )}
    select (select number from issued) as number, open, past_due, credits from credit`,
  );
  return { number: row?.number ?? null, credit: creditOf(row) };
}

/** A payment recorded against an order's invoice (docs/requirements.md §15), as recordInvoicePayment takes it. */
export interface InvoicePaymentEntry {
  /** Integer cents, above 0. */
  amountCents: number;
  method: InvoicePaymentMethod;
  reference: string;
  /** The admin who recorded it, as named then (null: a job). */
  actorName: string | null;
  /** Whether the invoice is paid in full with it: the order then turns paid (paid_at). */
  paidInFull: boolean;
}

/**
 * Records on order `orderId`'s timeline a payment against its invoice (docs/requirements.md §15 "Payments": the
 * timeline shows each payment), an entry in the order's current status, and when `paidInFull` marks the order paid
 * (paid_at, once), in one statement of `tx` (the invoices module's transaction that records the payment). Returns
 * false when the order does not exist (nothing written).
 */
export async function recordInvoicePayment(
  tx: AppDatabase,
  orderId: string,
  { amountCents, method, reference, actorName, paidInFull }: InvoicePaymentEntry,
): Promise<boolean> {
  const [row] = await queryRows<{ recorded: number }>(
    tx,
    sql`
      with marked as (
        update ${orders} set paid_at = coalesce(paid_at, now()), updated_at = now()
        where id = ${orderId} and ${paidInFull}
        returning id
      ), entry as (
        insert into ${orderEvents} (order_id, status, actor_name, payment_amount_cents, payment_method, payment_reference)
        select id, status, ${actorName}, ${amountCents}, ${method}, ${reference} from ${orders} where id = ${orderId}
        returning id
      )
      select (select count(*) from entry)::int as recorded, (select count(*) from marked)::int as marked`,
  );
  return (row?.recorded ?? 0) > 0;
}

/** A provider event stored with the payment it reports (recordPaymentEvent). */
interface ProviderEvent {
  provider: string;
  eventId: string;
  type: string;
  orderId: string | null;
  payload: unknown;
}

/**
 * The one way an order becomes paid, for both the customer's confirmed payment (PATCH /order/{id}) and the
 * provider's events (the webhook, the sandbox's confirmation), in ONE autocommitted statement
 * (docs/decisions/022-order-path-and-mail-outbox.md): the provider event when given (once: a replay changes nothing),
 * unpaid -> pending with the payment's id and time, its timeline event, its invoice (docs/requirements.md §13:
 * numbered by the invoices module's WITH items) and the payment receipt (rendered before from `order`, its invoice
 * number filled in). The update is conditional on 'unpaid' (and on the event being new), so a replay or a
 * concurrent second payment changes nothing and issues no second invoice. The year's invoice counter is held only
 * while the statement commits. `db` is the pool (or a transaction, which then holds the counter until it ends).
 */
async function writePayment(
  db: AppDatabase,
  mailer: OrderMailer | undefined,
  {
    event,
    paid,
    actor,
  }: { event?: ProviderEvent; paid?: { order: StoredOrder; transactionId: string }; actor: Actor },
): Promise<{ recorded: boolean; paid: boolean }> {
  const recorded = event
    ? sql`recorded as (
        insert into ${paymentEvents} (provider, provider_event_id, type, order_id, payload)
        values (${event.provider}, ${event.eventId}, ${event.type}, ${event.orderId}, ${JSON.stringify(event.payload ?? null)}::jsonb)
        on conflict (provider, provider_event_id) do nothing
        returning id
      )`
    : sql`recorded as (select 1 as id)`;
  if (!paid) {
    const [row] = await queryRows<{ recorded: number }>(
      db,
      sql`with ${recorded} select (select count(*) from recorded)::int as recorded`,
    );
    return { recorded: (row?.recorded ?? 0) > 0, paid: false };
  }
  const { order, transactionId } = paid;
  const receipt = mailer?.receipt(order, transactionId, INVOICE_NUMBER_PLACEHOLDER);
  // Prepared: it cost a third as much to plan as to run.
  const [row] = await queryRowsPrepared<{ recorded: number; moved: number }>(
    db,
    'order_payment',
    sql`
      with ${recorded}, moved as (
        update ${orders} set status = 'pending', transaction_id = ${transactionId},
          payment_intent_id = ${transactionId}, paid_at = now(), updated_at = now()
        where id = ${order.id} and status = 'unpaid' and exists (select from recorded)
        returning id
      ), paid_event as (
        insert into ${orderEvents} (order_id, status, actor_name) select id, 'pending', ${actor} from moved
      ), ${issueInvoiceSql(order.id, sql`moved`)}${
        receipt
          ? sql`, receipt as (
        ${outboxInsertSql(receipt, sql`issued`, {
          placeholder: INVOICE_NUMBER_PLACEHOLDER,
          value: sql`issued.number`,
        })}
      )`
          : sql``
      }
      select (select count(*) from recorded)::int as recorded, (select count(*) from moved)::int as moved`,
  );
  return { recorded: (row?.recorded ?? 0) > 0, paid: (row?.moved ?? 0) > 0 };
}

/** The shipments of the orders `ids`, oldest first, each with its lines (docs/requirements.md §16). */
async function shipmentsOf(db: AppDatabase, ids: readonly string[]): Promise<StoredShipment[]> {
  const rows = await db
    .select()
    .from(shipments)
    .where(idIn(shipments.orderId))
    .orderBy(asc(shipments.orderId), asc(shipments.number))
    .prepare('shipments_of_orders')
    .execute({ ids: [...ids] });
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      shipmentId: shipmentLines.shipmentId,
      lineId: shipmentLines.lineId,
      quantity: shipmentLines.quantity,
      lineNumber: orderLines.lineNumber,
    })
    .from(shipmentLines)
    .innerJoin(orderLines, eq(orderLines.id, shipmentLines.lineId))
    .where(
      inArray(
        shipmentLines.shipmentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderLines.lineNumber));
  const byId = new Map(rows.map((row) => [row.id, { ...row, lines: [] as StoredShipment['lines'] }]));
  for (const line of lines)
    byId.get(line.shipmentId)!.lines.push({ lineId: line.lineId, quantity: line.quantity });
  return [...byId.values()];
}

/**
 * Builds the order repository on `db`. With `mailer`, placing, paying and shipping an order queue its email in the
 * same transaction (docs/requirements.md §13). Database errors propagate.
 */
export function createOrderRepository(db: AppDatabase, mailer?: OrderMailer): OrderRepository {
  async function findRowById(id: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare('order_by_id')
      .execute({ id });
    return row;
  }

  /**
   * The line items and events of `rows`, attached in place. Its reads are prepared statements of one text for any
   * number of orders (idIn), planned once per connection.
   */
  async function withDetails(rows: OrderRow[]): Promise<StoredOrder[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [lines, events, invoiced, shipped] = await Promise.all([
      db
        .select()
        .from(orderLines)
        .where(idIn(orderLines.orderId))
        .orderBy(asc(orderLines.orderId), asc(orderLines.lineNumber))
        .prepare('order_lines_of_orders')
        .execute({ ids }),
      db
        .select()
        .from(orderEvents)
        .where(idIn(orderEvents.orderId))
        .orderBy(asc(orderEvents.orderId), asc(orderEvents.id))
        .prepare('order_events_of_orders')
        .execute({ ids }),
      invoiceSummaries(db, ids),
      shipmentsOf(db, ids),
    ]);
    const byOrder = new Map<string, StoredOrder>(
      rows.map((row) => [
        row.id,
        { ...row, lines: [], events: [], invoice: invoiced.get(row.id) ?? null, shipments: [] },
      ]),
    );
    for (const line of lines) byOrder.get(line.orderId)!.lines.push(line);
    for (const event of events) byOrder.get(event.orderId)!.events.push(event);
    for (const shipment of shipped) byOrder.get(shipment.orderId)!.shipments!.push(shipment);
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
    async findById(id) {
      const row = await findRowById(id);
      return row ? (await withDetails([row]))[0] : undefined;
    },

    findRowById,

    listForCustomer({ userId, companyId }, paging) {
      const own = and(eq(orders.userId, userId), isNull(orders.companyId));
      return page(
        and(
          companyId === null ? own : or(eq(orders.companyId, companyId), own),
          ne(orders.status, 'cancelled'),
        ),
        paging,
      );
    },

    listAwaitingApproval(companyId, paging) {
      return page(and(eq(orders.companyId, companyId), eq(orders.status, 'awaiting-approval')), paging, [
        asc(orders.createdAt),
        asc(orders.id),
      ]);
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

    ship(id, actor, { lines: wanted, carrier, trackingNumber }) {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as AppDatabase;
        const [order] = await queryRows<{ status: OrderStatusValue }>(
          tx,
          sql`select status from ${orders} where id = ${id} for update`,
        );
        if (!order) return { ok: false as const, reason: 'not-found' as const };
        if (order.status !== 'pending' && order.status !== 'partially-shipped')
          return { ok: false as const, reason: 'status' as const, status: order.status };
        const lines = await queryRows<{
          id: string;
          sku: string;
          quantity: number;
          shipped_quantity: number;
        }>(
          tx,
          sql`select id, sku, quantity, shipped_quantity from ${orderLines} where order_id = ${id}
            order by line_number for update`,
        );
        const byId = new Map(lines.map((line) => [line.id, line]));
        const sending =
          wanted === 'rest'
            ? lines
                .map((line) => ({ lineId: line.id, quantity: line.quantity - line.shipped_quantity }))
                .filter((line) => line.quantity > 0)
            : [...wanted];
        for (const { lineId, quantity } of sending) {
          const line = byId.get(lineId);
          if (!line) return { ok: false as const, reason: 'unknown-line' as const, lineId };
          const left = line.quantity - line.shipped_quantity;
          if (quantity > left) return { ok: false as const, reason: 'over' as const, sku: line.sku, left };
        }
        if (sending.length === 0)
          return { ok: false as const, reason: 'status' as const, status: 'shipped' as const };
        const sent = new Map(sending.map((line) => [line.lineId, line.quantity]));
        const complete = lines.every(
          (line) => line.shipped_quantity + (sent.get(line.id) ?? 0) === line.quantity,
        );
        const status = complete ? 'shipped' : 'partially-shipped';
        const [created] = await tx
          .insert(shipments)
          .values({ orderId: id, carrier, trackingNumber, actorName: actor })
          .returning({ id: shipments.id, number: shipments.number });
        await tx.insert(shipmentLines).values(sending.map((line) => ({ shipmentId: created!.id, ...line })));
        await queryRows(
          tx,
          sql`update ${orderLines} set shipped_quantity = order_lines.shipped_quantity + sent.quantity
            from unnest(${sql.param(sending.map((line) => line.lineId))}::uuid[],
              ${sql.param(sending.map((line) => line.quantity))}::int[]) as sent(line_id, quantity)
            where order_lines.id = sent.line_id and order_lines.order_id = ${id}`,
        );
        await tx
          .update(orders)
          .set({ status, carrier: carrier || null, trackingNumber })
          .where(eq(orders.id, id));
        await tx.insert(orderEvents).values({ orderId: id, status, actorName: actor });
        await mailer?.queueShipped(tx, id, created!.id);
        return { ok: true as const, shipmentId: created!.id };
      });
    },

    withdraw(id, { from, to, actor, userId, note, mail }) {
      return db.transaction(async (tx) => {
        const [withdrawn] = await tx
          .update(orders)
          .set({ status: to })
          .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
          .returning({ id: orders.id, userId: orders.userId });
        if (!withdrawn) return null;
        await tx
          .insert(orderEvents)
          .values({ orderId: id, status: to, actorName: actor, note: note ?? null });
        if (mail)
          await queryRows(tx as unknown as AppDatabase, outboxInsertSql(mail, sql`(select 1) as once`));
        const lines = await tx
          .select({ orderId: orderLines.orderId, partId: orderLines.partId, quantity: orderLines.quantity })
          .from(orderLines)
          .where(eq(orderLines.orderId, id));
        return restock(tx as unknown as AppDatabase, lines, {
          reason: 'order_cancelled',
          userId: userId ?? withdrawn.userId,
        });
      });
    },

    async approve(id, actor, cutoff, mail, { on = db, to = 'unpaid' } = {}) {
      const [row] = await queryRows<{ moved: number }>(
        on,
        sql`
          with moved as (
            update ${orders} set status = ${to}, approved_at = now(), updated_at = now()
            where id = ${id} and status = 'awaiting-approval' and created_at >= ${cutoff.toISOString()}::timestamptz
            returning id
          ), approved_event as (
            insert into ${orderEvents} (order_id, status, actor_name) select id, ${to}, ${actor} from moved
          )${mail ? sql`, told as (${outboxInsertSql(mail, sql`moved`)})` : sql``}
          select (select count(*) from moved)::int as moved`,
      );
      return (row?.moved ?? 0) > 0;
    },

    expireHeld(status, cutoff, { orderId, limit = 500 } = {}) {
      const since =
        status === 'unpaid'
          ? sql`coalesce(${orders.approvedAt}, ${orders.createdAt})`
          : sql`${orders.createdAt}`;
      return db.transaction(async (tx) => {
        const expired = await queryRows<{ id: string }>(
          tx as unknown as AppDatabase,
          sql`
            with stale as (
              select id from ${orders}
              where ${orders.status} = ${status} and ${since} < ${cutoff.toISOString()}
                ${orderId ? sql`and ${orders.id} = ${orderId}` : sql``}
              order by ${since}
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
      return writePayment(db, mailer, { event, ...(paid ? { paid } : {}), actor: null });
    },

    async markPaid(order, transactionId, actor) {
      return (await writePayment(db, mailer, { paid: { order, transactionId }, actor })).paid;
    },

    async setPaymentIntent(id, paymentIntentId) {
      await db
        .update(orders)
        .set({ paymentIntentId: sql`${sql.placeholder('paymentIntentId')}` })
        .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.status, 'unpaid')))
        .prepare('order_set_payment_intent')
        .execute({ id, paymentIntentId });
    },
  };
}
