import { messages } from '@partsforge/shared/messages';
import { SHIPMENT_TEXT_MAX_LENGTH, type Order } from '@partsforge/shared/orders';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Shipment } from '../api/ship-order';
import { orderNaming } from '../order-naming';

interface ShipOrderDialogProps {
  /** The order to ship; the dialog is open while set. */
  order: Order | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (shipment: Shipment) => void;
}

/**
 * Mark Shipped's confirmation (docs/requirements.md §13 "Finding things"): what ships to whom, and the carrier and
 * tracking number, both optional, kept on the order. Shipping cannot be undone, so it asks first.
 */
export function ShipOrderDialog({ order, busy, onCancel, onConfirm }: ShipOrderDialogProps) {
  const id = useId();
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [shownFor, setShownFor] = useState<string | null>(null);
  // A new order to ship starts with empty fields.
  if ((order?._id ?? null) !== shownFor) {
    setShownFor(order?._id ?? null);
    setCarrier('');
    setTrackingNumber('');
  }
  return (
    <ConfirmDialog
      open={order !== null}
      title={order ? messages.orders.confirmShipTitle(order.number) : ''}
      confirmLabel={messages.orders.markShipped}
      cancelLabel={messages.orders.keepPending}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => onConfirm({ carrier, trackingNumber })}
    >
      {order ? (
        <div className="flex flex-col gap-4">
          <p>{messages.orders.confirmShipText(orderNaming(order), order.email)}</p>
          <p id={`${id}-hint`} className="text-sm text-base-content/80">
            {messages.orders.shipmentHint}
          </p>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-carrier`} className="text-sm font-medium">
              {messages.orders.carrierLabel}
            </label>
            <input
              id={`${id}-carrier`}
              className="input w-full"
              value={carrier}
              maxLength={SHIPMENT_TEXT_MAX_LENGTH}
              autoComplete="off"
              aria-describedby={`${id}-hint`}
              disabled={busy}
              onChange={(event) => setCarrier(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-tracking`} className="text-sm font-medium">
              {messages.orders.trackingNumberLabel}
            </label>
            <input
              id={`${id}-tracking`}
              className="input w-full"
              value={trackingNumber}
              maxLength={SHIPMENT_TEXT_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${id}-hint`}
              disabled={busy}
              onChange={(event) => setTrackingNumber(event.target.value)}
            />
          </div>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
