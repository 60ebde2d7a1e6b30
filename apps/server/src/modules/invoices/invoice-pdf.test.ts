/**
 * The invoice document (docs/requirements.md §13 "Invoices"): long content wraps and continues on numbered pages
 * with the table's header again, text the standard fonts cannot show is replaced instead of garbled, and an
 * order without an invoice has no document. Orders are written directly in the database here; the route and the
 * payment that issues invoices are tested in invoice-routes.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/connect.js';
import { orderLines, orders } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/build-test-app.js';
import { pdfText as readPdf } from '../../test/pdf-text.js';
import { pdfText } from './invoice-pdf.js';
import { issueInvoice, renderInvoicePdf } from './index.js';

let database: TestDatabase;
let db: AppDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.database.db;
});
afterAll(() => database.drop());

/** Writes an order of `lines` (SKU, name, quantity, unit cents) and returns its id; paid with an invoice when asked. */
async function orderOf(
  lines: { sku: string; name: string; quantity: number; unitPriceCents: number }[],
  {
    customerName = 'Ann Buyer',
    address = '4 Depot Road',
    paid = true,
  }: { customerName?: string; address?: string; paid?: boolean } = {},
): Promise<string> {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const [order] = await db
    .insert(orders)
    .values({
      lineCount: lines.length,
      quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
      productName: lines[0]!.name,
      totalCents: subtotal,
      customerName,
      email: 'ann@example.com',
      phone: '555-0101',
      address,
      poNumber: 'PO-LONG-1',
      status: paid ? 'pending' : 'unpaid',
      transactionId: paid ? 'sandbox_pi_long' : null,
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values(
    lines.map((line, index) => ({
      orderId: order!.id,
      lineNumber: index + 1,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: line.quantity * line.unitPriceCents,
    })),
  );
  if (paid) await db.transaction((tx) => issueInvoice(tx as unknown as AppDatabase, order!.id));
  return order!.id;
}

describe('renderInvoicePdf', () => {
  it('continues a long order on numbered pages, the header again on each, wrapping long texts', async () => {
    const lines = Array.from({ length: 80 }, (_, index) => ({
      sku: `SKU-${String(index + 1).padStart(3, '0')}`,
      name:
        index % 10 === 0
          ? `Heavy-duty ceramic brake pad set with wear sensors, shims, hardware kit and lubricant, line ${index + 1}`
          : `Part of line ${index + 1}`,
      quantity: index + 1,
      unitPriceCents: 1999,
    }));
    const address = `${'Unit 12, Very Long Industrial Estate Name, '.repeat(5)}Springfield, IL 62701`;
    const id = await orderOf(lines, { address });
    const pdf = await renderInvoicePdf(db, id, { name: 'Northside Parts', address: ['9 Dock Street'] });
    expect(pdf).not.toBeNull();
    const { lines: shown, text, pages } = readPdf(pdf!);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`· Page ${page} of ${pages}`);
    expect(shown.filter((line) => line === 'Unit price')).toHaveLength(pages);
    for (const line of lines) expect(shown, line.sku).toContain(line.sku);
    // 3,240 units x $19.99.
    expect(text).toContain('$64,767.60');
    // The long name and address wrap onto several lines instead of running off the page.
    expect(shown).toContain('Heavy-duty ceramic brake pad set with');
    expect(shown.filter((line) => line.startsWith('Unit 12, Very Long')).length).toBeGreaterThan(1);
  });

  it('shows text the standard fonts cannot draw as close as they can, never as garbage', async () => {
    const id = await orderOf(
      [{ sku: 'Ü-1', name: 'Bremsbeläge “Sport” – 50 €', quantity: 2, unitPriceCents: 500 }],
      {
        customerName: 'Zoë Łódź 中文',
      },
    );
    const { text } = readPdf((await renderInvoicePdf(db, id))!);
    expect(text).toContain('Zoë ?ódz ??');
    expect(text).toContain('Bremsbeläge “Sport” – 50 €');
    expect(text).toContain('Ü-1');
    // The defaults: SHOP_NAME and SELLER_ADDRESS unset.
    expect(text).toContain('PartsForge');
    expect(text).toContain('1200 Industrial Parkway');
  });

  it('is null for an order without an invoice, an unknown order and a malformed id', async () => {
    const unpaid = await orderOf([{ sku: 'X-1', name: 'Part', quantity: 1, unitPriceCents: 100 }], {
      paid: false,
    });
    expect(await renderInvoicePdf(db, unpaid)).toBeNull();
    expect(await renderInvoicePdf(db, randomUUID())).toBeNull();
    expect(await renderInvoicePdf(db, 'not-an-id')).toBeNull();
  });
});

describe('pdfText', () => {
  it('keeps WinAnsi text and line breaks, drops control characters, strips accents it cannot show', () => {
    expect(pdfText('Café “Ü” – 5 €\nLine\ttwo\u0000\u0007')).toBe('Café “Ü” – 5 €\nLine two');
    expect(pdfText('Łódź 😀 Ő')).toBe('?ódz ? O');
  });
});
