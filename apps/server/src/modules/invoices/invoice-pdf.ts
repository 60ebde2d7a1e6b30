/**
 * The invoice document (docs/requirements.md §13 "Invoices"): a US Letter PDF drawn with pdfkit's built-in
 * standard fonts (Helvetica), so nothing in an order can make it read a file or the network: no images, no
 * embedded fonts. Seller, bill-to and ship-to, invoice number, order number, PO number, invoice date, the lines
 * (SKU, part, quantity, unit price, line total), subtotal, tax with its rate, total and the payment reference.
 * Long texts wrap inside their column; lines that do not fit continue on a new page under the table's header
 * again; every page is numbered. Money: integer cents in, dollars shown.
 */
import {
  DEFAULT_SHOP_NAME,
  formatMoney,
  formatOrderNumber,
  isId,
  messages,
  toDollars,
} from '@partsforge/shared';
import PDFDocument from 'pdfkit';
import { DEFAULT_SELLER_ADDRESS, type Config } from '../../config.js';
import type { AppDatabase } from '../../db/connect.js';
import { createInvoiceRepository, type InvoiceDocument } from './invoice-repository.js';

/** Who sells: the shop's name and its address and contact lines (config SHOP_NAME and SELLER_ADDRESS). */
export interface InvoiceSeller {
  name: string;
  address: readonly string[];
}

/** The seller of the configured shop. */
export function invoiceSellerOf(config: Pick<Config, 'shopName' | 'sellerAddress'>): InvoiceSeller {
  return { name: config.shopName, address: config.sellerAddress };
}

/** The seller when none is given: the default SHOP_NAME and SELLER_ADDRESS. */
const DEFAULT_SELLER: InvoiceSeller = { name: DEFAULT_SHOP_NAME, address: DEFAULT_SELLER_ADDRESS };

/**
 * The invoice PDF of `orderId`, or null when the order has no invoice (unknown, malformed id, or not paid yet).
 * `seller` should be invoiceSellerOf(config), so that the configured SHOP_NAME and SELLER_ADDRESS show; without it
 * the defaults do. Database errors propagate. Source: docs/requirements.md §13 "Invoices".
 */
export async function renderInvoicePdf(
  db: AppDatabase,
  orderId: string,
  seller: InvoiceSeller = DEFAULT_SELLER,
): Promise<Buffer | null> {
  if (!isId(orderId)) return null;
  const document = await createInvoiceRepository(db).findDocument(orderId);
  return document ? drawInvoice(document, seller) : null;
}

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#cccccc';
const SHADE = '#eeeeee';
const MARGIN = 50;
/** Room kept under the content for the page footer. */
const FOOTER_ROOM = 40;

/** WinAnsiEncoding's characters beyond Latin-1, the only other ones the standard fonts can show. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const printable = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
};

/**
 * `value` in characters the standard fonts can show: line breaks kept, other control characters dropped, accented
 * letters outside WinAnsi without their accent (ő -> o), anything else '?'.
 */
export function pdfText(value: string): string {
  let out = '';
  for (const char of value.normalize('NFC')) {
    if (char === '\n' || printable(char)) out += char;
    else if (char === '\t') out += ' ';
    else if (char.codePointAt(0)! < 0x20 || char === '\u007f' || char === '\r') continue;
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base !== '' && [...base].every(printable) ? base : '?';
    }
  }
  return out;
}

const money = (cents: number) => formatMoney(toDollars(cents));
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** The lines table's columns; their widths fill the 512 points between the margins. */
const COLUMNS: Column[] = [
  { title: messages.invoices.sku, width: 100, align: 'left' },
  { title: messages.invoices.part, width: 177, align: 'left' },
  { title: messages.invoices.quantity, width: 55, align: 'right' },
  { title: messages.invoices.unitPrice, width: 85, align: 'right' },
  { title: messages.invoices.lineTotal, width: 95, align: 'right' },
];
const CELL_PADDING = 4;

