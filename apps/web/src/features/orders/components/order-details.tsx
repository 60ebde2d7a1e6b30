import { formatShipTo } from '@partsforge/shared/companies';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import type { Order } from '@partsforge/shared/orders';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { unitPriceText } from '@/lib/net-price';
import { paths } from '@/lib/paths';
import { orderStatusLabel } from '../order-status';
import { DownloadInvoiceButton } from './download-invoice-button';
import { OrderStatusBadge } from './order-status-badge';
import { arrivesText } from '@/lib/delivery-dates';
import { OrderShipments } from './order-shipments';
import { PackingSlipButton, ShipItemsPanel } from './ship-items-panel';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/** One fact of the order: a term and its value (nothing when there is no value). */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-medium text-base-content/70">{term}</dt>
      <dd className="break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

/**
 * One order (docs/requirements.md §11): number (the page heading), date, status, its company and who placed it
 * (docs/requirements.md §14 "Company accounts"), PO number, note, ship-to address and phone, until when an unpaid
 * order's parts are held (or an order awaiting approval waits), payment transaction id, its lines with the total
 * (and the subtotal, core deposits and tax when the order has them: docs/requirements.md §17), Pay now while unpaid (unless `canPay` is false: a company's
 * order placed by another buyer), Download invoice once paid (docs/requirements.md §13), and the status timeline
 * (each status with its time, who moved it and a rejection's reason). Trade terms (docs/requirements.md §15): an
 * order on account says it was accepted with its invoice's number and due date, has no Pay, and shows "On account";
 * the invoice's number, due date and balance; "Tax exempt" with the resale certificate (and as the tax line); list
 * beside the member's unit price when they differ; each payment recorded against the invoice in the timeline.
 */
