/**
 * The packing slip of a shipment (docs/requirements.md §16): `GET /admin/orders/{id}/shipments/{shipmentId}/
 * packing-slip.pdf`. What the packer needs and no prices: the shipment and order numbers, the ship-to, the carrier
 * and tracking number, and the shipment's lines (SKU, part, quantity) sorted by SKU so the picker walks the bins in
 * order. Drawn with the shop's document page setup (the invoices module's letterhead).
 */
import type { Order, Shipment } from '@partsforge/shared';
import {
  BOLD,
  createPdf,
  drawLetterhead,
  FOOTER_ROOM,
  MARGIN,
  MUTED,
  numberPages,
  RULE,
  writeText,
  type InvoiceSeller,
} from '../invoices/index.js';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The shipment's lines by SKU (then name), as the slip lists them. */
export function packingOrder(lines: Shipment['lines']): Shipment['lines'] {
  return [...lines].sort((a, b) => a.sku.localeCompare(b.sku, 'en') || a.name.localeCompare(b.name, 'en'));
}

/** Draws the packing slip of `shipment` of `order` for `seller` and resolves with the PDF's bytes. */
export function renderPackingSlip(order: Order, shipment: Shipment, seller: InvoiceSeller): Promise<Buffer> {
  const { doc, done } = createPdf({
    title: `Packing slip ${shipment.number}`,
    author: seller.name,
    createdAt: new Date(shipment.shippedAt),
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER_ROOM;
  let y = drawLetterhead(doc, seller, 'Packing slip', [
    ['Shipment', shipment.number],
    ['Order', order.number],
    ['Shipped', day.format(new Date(shipment.shippedAt))],
    ['Carrier', shipment.carrier],
    ...(shipment.trackingNumber ? [['Tracking number', shipment.trackingNumber] as const] : []),
    ...(order.poNumber ? [['PO number', order.poNumber] as const] : []),
  ]);
  y += 16;
  y = writeText(doc, 'Ship to', left, y, width, { font: BOLD, size: 10 });
  y = writeText(doc, `${order.customerName}\n${order.address}`, left, y + 2, width, { size: 10 });
  y += 16;
  const columns = [
    { title: 'SKU', x: left, width: 140, align: 'left' as const },
    { title: 'Part', x: left + 140, width: 292, align: 'left' as const },
    { title: 'Quantity', x: left + 432, width: 80, align: 'right' as const },
  ];
  const header = (top: number) => {
    for (const column of columns)
      writeText(doc, column.title, column.x, top, column.width, { font: BOLD, size: 9, align: column.align });
    doc
      .moveTo(left, top + 14)
      .lineTo(left + width, top + 14)
      .strokeColor(RULE)
      .stroke();
    return top + 20;
  };
  y = header(y);
  for (const line of packingOrder(shipment.lines)) {
    if (y + 20 > bottom()) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    const cells = [line.sku, line.name, String(line.quantity)];
    const heights = columns.map(
      (column, index) =>
        writeText(doc, cells[index]!, column.x, y, column.width, { size: 10, align: column.align }) - y,
    );
    y += Math.max(...heights) + 6;
  }
  const units = shipment.lines.reduce((sum, line) => sum + line.quantity, 0);
  writeText(doc, `${units} units in ${shipment.lines.length} lines`, left, y + 6, width, {
    size: 9,
    color: MUTED,
    align: 'right',
  });
  numberPages(doc, (page, pages) => `${shipment.number} - page ${page} of ${pages}`);
  doc.end();
  return done;
}