/** Draws the invoice and resolves with the PDF's bytes. */
function drawInvoice({ invoice, order, lines }: InvoiceDocument, seller: InvoiceSeller): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: pdfText(`${messages.invoices.invoiceNumber} ${invoice.number}`),
      Author: pdfText(seller.name),
      CreationDate: invoice.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER_ROOM;
  const orderNumber = formatOrderNumber(order.number);

  /** Writes `text` at (x, y) within `w` points; returns the y under it. */
  const write = (
    text: string,
    x: number,
    y: number,
    w: number,
    { font = REGULAR, size = 10, color = INK, align = 'left' as 'left' | 'right' | 'center' } = {},
  ) => {
    doc.font(font).fontSize(size).fillColor(color);
    doc.text(pdfText(text), x, y, { width: w, align });
    return doc.y;
  };
  const heightOf = (text: string, w: number, font = REGULAR, size = 10) =>
    doc.font(font).fontSize(size).heightOfString(pdfText(text), { width: w });

  /** Starts a new page when `needed` points do not fit under `y`; returns where to go on. */
  const room = (y: number, needed: number) => {
    if (y + needed <= bottom()) return y;
    doc.addPage();
    const top = doc.page.margins.top;
    return (
      write(messages.invoices.continued(invoice.number), left, top, width, { color: MUTED, size: 9 }) + 8
    );
  };

  // Seller (left) and the invoice's facts (right).
  const top = doc.page.margins.top;
  const sellerWidth = 260;
  let sellerBottom = write(seller.name, left, top, sellerWidth, { font: BOLD, size: 16 });
  sellerBottom = write(seller.address.join('\n'), left, sellerBottom + 2, sellerWidth, {
    size: 9,
    color: MUTED,
  });
  const factsLeft = left + sellerWidth + 20;
  const factsWidth = width - sellerWidth - 20;
  let factsBottom = write(messages.invoices.title, factsLeft, top, factsWidth, {
    font: BOLD,
    size: 20,
    align: 'right',
  });
  factsBottom += 6;
  const labelWidth = 100;
  const facts: [string, string][] = [
    [messages.invoices.invoiceNumber, invoice.number],
    [messages.invoices.invoiceDate, day.format(invoice.issuedAt)],
    [messages.invoices.orderNumber, orderNumber],
    [messages.invoices.poNumber, order.poNumber ?? '—'],
  ];
  for (const [label, value] of facts) {
    const y = factsBottom;
    const labelBottom = write(label, factsLeft, y, labelWidth, { size: 9, color: MUTED });
    const valueBottom = write(value, factsLeft + labelWidth, y, factsWidth - labelWidth, {
      font: BOLD,
      size: 9,
      align: 'right',
    });
    factsBottom = Math.max(labelBottom, valueBottom) + 3;
  }
  let y = Math.max(sellerBottom, factsBottom) + 24;

  // Bill to and ship to, side by side.
  const half = (width - 20) / 2;
  const billTo = [order.customerName, order.email, order.phone ?? '', order.address]
    .filter(Boolean)
    .join('\n');
  const shipTo = [order.customerName, order.address].join('\n');
  const partiesHeight = 14 + Math.max(heightOf(billTo, half), heightOf(shipTo, half)) /* both columns */ + 4;
  y = room(y, Math.min(partiesHeight, bottom() - top - 40));
  for (const [index, [heading, body]] of (
    [
      [messages.invoices.billTo, billTo],
      [messages.invoices.shipTo, shipTo],
    ] as const
  ).entries()) {
    const x = left + index * (half + 20);
    write(heading, x, y, half, { font: BOLD, size: 10 });
    write(body, x, y + 14, half, { size: 10 });
  }
  y = Math.max(doc.y, y + partiesHeight) + 20;

  // The lines, with the header row again on every page they continue on.
  const header = (at: number) => {
    const height = COLUMNS.reduce(
      (tallest, column) =>
        Math.max(tallest, heightOf(column.title, column.width - 2 * CELL_PADDING, BOLD, 9)),
      0,
    );
    doc
      .rect(left, at, width, height + 2 * CELL_PADDING)
      .fill(SHADE)
      .fillColor(INK);
    let x = left;
    for (const column of COLUMNS) {
      write(column.title, x + CELL_PADDING, at + CELL_PADDING, column.width - 2 * CELL_PADDING, {
        font: BOLD,
        size: 9,
        align: column.align,
      });
      x += column.width;
    }
    return at + height + 2 * CELL_PADDING;
  };
  y = header(room(y, 60));
  for (const line of lines) {
    const cells = [
      line.sku,
      line.name,
      String(line.quantity),
      money(line.unitPriceCents),
      money(line.lineTotalCents),
    ];
    const height =
      COLUMNS.reduce(
        (tallest, column, index) =>
          Math.max(tallest, heightOf(cells[index]!, column.width - 2 * CELL_PADDING, REGULAR, 9)),
        0,
      ) +
      2 * CELL_PADDING;
    if (y + height > bottom()) y = header(room(y, Number.POSITIVE_INFINITY));
    let x = left;
    COLUMNS.forEach((column, index) => {
      write(cells[index]!, x + CELL_PADDING, y + CELL_PADDING, column.width - 2 * CELL_PADDING, {
        size: 9,
        align: column.align,
      });
      x += column.width;
    });
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  // Subtotal, tax and total, right-aligned under the lines.
  const totals: [string, string, boolean][] = [
    [messages.invoices.subtotal, money(invoice.subtotalCents), false],
    [messages.invoices.tax(invoice.taxRateBasisPoints / 100), money(invoice.taxCents), false],
    [messages.invoices.total, money(invoice.totalCents), true],
  ];
  y = room(y + 10, 3 * 18 + 60);
  const valueWidth = 120;
  const totalsLeft = left + width - valueWidth - 160;
  for (const [label, value, strong] of totals) {
    const font = strong ? BOLD : REGULAR;
    const size = strong ? 12 : 10;
    const labelBottom = write(label, totalsLeft, y, 160, { font, size, align: 'right' });
    const valueBottom = write(value, left + width - valueWidth, y, valueWidth, {
      font,
      size,
      align: 'right',
    });
    y = Math.max(labelBottom, valueBottom) + 4;
  }

  // The payment reference: the provider's payment (transaction) id.
  const reference = order.transactionId ?? order.paymentIntentId ?? '—';
  y = room(y + 16, 40);
  write(messages.invoices.paymentReference, left, y, width, { font: BOLD, size: 10 });
  write(messages.invoices.paidWith(reference), left, doc.y + 2, width, { size: 10 });

  // Page numbers, drawn in the bottom margin of every page once all pages exist.
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    write(
      `${invoice.number} · ${messages.invoices.page(page - start + 1, count)}`,
      left,
      doc.page.height - MARGIN,
      width,
      { size: 8, color: MUTED, align: 'center' },
    );
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
