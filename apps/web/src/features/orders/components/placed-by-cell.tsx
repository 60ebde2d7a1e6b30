import type { Order } from '@partsforge/shared/orders';

/** Who placed a company order (docs/requirements.md §14 "Company accounts"): their name, their email below it. */
export function PlacedByCell({ order }: { order: Order }) {
  return (
    <td>
      {order.placedBy.name}
      <div className="text-sm break-all text-base-content/80">{order.placedBy.email}</div>
    </td>
  );
}
