/**
 * The order's emails (docs/requirements.md §13): confirmation when it is placed, the payment receipt (with the
 * invoice attached) when it is paid, and the shipping notice when an admin marks it shipped. Each is queued in the
 * transaction that makes the change, to the order's email, with a link to the order's page (on
 * `app.mail.linkOrigin`). The confirmation and the receipt are rendered from what placing and paying the order
 * already hold and written by the statement that makes the change (docs/decisions/022-order-path-and-mail-outbox.md);
 * the shipping notice reads the order.
 */
import { formatOrderNumber } from '@partsforge/shared';
import { asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { orderLines, orders, type OrderLineRow, type OrderRow } from '../../db/schema/index.js';
import {
  orderConfirmationMail,
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
  /** Queues the "order shipped" notice of `orderId` inside transaction `tx`, from the order as stored. */
  queueShipped(tx: AppDatabase, orderId: string): Promise<void>;
}

/** The order as its mails show it, with `lines` in line-number order. */
function viewOf(order: OrderRow, lines: OrderMailView['lines']): OrderMailView {
  return {
    number: formatOrderNumber(order.number),
    customerName: order.customerName,
    poNumber: order.poNumber,
    address: order.address,
    lines,
    subtotalCents: order.totalCents - order.taxCents,
    taxCents: order.taxCents,
    taxRateBasisPoints: order.taxRateBasisPoints,
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
        }),
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

    async queueShipped(tx, orderId) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (!order) return;
      const lines = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.lineNumber));
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
        }),
      });
    },
  };
}
