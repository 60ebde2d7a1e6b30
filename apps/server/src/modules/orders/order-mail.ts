/**
 * The order's emails (docs/requirements.md §13): confirmation when it is placed, the payment receipt (with the
 * invoice attached) when it is paid, the invoice of an order on account (docs/requirements.md §15) when it is accepted, and the shipping notice when an admin marks it shipped. Each is queued in the
 * transaction that makes the change, to the order's email, with a link to the order's page (on
 * `app.mail.linkOrigin`). The confirmation and the receipt are rendered from what placing and paying the order
 * already hold and written by the statement that makes the change (docs/decisions/022-order-path-and-mail-outbox.md);
 * the shipping notice reads the order.
 */
import { formatOrderNumber, formatShipmentNumber, trackingUrl } from '@partsforge/shared';
import { asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import {
  orderLines,
  orders,
  shipmentLines,
  shipments,
  type OrderLineRow,
  type OrderRow,
} from '../../db/schema/index.js';
import {
  accountInvoiceMail,
  approvalRequestMail,
  orderApprovedMail,
  orderConfirmationMail,
  orderRejectedMail,
  orderShippedMail,
  paymentReceiptMail,
  type MailService,
  type OrderMailView,
  type OutgoingMail,
} from '../mail/index.js';

/** The web app's page of order `id` (apps/web's dashboard order route). */
export const orderPagePath = (id: string) => `/dashboard/orders/${id}`;

/** An order being placed, as its confirmation shows it (money in integer cents). */
export type PlacedOrderMail = Omit<OrderMailView, 'number' | 'lines'> &
  Pick<OrderRow, 'id' | 'email' | 'userId'> & {
    lines: Pick<OrderLineRow, 'sku' | 'name' | 'quantity' | 'unitPriceCents' | 'lineTotalCents'>[];
    /** When the unpaid order's hold ends. */
    holdUntil: Date;
    /** When an order awaiting approval expires (docs/requirements.md §14); absent for an order to pay now. */
    approvalUntil?: Date | undefined;
  };

/** Renders and queues the order's emails; built once per app. */
export interface OrderMailer {
  /**
   * The confirmation of an order being placed, rendered without reading anything; its order number, drawn by the
   * statement that writes the order, is `numberPlaceholder` in the subject and bodies (outboxInsertSql fills it).
   */
  confirmation(order: PlacedOrderMail, numberPlaceholder: string): OutgoingMail;
  /**
   * The payment receipt of `order` (as read, with its lines) paid by `transactionId`, rendered without reading
   * anything, the invoice attached at delivery; the invoice's number, taken by the statement that issues it, is
   * `invoicePlaceholder` (outboxInsertSql fills it).
   */
  receipt(
    order: OrderRow & { lines: OrderLineRow[] },
    transactionId: string,
    invoicePlaceholder: string,
  ): OutgoingMail;
  /**
   * Queues the notice of shipment `shipmentId` of `orderId` inside transaction `tx`, from the order as stored: its
   * lines, carrier, tracking link and what is still to come (docs/requirements.md §16).
   */
  queueShipped(tx: AppDatabase, orderId: string, shipmentId: string): Promise<void>;
  /**
   * The "awaits your approval" mail of an order being placed above its buyer's limit, to one owner or manager of
   * the company (docs/requirements.md §14); the order number is `numberPlaceholder`, as in confirmation().
   */
  approvalRequest(
    order: PlacedOrderMail & { approvalUntil: Date },
    approver: { name: string; email: string },
    numberPlaceholder: string,
  ): OutgoingMail;
  /** The buyer's notice that `approvedBy` approved `order` (as read, with its lines), to be paid by `holdUntil`. */
  approved(order: OrderRow & { lines: OrderLineRow[] }, approvedBy: string, holdUntil: Date): OutgoingMail;
  /**
   * The invoice of an order on account (docs/requirements.md §15), to `recipient` (its placer or an owner of the
   * company), the invoice attached at delivery and due `dueAt`; the invoice's number, taken by the statement that
   * issues it, is `invoicePlaceholder` (outboxInsertSql fills it).
   */
  accountInvoice(
    order: OrderMailView & Pick<OrderRow, 'id' | 'userId' | 'email'>,
    recipient: { name: string; email: string },
    invoicePlaceholder: string,
    dueAt: Date,
  ): OutgoingMail;
  /** The buyer's notice that `rejectedBy` rejected `order`, with the reason. */
  rejected(order: OrderRow & { lines: OrderLineRow[] }, rejectedBy: string, reason: string): OutgoingMail;
}

/** The web app's page of the orders awaiting the caller's approval (apps/web's dashboard approvals route). */
export const approvalsPagePath = '/dashboard/approvals';

/** The order as its mails show it, with `lines` in line-number order. */
export function viewOf(order: OrderRow, lines: OrderMailView['lines']): OrderMailView {
  return {
    number: formatOrderNumber(order.number),
    customerName: order.customerName,
    poNumber: order.poNumber,
    address: order.address,
    lines,
    subtotalCents: order.totalCents - order.taxCents - order.shippingCents - order.coreTotalCents,
    coreTotalCents: order.coreTotalCents,
    taxCents: order.taxCents,
    taxRateBasisPoints: order.taxRateBasisPoints,
    taxRateMilliPercent:
      order.taxRateMilliPercent > 0 ? order.taxRateMilliPercent : order.taxRateBasisPoints * 10,
    taxRegion: order.taxRegion,
    ...(order.shippingMethod === null
      ? {}
      : {
          shipping: {
            name: order.shippingName ?? order.shippingMethod,
            cents: order.shippingCents,
            from: order.estimatedDeliveryFrom,
            to: order.estimatedDeliveryTo,
          },
        }),
    totalCents: order.totalCents,
  };
}

/** Builds the order mailer on `mail` (app.mail) for the shop `shopName`. */
export function createOrderMailer(mail: MailService, shopName: string): OrderMailer {
  const orderUrl = (id: string) => `${mail.linkOrigin}${orderPagePath(id)}`;
  return {
    confirmation(order, numberPlaceholder) {
      return {
        kind: 'order-confirmation',
        to: order.email,
        orderId: order.id,
        userId: order.userId,
        ...orderConfirmationMail({
          shopName,
          order: { ...order, number: numberPlaceholder },
          orderUrl: orderUrl(order.id),
          holdUntil: order.holdUntil,
          approvalUntil: order.approvalUntil,
        }),
      };
    },

    approvalRequest(order, approver, numberPlaceholder) {
      return {
        kind: 'approval-request',
        to: approver.email,
        orderId: order.id,
        userId: null,
        ...approvalRequestMail({
          shopName,
          approverName: approver.name,
          order: { ...order, number: numberPlaceholder },
          placedBy: order.customerName,
          approvalUntil: order.approvalUntil,
          approvalsUrl: `${mail.linkOrigin}${approvalsPagePath}`,
        }),
      };
    },

    approved(order, approvedBy, holdUntil) {
      return {
        kind: 'order-approved',
        to: order.email,
        orderId: order.id,
        userId: order.userId,
        ...orderApprovedMail({
          shopName,
          order: viewOf(order, order.lines),
          approvedBy,
          holdUntil,
          orderUrl: orderUrl(order.id),
        }),
      };
    },

    rejected(order, rejectedBy, reason) {
      return {
        kind: 'order-rejected',
        to: order.email,
        orderId: order.id,
        userId: order.userId,
        ...orderRejectedMail({
          shopName,
          order: viewOf(order, order.lines),
          rejectedBy,
          reason,
          orderUrl: orderUrl(order.id),
        }),
      };
    },

    accountInvoice(order, recipient, invoicePlaceholder, dueAt) {
      return {
        kind: 'account-invoice',
        to: recipient.email,
        orderId: order.id,
        userId: recipient.email === order.email ? order.userId : null,
        ...accountInvoiceMail({
          shopName,
          recipientName: recipient.name,
          order,
          invoiceNumber: invoicePlaceholder,
          dueAt,
          orderUrl: orderUrl(order.id),
        }),
        attachments: [{ kind: 'invoice', orderId: order.id }],
      };
    },

    receipt(order, transactionId, invoicePlaceholder) {
      return {
        kind: 'payment-receipt',
        to: order.email,
        orderId: order.id,
        userId: order.userId,
        ...paymentReceiptMail({
          shopName,
          order: viewOf(order, order.lines),
          invoiceNumber: invoicePlaceholder,
          paymentReference: transactionId,
          orderUrl: orderUrl(order.id),
        }),
        attachments: [{ kind: 'invoice', orderId: order.id }],
      };
    },

    async queueShipped(tx, orderId, shipmentId) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (!order) return;
      const lines = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.lineNumber));
      const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId));
      const sent = await tx.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, shipmentId));
      const units = new Map(sent.map((line) => [line.lineId, line.quantity]));
      await mail.queue(tx, {
        kind: 'order-shipped',
        to: order.email,
        orderId: order.id,
        userId: order.userId,
        ...orderShippedMail({
          shopName,
          order: viewOf(order, lines),
          carrier: order.carrier,
          trackingNumber: order.trackingNumber,
          orderUrl: orderUrl(order.id),
          ...(shipment
            ? {
                shipment: {
                  number: formatShipmentNumber(shipment.number),
                  lines: lines
                    .filter((line) => units.has(line.id))
                    .map((line) => ({ sku: line.sku, name: line.name, quantity: units.get(line.id)! })),
                  trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
                  remaining: lines
                    .filter((line) => line.shippedQuantity < line.quantity)
                    .map((line) => ({
                      sku: line.sku,
                      name: line.name,
                      quantity: line.quantity - line.shippedQuantity,
                    })),
                },
              }
            : {}),
        }),
      });
    },
  };
}
