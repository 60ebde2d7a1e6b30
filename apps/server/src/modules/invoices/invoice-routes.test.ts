/**
 * Invoices as a client sees them (docs/requirements.md §13 "Invoices"): paying an order issues its invoice,
 * INV-<year>-<6 digits>; GET /api/order/{id}/invoice.pdf answers the PDF to the order's customer or an admin,
 * 404 before payment and to anyone else; a replayed payment issues nothing more; with TAX_RATE_PERCENT the order,
 * the payment and the invoice carry the tax. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { messages, type Order } from '@partsforge/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, sandboxPaymentIntents } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, payAtProvider, placeOrderFor, putInCart, pickupOnly } from '../../test/orders.js';
import { pdfText } from '../../test/pdf-text.js';

const YEAR = new Date().getUTCFullYear();

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      maxUnpaidOrders: 100,
      writeLimits: false,
      shopName: 'Northside Parts',
      sellerAddress: ['9 Dock Street', 'Portland, OR 97201', 'billing@northside.example'],
    },
  });
  // Orders here carry no shipping: their invoices are the lines and tax (order-shipping.test.ts has delivery).
  await pickupOnly(t);
  [ann, bob, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('bob'), name: 'Bob Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' }),
  ]);
});
afterAll(() => t.close());

const invoiceOf = (orderId: string, user?: TestUser) =>
  t.app.inject({ url: `/api/order/${orderId}/invoice.pdf`, headers: user?.headers ?? {} });
const pay = (user: TestUser, orderId: string, transactionId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    headers: user.headers,
    payload: { transactionId },
  });

/** Ann's checkout of two lines with a PO number: pads 50 x $9.20 (break), bolts 20 x $0.35. */
async function twoLineOrder(): Promise<Order> {
  const pads = await insertPart(t.database.db, {
    name: 'Ceramic Brake Pads',
    sku: `PAD-${randomBytes(3).toString('hex')}`,
    minqty: 1,
    priceCents: 1000,
    available: 500,
    priceBreaks: [{ minQuantity: 50, priceCents: 920 }],
  });
  const bolts = await insertPart(t.database.db, {
    name: 'Wheel Bolt',
    sku: `BOLT-${randomBytes(3).toString('hex')}`,
    minqty: 10,
    packSize: 10,
    priceCents: 35,
  });
  await putInCart(t.app, ann, pads, 50);
  await putInCart(t.app, ann, bolts, 20);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: ann.headers,
    payload: { address: '4 Depot Road, Springfield', phone: '555-0101', poNumber: 'PO-7731' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Order>();
}

describe('GET /api/order/{id}/invoice.pdf', () => {
  let order: Order;
  let transactionId: string;

  it('is 404 before the order is paid: it has no invoice yet', async () => {
    order = await twoLineOrder();
    const response = await invoiceOf(order._id, ann);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.invoices.notIssued, code: 'NOT_FOUND' });
    expect(await t.database.db.select().from(invoices)).toEqual([]);
  });

  it("answers the paid order's invoice to its customer as a PDF download showing every fact", async () => {
    transactionId = await payAtProvider(t.app, ann, order._id);
    // Paid when the sandbox confirmed the card (as a provider event): the customer's confirmation changes nothing.
    expect((await pay(ann, order._id, transactionId)).json()).toEqual({ modifiedCount: 0 });

    const response = await invoiceOf(order._id, ann);
    expect(response.statusCode).toBe(200);
    const number = `INV-${YEAR}-000001`;
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { text, lines, pages } = pdfText(response.rawPayload);
    expect(pages).toBe(1);
    const [pads, bolts] = order.lines as [Order['lines'][number], Order['lines'][number]];
    for (const shown of [
      'Northside Parts',
      '9 Dock Street',
      'Portland, OR 97201',
      'billing@northside.example',
      'INVOICE',
      number,
      order.number,
      'PO-7731',
      'Bill to',
      'Ship to',
      'Ann Buyer',
      ann.user.email,
      '555-0101',
      '4 Depot Road, Springfield',
      pads.sku,
      'Ceramic Brake Pads',
      bolts.sku,
      'Wheel Bolt',
      '$9.20',
      '$460.00',
      '$0.35',
      '$7.00',
      'Subtotal',
      'Tax (0%)',
      '$0.00',
      '$467.00',
      `Paid by card, ${transactionId}`,
      `${number} · Page 1 of 1`,
    ])
      expect(text, shown).toContain(shown);
    // Quantities are cells of their own.
    expect(lines).toContain('50');
    expect(lines).toContain('20');
    // The invoice date is the day it was issued.
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order._id));
    expect(row).toMatchObject({
      number,
      year: YEAR,
      sequence: 1,
      subtotalCents: 46_700,
      taxRateBasisPoints: 0,
      taxCents: 0,
      totalCents: 46_700,
    });
    expect(text).toContain(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(row!.issuedAt),
    );
  });

  it('answers an admin too', async () => {
    const response = await invoiceOf(order._id, admin);
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload).text).toContain(`INV-${YEAR}-000001`);
  });

  it("is 404 for someone else's order, as for an order that does not exist, and 401 without sign-in", async () => {
    const other = await invoiceOf(order._id, bob);
    const unknown = await invoiceOf('7b1f6a3e-0c4d-4e8a-9f1b-00000000000a', bob);
    const malformed = await invoiceOf('not-an-id', bob);
    for (const response of [other, unknown, malformed]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.orders.notFound, code: 'NOT_FOUND' });
    }
    expect((await invoiceOf(order._id)).statusCode).toBe(401);
  });

  it('issues no second invoice when the payment is confirmed again', async () => {
    expect((await pay(ann, order._id, transactionId)).json()).toEqual({ modifiedCount: 0 });
    expect(await t.database.db.select({ number: invoices.number }).from(invoices)).toEqual([
      { number: `INV-${YEAR}-000001` },
    ]);
    // The next paid order takes the next number.
    const next = await placeOrderFor(t.app, bob, await insertPart(t.database.db), 2);
    expect((await pay(bob, next, await payAtProvider(t.app, bob, next))).statusCode).toBe(200);
    const response = await invoiceOf(next, bob);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="INV-${YEAR}-000002.pdf"`);
  });
});

describe('TAX_RATE_PERCENT', () => {
  let taxed: TestApp;
  let cy: TestUser;

  beforeAll(async () => {
    taxed = await buildTestApp({ config: { taxRateBasisPoints: 825 } });
    // Orders here carry no shipping: their invoices are the lines and tax (order-shipping.test.ts has delivery).
    await pickupOnly(taxed);
    cy = await signUpAndGetToken(taxed.app, { email: uniqueEmail('cy'), name: 'Cy Buyer' });
  });
  afterAll(() => taxed.close());

  it('adds the tax to the total when the order is placed; the payment and the invoice carry it', async () => {
    // 2 x $5.00 = $10.00; 8.25% of it is 82.5 cents, rounded half up to 83.
    const part = await insertPart(taxed.database.db, { priceCents: 500, minqty: 2, sku: 'TAX-1' });
    const orderId = await placeOrderFor(taxed.app, cy, part, 2);
    const order = (
      await taxed.app.inject({ url: `/api/order/${orderId}`, headers: cy.headers })
    ).json<Order>();
    expect(order).toMatchObject({
      price: 5,
      subtotal: 10,
      tax: 0.83,
      taxRatePercent: 8.25,
      total: 10.83,
      totalPrice: 10.83,
      lines: [{ quantity: 2, unitPrice: 5, lineTotal: 10 }],
    });

    const transactionId = await payAtProvider(taxed.app, cy, orderId);
    const [intent] = await taxed.database.db
      .select({ amountCents: sandboxPaymentIntents.amountCents })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, transactionId));
    expect(intent).toEqual({ amountCents: 1083 });
    const paid = await taxed.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: cy.headers,
      payload: { transactionId },
    });
    expect(paid.json()).toEqual({ modifiedCount: 0 });

    const response = await taxed.app.inject({
      url: `/api/order/${orderId}/invoice.pdf`,
      headers: cy.headers,
    });
    expect(response.statusCode).toBe(200);
    const { text } = pdfText(response.rawPayload);
    for (const shown of ['TAX-1', '$5.00', '$10.00', 'Tax (8.25%)', '$0.83', '$10.83'])
      expect(text, shown).toContain(shown);
    const [row] = await taxed.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(row).toMatchObject({
      subtotalCents: 1000,
      taxRateBasisPoints: 825,
      taxCents: 83,
      totalCents: 1083,
    });
  });
});
