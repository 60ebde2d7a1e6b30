import type { OrderNaming } from '@partsforge/shared/messages';
import type { Order } from '@partsforge/shared/orders';

/**
 * What names `order` to buyers and clerks (messages' order texts: "PF-100001 (PO PO-7781): 3 lines, $4,177.00"):
 * its number, PO number, line count and total, never the first line's name with "and N more".
 */
export function orderNaming(order: Order): OrderNaming {
  return {
    number: order.number,
    poNumber: order.poNumber,
    lineCount: order.lines.length,
    total: order.total,
  };
}
