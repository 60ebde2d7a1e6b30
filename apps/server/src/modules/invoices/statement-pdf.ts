/**
 * The statement document (docs/requirements.md §15 "Statements"): a company's statement as a US Letter PDF with the
 * shop's letterhead (pdf-letterhead.ts, as the invoice): the company, the statement date, payment terms, credit
 * limit, balance and available credit; the open balance by days past due; and the invoices (number, order, issue and
 * due dates, total, paid, balance, status), continuing on numbered pages under the table's header again. Money comes
 * in dollars, as the statement answer has it.
 */
import { formatMoney, messages, type Statement } from '@partsforge/shared';
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
} from './pdf-letterhead.js';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const labels = messages.tradeTermsPages;
const CELL_PADDING = 4;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** The invoices table's columns; their widths fill the 512 points between the margins. */
const INVOICE_COLUMNS: Column[] = [
  { title: labels.columnInvoice, width: 92, align: 'left' },
  { title: labels.columnOrder, width: 62, align: 'left' },
  { title: labels.columnIssued, width: 68, align: 'left' },
  { title: labels.columnDue, width: 68, align: 'left' },
  { title: labels.columnTotal, width: 58, align: 'right' },
  { title: labels.columnPaid, width: 55, align: 'right' },
  { title: labels.columnBalance, width: 60, align: 'right' },
  { title: labels.columnStatus, width: 49, align: 'right' },
];

/** The aging table's columns, one per bucket. */
const AGING_COLUMNS: (Column & { bucket: keyof Statement['aging'] })[] = [
  { title: labels.agingCurrent, width: 102, align: 'right', bucket: 'current' },
  { title: labels.aging1to30, width: 102, align: 'right', bucket: 'days1to30' },
  { title: labels.aging31to60, width: 102, align: 'right', bucket: 'days31to60' },
  { title: labels.aging61to90, width: 103, align: 'right', bucket: 'days61to90' },
  { title: labels.agingOver90, width: 103, align: 'right', bucket: 'over90' },
];

/**
 * The PDF of `statement` as of `at`, with `seller`'s letterhead (invoiceSellerOf(config)). Resolves with its bytes.
 * Source: docs/requirements.md §15 "Statements".
 */
export function renderStatementPdf(statement: Statement, seller: InvoiceSeller, at: Date): Promise<Buffer> {
  const { doc, done } = createPdf({
    title: `${labels.accountTitle}: ${statement.company.name}`,
    author: seller.name,
    createdAt: at,
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER_ROOM;
  const heightOf = (text: string, w: number, font = REGULAR, size = 9) =>
    doc.font(font).fontSize(size).heightOfString(pdfText(text), { width: w });

  const facts: [string, string][] = [
    [messages.tradeTerms.statementCompany, statement.company.name],
    [messages.tradeTerms.statementDate, day.format(at)],
    [messages.tradeTerms.statementPaymentTerms, labels.paymentTermsLabel[statement.terms.paymentTerms]],
    [labels.creditLimit, formatMoney(statement.creditLimit)],
    [labels.balance, formatMoney(statement.balance)],
    [labels.available, formatMoney(statement.available)],
  ];
  let y = drawLetterhead(doc, seller, messages.tradeTerms.statementTitle, facts) + 24;

  /** Draws a table row of `cells` at `at` (shaded and bold for a header); returns the y under it. */
  const row = (columns: Column[], cells: string[], at: number, header = false) => {
    const font = header ? BOLD : REGULAR;
    const height =
      columns.reduce(
        (tallest, column, index) =>
          Math.max(tallest, heightOf(cells[index]!, column.width - 2 * CELL_PADDING, font)),
        0,
      ) +
      2 * CELL_PADDING;
    if (header) doc.rect(left, at, width, height).fill(SHADE).fillColor(INK);
    let x = left;
    columns.forEach((column, index) => {
      writeText(doc, cells[index]!, x + CELL_PADDING, at + CELL_PADDING, column.width - 2 * CELL_PADDING, {
        font,
        size: 9,
        align: column.align,
      });
      x += column.width;
    });
    const under = at + height;
    if (!header)
      doc
        .moveTo(left, under)
        .lineTo(left + width, under)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    return under;
  };
  /** Starts a new page when `needed` points do not fit under `at`; returns where to go on. */
  const room = (at: number, needed: number) => {
    if (at + needed <= bottom()) return at;
    doc.addPage();
    return (
      writeText(doc, `${statement.company.name} (continued)`, left, doc.page.margins.top, width, {
        color: MUTED,
        size: 9,
      }) + 8
    );
  };

  // Aging.
  y = writeText(doc, messages.tradeTerms.statementAgingHeading, left, y, width, { font: BOLD, size: 11 }) + 6;
  y = row(
    AGING_COLUMNS,
    AGING_COLUMNS.map((column) => column.title),
    y,
    true,
  );
  y = row(
    AGING_COLUMNS,
    AGING_COLUMNS.map((column) => formatMoney(statement.aging[column.bucket])),
    y,
  );

  // Invoices, newest first, the header again on every page they continue on.
  y = room(y + 20, 60);
  y =
    writeText(doc, messages.tradeTerms.statementInvoicesHeading, left, y, width, { font: BOLD, size: 11 }) +
    6;
  const header = (at: number) =>
    row(
      INVOICE_COLUMNS,
      INVOICE_COLUMNS.map((column) => column.title),
      at,
      true,
    );
  if (statement.invoices.length === 0) {
    writeText(doc, messages.tradeTerms.statementNoInvoices, left, y, width, { color: MUTED });
  } else {
    y = header(y);
    for (const invoice of statement.invoices) {
      const cells = [
        invoice.number,
        invoice.orderNumber,
        day.format(new Date(invoice.issuedAt)),
        invoice.dueAt ? day.format(new Date(invoice.dueAt)) : labels.noDueDate,
        formatMoney(invoice.total),
        formatMoney(invoice.paid),
        formatMoney(invoice.balance),
        labels.invoiceStatus[invoice.status],
      ];
      if (y + 30 > bottom()) y = header(room(y, Number.POSITIVE_INFINITY));
      y = row(INVOICE_COLUMNS, cells, y);
    }
  }

  numberPages(
    doc,
    (page, pages) => `${statement.company.name} · ${day.format(at)} · ${messages.invoices.page(page, pages)}`,
  );
  doc.end();
  return done;
}
