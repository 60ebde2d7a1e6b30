import { messages } from '@partsforge/shared/messages';
import type { Order } from '@partsforge/shared/orders';
import { useId, useState, type FormEvent } from 'react';
import { useCreateShipment, useDownloadPackingSlip } from '../api/shipments';

/**
 * The admin's "Ship items" (docs/requirements.md §16): a quantity per line (what is left to ship, by default), the
 * carrier and the tracking number, and Create shipment; the server's 409 (more than is left) shows beside it.
 * Only for an order that can ship (pending or partially shipped).
 */
export function ShipItemsPanel({ order }: { order: Order }) {
  const id = useId();
  const create = useCreateShipment();
  const left = order.lines.filter((line) => line.shippedQuantity < line.quantity);
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(left.map((line) => [line._id, String(line.quantity - line.shippedQuantity)])),
  );
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  if (order.status !== 'pending' && order.status !== 'partially-shipped') return null;
  if (left.length === 0) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = left
      .map((line) => ({ lineId: line._id, quantity: Number(quantities[line._id] ?? 0) }))
      .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
    create.mutate(
      {
        orderId: order._id,
        input: { lines, carrier, ...(trackingNumber.trim() ? { trackingNumber } : {}) },
      },
      {
        onSuccess: () => {
          setCarrier('');
          setTrackingNumber('');
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-box border border-base-300 p-4">
      <h2 id={`${id}-heading`} className="mb-3 text-xl font-semibold">
        {messages.shippingPages.shipItems}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3">
        {left.map((line) => (
          <label key={line._id} className="flex items-center gap-3">
            <span className="flex-1">
              <span className="font-mono">{line.sku}</span> {line.name} (
              {line.quantity - line.shippedQuantity})
            </span>
            <input
              type="number"
              min={0}
              max={line.quantity - line.shippedQuantity}
              className="input input-bordered w-24"
              aria-label={messages.shippingPages.quantityToShip(line.sku)}
              value={quantities[line._id] ?? ''}
              onChange={(event) =>
                setQuantities((current) => ({ ...current, [line._id]: event.target.value }))
              }
            />
          </label>
        ))}
        <label className="flex flex-col gap-1">
          <span>{messages.orders.carrierLabel}</span>
          <input
            className="input input-bordered"
            value={carrier}
            required
            maxLength={60}
            onChange={(event) => setCarrier(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span>{messages.orders.trackingNumberLabel}</span>
          <input
            className="input input-bordered"
            value={trackingNumber}
            maxLength={60}
            onChange={(event) => setTrackingNumber(event.target.value)}
          />
        </label>
        {create.isError ? (
          <p role="alert" className="text-error">
            {create.error.message}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary self-start" disabled={create.isPending}>
          {messages.shippingPages.createShipment}
        </button>
      </form>
    </section>
  );
}

/** The admin's packing slip download of one shipment. */
export function PackingSlipButton({ orderId, shipmentId }: { orderId: string; shipmentId: string }) {
  const download = useDownloadPackingSlip();
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={download.isPending}
        onClick={() => download.mutate({ orderId, shipmentId })}
      >
        {messages.shippingPages.packingSlip}
      </button>
      {download.isError ? (
        <p role="alert" className="text-error">
          {download.error.message}
        </p>
      ) : null}
    </>
  );
}
