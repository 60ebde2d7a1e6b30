import { messages } from '@partsforge/shared/messages';
import type { Order } from '@partsforge/shared/orders';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format-date';

/**
 * The order's shipments (docs/requirements.md §16): each with its number, carrier, tracking link (or number) and
 * lines, then "Still to ship": the units of each line not shipped yet. Nothing before the first shipment.
 * `actions(shipmentId)`: more per shipment (the admin's packing slip).
 */
export function OrderShipments({
  order,
  actions,
}: {
  order: Order;
  actions?: (shipmentId: string) => ReactNode;
}) {
  if (order.shipments.length === 0) return null;
  const left = order.lines.filter((line) => line.shippedQuantity < line.quantity);
  return (
    <section aria-labelledby="order-shipments-heading" className="flex flex-col gap-3">
      <h2 id="order-shipments-heading" className="text-xl font-semibold">
        {messages.shippingPages.shipmentsHeading}
      </h2>
      <ul className="flex flex-col gap-3">
        {order.shipments.map((shipment) => (
          <li key={shipment._id} className="rounded-box border border-base-300 p-3">
            <p className="font-semibold">
              {shipment.number} · {shipment.carrier || '—'} ·{' '}
              <time dateTime={shipment.shippedAt}>{formatDateTime(shipment.shippedAt)}</time>
            </p>
            {shipment.trackingNumber ? (
              <p className="text-sm">
                {shipment.trackingUrl ? (
                  <a href={shipment.trackingUrl} className="link" target="_blank" rel="noreferrer noopener">
                    {messages.shippingPages.trackShipment} {shipment.trackingNumber}
                  </a>
                ) : (
                  shipment.trackingNumber
                )}
              </p>
            ) : null}
            <ul className="mt-2 text-sm">
              {shipment.lines.map((line) => (
                <li key={line.lineId}>
                  <span className="font-mono">{line.sku}</span> {line.name}: {line.quantity}
                </li>
              ))}
            </ul>
            {actions ? <div className="mt-2">{actions(shipment._id)}</div> : null}
          </li>
        ))}
      </ul>
      {left.length > 0 ? (
        <div>
          <h3 className="font-semibold">{messages.shippingPages.stillToShip}</h3>
          <ul className="text-sm">
            {left.map((line) => (
              <li key={line._id}>
                <span className="font-mono">{line.sku}</span> {line.name}:{' '}
                {line.quantity - line.shippedQuantity}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
