/**
 * The invoice document (docs/requirements.md §13 "Invoices"): a US Letter PDF drawn with pdfkit's built-in
 * standard fonts (Helvetica), so nothing in an order can make it read a file or the network: no images, no
 * embedded fonts. Seller, bill-to and ship-to, invoice number, order number, PO number, invoice date, the lines
 * (SKU, part, quantity, unit price, line total), subtotal, core deposits (docs/requirements.md §17), tax with its
 * rate ("Tax exempt" and the resale certificate for a tax-exempt company's order), total and the payment reference,
 * or for an order on account its payment terms and due date (docs/requirements.md §15).
 * Long texts wrap inside their column; lines that do not fit continue on a new page under the table's header
 * again; every page is numbered. Money: integer cents in, dollars shown.
 */
import {
  DEFAULT_SHOP_NAME,
  formatMoney,
  formatOrderNumber,
  isId,
  messages,
  PAYMENT_TERM_DAYS,
  PAYMENT_TERMS,
  toDollars,
} from '@partsforge/shared';
import { DEFAULT_SELLER_ADDRESS, type Config } from '../../config.js';
import type { AppDatabase } from '../../db/connect.js';
import { createInvoiceRepository, type InvoiceDocument } from './invoice-repository.js';
import {
  BOLD,
  createPdf,
  drawLetterhead,
  FOOTER_ROOM,
  INK,
  MARGIN,
  MUTED,
  numberPages,
  pdfText,
  REGULAR,
  RULE,
  SHADE,
  writeText,
  type InvoiceSeller,
  type WriteStyle,
} from './pdf-letterhead.js';

export { pdfText, type InvoiceSeller };

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

const money = (cents: number) => formatMoney(toDollars(cents));

/** An account invoice's payment terms by its days to pay: "Net 30" (the terms' label when it is one of them). */
function termsOf(issuedAt: Date, dueAt: Date): string {
  const days = Math.round((dueAt.getTime() - issuedAt.getTime()) / 86_400_000);
  const terms = PAYMENT_TERMS.find((code) => PAYMENT_TERM_DAYS[code] === days && code !== 'card');
  return terms ? messages.tradeTermsPages.paymentTermsLabel[terms] : `Net ${days}`;
}
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
  const { doc, done } = createPdf({
    title: `${messages.invoices.invoiceNumber} ${invoice.number}`,
    author: seller.name,
    createdAt: invoice.issuedAt,
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER_ROOM;
  const orderNumber = formatOrderNumber(order.number);

  /** Writes `text` at (x, y) within `w` points; returns the y under it. */
  const write = (text: string, x: number, y: number, w: number, style: WriteStyle = {}) =>
    writeText(doc, text, x, y, w, style);
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

  // The letterhead: seller (left) and the invoice's facts (right).
  const top = doc.page.margins.top;
  const facts: [string, string][] = [
    [messages.invoices.invoiceNumber, invoice.number],
    [messages.invoices.invoiceDate, day.format(invoice.issuedAt)],
    [messages.invoices.orderNumber, orderNumber],
    [messages.invoices.poNumber, order.poNumber ?? '—'],
  ];
  const terms = invoice.dueAt ? termsOf(invoice.issuedAt, invoice.dueAt) : null;
  if (invoice.dueAt && terms)
    facts.push(
      [messages.tradeTermsPages.invoiceDue, day.format(invoice.dueAt)],
      [messages.tradeTermsPages.paymentTerms, terms],
    );
  let y = drawLetterhead(doc, seller, messages.invoices.title, facts) + 24;

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
  // The order's delivery (docs/requirements.md §16) between the subtotal and the tax, and the tax's rate to the
  // thousandth of a percent with its region. Invoices from before delivery methods: the subtotal was total - tax.
  const rateMilliPercent =
    order.taxRateMilliPercent > 0 ? order.taxRateMilliPercent : invoice.taxRateBasisPoints * 10;
  // The core deposits (docs/requirements.md §17) on their own line, untaxed, between the subtotal and the delivery.
  const coreCents = order.coreTotalCents;
  const shippingCents = Math.min(
    order.shippingCents,
    invoice.totalCents - invoice.taxCents - invoice.subtotalCents - coreCents,
  );
  const totals: [string, string, boolean][] = [
    [messages.invoices.subtotal, money(invoice.subtotalCents), false],
    ...(coreCents > 0
      ? ([[messages.coreCharges.coreDeposits, money(coreCents), false]] as [string, string, boolean][])
      : []),
    ...(order.shippingMethod !== null
      ? ([
          [
            messages.shippingPages.shippingLine(order.shippingName ?? order.shippingMethod),
            money(Math.max(shippingCents, 0)),
            false,
          ],
        ] as [string, string, boolean][])
      : []),
    [
      order.taxExempt
        ? messages.tradeTermsPages.taxExempt
        : order.taxRegion
          ? messages.shippingPages.taxLine(rateMilliPercent / 1000, order.taxRegion)
          : messages.invoices.tax(rateMilliPercent / 1000),
      money(invoice.taxCents),
      false,
    ],
    [messages.invoices.total, money(invoice.totalCents), true],
  ];
  y = room(y + 10, totals.length * 18 + 60);
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

  // A tax-exempt company's resale certificate.
  if (order.taxExempt && order.resaleCertificate) {
    y = room(y + 8, 20);
    y = write(`${messages.tradeTermsPages.resaleCertificate} ${order.resaleCertificate}`, left, y, width, {
      size: 10,
    });
  }

  if (invoice.dueAt && terms) {
    // On account: when it is due.
    y = room(y + 16, 40);
    write(messages.tradeTermsPages.paymentTerms, left, y, width, { font: BOLD, size: 10 });
    write(
      `${terms}. ${messages.tradeTermsPages.invoiceDue} ${day.format(invoice.dueAt)}`,
      left,
      doc.y + 2,
      width,
      {
        size: 10,
      },
    );
  } else {
    // The payment reference: the provider's payment (transaction) id.
    const reference = order.transactionId ?? order.paymentIntentId ?? '—';
    y = room(y + 16, 40);
    write(messages.invoices.paymentReference, left, y, width, { font: BOLD, size: 10 });
    write(messages.invoices.paidWith(reference), left, doc.y + 2, width, { size: 10 });
  }

  // Page numbers, drawn in the bottom margin of every page once all pages exist.
  numberPages(doc, (page, pages) => `${invoice.number} · ${messages.invoices.page(page, pages)}`);
  doc.end();
  return done;
}
