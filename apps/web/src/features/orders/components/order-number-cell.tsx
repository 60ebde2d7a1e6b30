import type { Order } from '@partsforge/shared/orders';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** The row heading of an order in a list: its number, a link to its page, and what it holds. */
export function OrderNumberCell({ order }: { order: Order }) {
  return (
    <th scope="row" className="font-medium">
      <Link to={paths.dashboard.order.href(order._id)} className="link link-primary font-mono">
        {order.number}
      </Link>
      <div className="text-sm font-normal text-base-content/80">{order.productName}</div>
    </th>
  );
}