export function OrderDetails({
  order,
  canPay = true,
  admin = false,
}: {
  order: Order;
  canPay?: boolean;
  /** An admin's view: Ship items and each shipment's packing slip (docs/requirements.md §16). */
  admin?: boolean;
}) {
  const onAccount = order.paymentMethod === 'account';
  const text = messages.tradeTermsPages;
  return (
    <div className="flex flex-col gap-8">
      {onAccount && order.invoice ? (
        <p role="status" className="rounded-box border border-success/40 bg-success/10 p-3 font-medium">
          {text.acceptedOnAccount(
            order.invoice.number,
            order.invoice.dueAt ? formatDate(order.invoice.dueAt) : text.noDueDate,
          )}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <dl className="grid flex-1 gap-4 sm:grid-cols-2">
          <Fact term={messages.cart.placedAt}>
            <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </Fact>
          <Fact term={messages.orders.status}>
            <OrderStatusBadge status={order.status} />
            {order.holdExpiresAt ? (
              <span className="mt-1 block text-sm">
                {messages.orders.holdEnds(formatDateTime(order.holdExpiresAt))}
              </span>
            ) : null}
            {order.status === 'awaiting-approval' && order.approvalExpiresAt ? (
              <span className="mt-1 block text-sm">
                {companyPageMessages.approvalHint(formatDateTime(order.approvalExpiresAt))}
              </span>
            ) : null}
          </Fact>
          <Fact term={companyPageMessages.company}>{order.company?.name}</Fact>
          {order.company ? (
            <Fact term={companyPageMessages.placedBy}>
              {`${order.placedBy.name} (${order.placedBy.email})`}
            </Fact>
          ) : null}
          <Fact term={messages.cart.poNumberLabel}>{order.poNumber}</Fact>
          <Fact term={messages.cart.noteLabel}>{order.note}</Fact>
          <Fact term={messages.cart.shipTo}>{order.shipTo ? formatShipTo(order.shipTo) : order.address}</Fact>
          <Fact term={messages.cart.phone}>{order.phone}</Fact>
          <Fact term={messages.cart.transactionId}>
            {order.transactionId ? <span className="break-all">{order.transactionId}</span> : null}
          </Fact>
          {order.refundedAmount !== null ? (
            <Fact term={messages.orders.payment}>{messages.orders.refundedLabel(order.refundedAmount)}</Fact>
          ) : null}
          {onAccount ? <Fact term={text.paymentMethod}>{text.onAccount}</Fact> : null}
          <Fact term={text.invoice}>{order.invoice?.number}</Fact>
          {order.invoice?.dueAt ? (
            <Fact term={text.invoiceDue}>
              <time dateTime={order.invoice.dueAt}>{formatDate(order.invoice.dueAt)}</time>
            </Fact>
          ) : null}
          {order.invoice ? (
            <Fact term={text.invoiceBalance}>{formatMoney(order.invoice.balance)}</Fact>
          ) : null}
          {order.taxExempt ? (
            <Fact term={text.taxStatus}>
              {order.resaleCertificate ? text.taxExemptWith(order.resaleCertificate) : text.taxExempt}
            </Fact>
          ) : null}
        </dl>
        {/* An order on account is invoiced, not paid at checkout: no Pay (docs/requirements.md §15). */}
        {order.status === 'unpaid' && canPay && !onAccount ? (
          <Link to={paths.dashboard.payment.href(order._id)} className="btn btn-primary">
            {messages.orders.payNow}
          </Link>
        ) : null}
        {order.status === 'pending' || order.status === 'partially-shipped' || order.status === 'shipped' ? (
          <DownloadInvoiceButton orderId={order._id} />
        ) : null}
      </div>

      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table">
          <caption className="p-3 text-left font-semibold">{messages.cart.orderLinesCaption}</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">{messages.cart.sku}</th>
              <th scope="col">{messages.cart.part}</th>
              <th scope="col">{messages.cart.quantity}</th>
              <th scope="col">{messages.cart.unitPrice}</th>
              <th scope="col">{messages.cart.lineTotal}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={`${line.sku}-${index}`}>
                <td className="font-mono">{line.sku}</td>
                <th scope="row" className="font-medium">
                  {line.partId ? (
                    <Link to={paths.purchase.href(line.partId)} className="link link-hover">
                      {line.name}
                    </Link>
                  ) : (
                    line.name
                  )}
                </th>
                <td>{line.quantity}</td>
                <td>{unitPriceText(line.unitPrice, line.listUnitPrice)}</td>
                <td>{formatMoney(line.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="text-base-content">
            {order.taxExempt || order.tax > 0 || order.shipping || order.coreTotal > 0 ? (
              <tr>
                <th scope="row" colSpan={4} className="text-right font-normal">
                  {messages.invoices.subtotal}
                </th>
                <td>{formatMoney(order.subtotal)}</td>
              </tr>
            ) : null}
            {order.coreTotal > 0 ? (
              // Refundable core deposits (docs/requirements.md §17): their own line, in the total, untaxed.
              <tr>
                <th scope="row" colSpan={4} className="text-right font-normal">
                  {messages.coreCharges.coreDeposits}
                </th>
                <td>{formatMoney(order.coreTotal)}</td>
              </tr>
            ) : null}
            {order.shipping ? (
              <tr>
                <th scope="row" colSpan={4} className="text-right font-normal">
                  {messages.shippingPages.shippingLine(order.shipping.name)}
                  {order.shipping.estimatedDelivery ? (
                    <span className="block text-sm text-base-content/70">
                      {arrivesText(order.shipping.estimatedDelivery)}
                    </span>
                  ) : null}
                </th>
                <td>{formatMoney(order.shipping.cost)}</td>
              </tr>
            ) : null}
            {order.taxExempt ? (
              <tr>
                <th scope="row" colSpan={4} className="text-right font-normal">
                  {text.taxExempt}
                </th>
                <td>{formatMoney(0)}</td>
              </tr>
            ) : order.tax > 0 || order.shipping ? (
              <tr>
                <th scope="row" colSpan={4} className="text-right font-normal">
                  {messages.shippingPages.taxLine(order.taxRatePercent, order.taxRegion?.region ?? null)}
                </th>
                <td>{formatMoney(order.tax)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row" colSpan={4} className="text-right">
                {messages.cart.total}
              </th>
              <td className="font-bold">{formatMoney(order.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      {admin ? <ShipItemsPanel key={order.shipments.length} order={order} /> : null}
      <OrderShipments
        order={order}
        {...(admin
          ? {
              actions: (shipmentId: string) => (
                <PackingSlipButton orderId={order._id} shipmentId={shipmentId} />
              ),
            }
          : {})}
      />

      <section aria-labelledby="order-timeline-heading">
        <h2 id="order-timeline-heading" className="mb-3 text-xl font-semibold">
          {messages.cart.timeline}
        </h2>
        <ol className="flex flex-col gap-3 border-l-2 border-base-300 pl-4">
          {order.history.map((event, index) => {
            // An entry that keeps the status (a return's step: docs/requirements.md §17) is named by its note.
            const told =
              event.note !== undefined &&
              !event.payment &&
              event.refunded === undefined &&
              order.history[index - 1]?.status === event.status;
            return (
              <li key={`${event.status}-${event.at}-${index}`} className="flex flex-col">
                <span className="font-semibold">
                  {told
                    ? event.note
                    : event.payment
                      ? text.paymentEntry(
                          event.payment.amount,
                          text.paymentMethodNames[event.payment.method],
                          event.payment.reference,
                        )
                      : event.refunded !== undefined
                        ? messages.orders.refundedOn(event.refunded)
                        : onAccount && event.status === 'pending'
                          ? text.acceptedOnAccountEvent
                          : orderStatusLabel[event.status]}
                </span>
                <span className="text-sm text-base-content/80">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  {event.by ? ` ${messages.cart.by(event.by)}` : ''}
                </span>
                {event.note && !told ? (
                  <span className="text-sm break-words whitespace-pre-line">
                    {companyPageMessages.reasonNote(event.note)}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
