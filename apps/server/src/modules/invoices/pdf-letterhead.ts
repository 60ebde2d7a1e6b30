/**
 * What the shop's documents share (docs/requirements.md §13 "Invoices", §15 "Statements"): US Letter pages drawn
 * with pdfkit's built-in standard fonts (Helvetica), so nothing in the data can make a document read a file or the
 * network; text reduced to what those fonts show (pdfText); the letterhead (the seller's name and address on the
 * left, the document's title and its facts on the right); and page numbers in the bottom margin of every page.
 * Used by the invoice (invoice-pdf.ts) and the statement (statement-pdf.ts).
 */
import PDFDocument from 'pdfkit';

/** Who sells: the shop's name and its address and contact lines (config SHOP_NAME and SELLER_ADDRESS). */
export interface InvoiceSeller {
  name: string;
  address: readonly string[];
}

export const REGULAR = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const INK = '#111111';
export const MUTED = '#555555';
export const RULE = '#cccccc';
export const SHADE = '#eeeeee';
/** Page margins in points. */
export const MARGIN = 50;
/** Room kept under the content for the page footer, in points. */
export const FOOTER_ROOM = 40;

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

/** A pdfkit document of the shop's page setup. */
export type PdfDocument = InstanceType<typeof PDFDocument>;

/** How `write` draws a text. */
export interface WriteStyle {
  font?: string;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/**
 * A new US Letter document with the shop's margins, its pages buffered (so that page numbers can be drawn at the
 * end), and `done`: its bytes once `doc.end()` was called.
 */
export function createPdf(info: { title: string; author: string; createdAt: Date }): {
  doc: PdfDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: pdfText(info.title), Author: pdfText(info.author), CreationDate: info.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** Writes `text` (through pdfText) at (x, y) within `width` points; returns the y under it. */
export function writeText(
  doc: PdfDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  { font = REGULAR, size = 10, color = INK, align = 'left' }: WriteStyle = {},
): number {
  doc.font(font).fontSize(size).fillColor(color);
  doc.text(pdfText(text), x, y, { width, align });
  return doc.y;
}

/**
 * Draws the letterhead at the top of the current page: the seller's name and address lines on the left, `title`
 * and the label/value `facts` under it on the right. Returns the y (points) under the taller of the two sides.
 */
export function drawLetterhead(
  doc: PdfDocument,
  seller: InvoiceSeller,
  title: string,
  facts: readonly (readonly [string, string])[],
): number {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const top = doc.page.margins.top;
  const sellerWidth = 260;
  let sellerBottom = writeText(doc, seller.name, left, top, sellerWidth, { font: BOLD, size: 16 });
  sellerBottom = writeText(doc, seller.address.join('\n'), left, sellerBottom + 2, sellerWidth, {
    size: 9,
    color: MUTED,
  });
  const factsLeft = left + sellerWidth + 20;
  const factsWidth = width - sellerWidth - 20;
  let factsBottom = writeText(doc, title, factsLeft, top, factsWidth, {
    font: BOLD,
    size: 20,
    align: 'right',
  });
  factsBottom += 6;
  const labelWidth = 100;
  for (const [label, value] of facts) {
    const y = factsBottom;
    const labelBottom = writeText(doc, label, factsLeft, y, labelWidth, { size: 9, color: MUTED });
    const valueBottom = writeText(doc, value, factsLeft + labelWidth, y, factsWidth - labelWidth, {
      font: BOLD,
      size: 9,
      align: 'right',
    });
    factsBottom = Math.max(labelBottom, valueBottom) + 3;
  }
  return Math.max(sellerBottom, factsBottom);
}

/** Draws `footer(page, pages)` centred in the bottom margin of every page (call once all pages exist). */
export function numberPages(doc: PdfDocument, footer: (page: number, pages: number) => string): void {
  const width = doc.page.width - 2 * MARGIN;
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    writeText(doc, footer(page - start + 1, count), MARGIN, doc.page.height - MARGIN, width, {
      size: 8,
      color: MUTED,
      align: 'center',
    });
    doc.page.margins.bottom = margin;
  }
}
