/**
 * The order's emails (docs/requirements.md §13): confirmation when it is placed, the payment receipt (with the
 * invoice attached) when it is paid, and the shipping notice when an admin marks it shipped. Each is queued in the
 * transaction that makes the change, to the order's email, with a link to the order's page (on
 * `app.mail.linkOrigin`). The confirmation is rendered from what placing the order already holds and written by
 * the order's own statement (docs/decisions/022-order-path-and-mail-outbox.md); the others read the order.
 */
import { formatOrderNumber } from '@partsforge/shared';
import { asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { orderLines, orders, type OrderLineRow, type OrderRow } from '../../db/schema/index.js';
import { invoiceNumberOf } from '../invoices/index.js';
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

/** Which of the order's emails to queue after reading the order. */
export type OrderMailKind = 'payment-receipt' | 'order-shipped';

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
  /** Queues `kind` for order `orderId` inside transaction `tx`, from the order as stored. */
  queue(tx: AppDatabase, kind: OrderMailKind, orderId: string): Promise<void>;
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

    async queue(tx, kind, orderId) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (!order) return;
      const lines = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.lineNumber));
      const view: OrderMailView = {
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
      const about = { to: order.email, orderId: order.id, userId: order.userId };
      if (kind === 'payment-receipt') {
        const invoiceNumber = await invoiceNumberOf(tx, orderId);
        await mail.queue(tx, {
          kind,
          ...about,
          ...paymentReceiptMail({
            shopName,
            order: view,
            invoiceNumber: invoiceNumber ?? '',
            paymentReference: order.transactionId,
            orderUrl: orderUrl(order.id),
          }),
          attachments: invoiceNumber ? [{ kind: 'invoice', orderId }] : [],
        });
      } else {
        await mail.queue(tx, {
          kind,
          ...about,
          ...orderShippedMail({
            shopName,
            order: view,
            carrier: order.carrier,
            trackingNumber: order.trackingNumber,
            orderUrl: orderUrl(order.id),
          }),
        });
      }
    },
  };
}
