/**
 * The order's emails (docs/requirements.md §13): confirmation when it is placed, the payment receipt (with the
 * invoice attached) when it is paid, and the shipping notice when an admin marks it shipped. Each is queued in the
 * transaction that makes the change (`tx`), to the order's email, with a link to the order's page (on
 * `app.mail.linkOrigin`).
 */
import { formatOrderNumber } from '@partsforge/shared';
import { asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { invoices, orderLines, orders } from '../../db/schema/index.js';
import {
  orderConfirmationMail,
  orderShippedMail,
  paymentReceiptMail,
  type MailService,
  type OrderMailView,
} from '../mail/index.js';

/** The web app's page of order `id` (apps/web's dashboard order route). */
export const orderPagePath = (id: string) => `/dashboard/orders/${id}`;

/** Which of the order's emails to queue. */
export type OrderMailKind = 'order-confirmation' | 'payment-receipt' | 'order-shipped';

/** Queues the order's emails; built once per app. */
export interface OrderMailer {
  /** Queues `kind` for order `orderId` inside transaction `tx`. */
  queue(tx: AppDatabase, kind: OrderMailKind, orderId: string): Promise<void>;
}

/** Builds the order mailer on `mail` (app.mail) for the shop `shopName`. */
export function createOrderMailer(mail: MailService, shopName: string): OrderMailer {
  return {
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
        lines: lines.map((line) => ({
          sku: line.sku,
          name: line.name,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          lineTotalCents: line.lineTotalCents,
        })),
        subtotalCents: order.totalCents - order.taxCents,
        taxCents: order.taxCents,
        taxRateBasisPoints: order.taxRateBasisPoints,
        totalCents: order.totalCents,
      };
      const orderUrl = `${mail.linkOrigin}${orderPagePath(order.id)}`;
      const about = { to: order.email, orderId: order.id, userId: order.userId };
      if (kind === 'order-confirmation') {
        await mail.queue(tx, {
          kind,
          ...about,
          ...orderConfirmationMail({ shopName, order: view, orderUrl }),
        });
      } else if (kind === 'payment-receipt') {
        const [invoice] = await tx
          .select({ number: invoices.number })
          .from(invoices)
          .where(eq(invoices.orderId, orderId));
        await mail.queue(tx, {
          kind,
          ...about,
          ...paymentReceiptMail({
            shopName,
            order: view,
            invoiceNumber: invoice?.number ?? '',
            paymentReference: order.transactionId,
            orderUrl,
          }),
          attachments: invoice ? [{ kind: 'invoice', orderId }] : [],
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
            orderUrl,
          }),
        });
      }
    },
  };
}
