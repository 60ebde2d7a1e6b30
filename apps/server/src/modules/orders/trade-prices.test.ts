/**
 * A member's own prices on the order path (docs/requirements.md §15 "What a member sees", "Tax exemption"): the
 * cart, quick order, checkout, the one-part purchase, the order and its invoice give the member's level or contract
 * prices with the list price beside them; a tax-exempt company's orders carry no tax and the invoice says so with the
 * resale certificate; visitors' and other customers' prices, and their tax, are as before. Terms are written
 * directly in the database. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { Cart, CartChangeResult, Order } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, payAtProvider, putInCart } from '../../test/orders.js';
import { pdfText } from '../../test/pdf-text.js';
import { callAs, CHECKOUT, companyOf, okAs, setContractPrice, setTerms } from '../../test/trade-terms.js';

let t: TestApp;
/** Olive owns the jobber company (15% off, a contract price on the clutch); Sol belongs to no company. */
let olive: TestUser;
let sol: TestUser;
/** Tess owns a tax-exempt company at list prices. */
let tess: TestUser;
/** Nina owns a company nobody gave terms. */
let nina: TestUser;
/** $100.00, $90.00 from 10 units. */
let pads: string;
/** $50.00; the jobber company's contract price is $40.00. */
let clutch: string;

const TAX_RATE = 825; // 8.25%
const CLUTCH_SKU = `CLU-${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await buildTestApp({ config: { taxRateBasisPoints: TAX_RATE } });
  const signUp = (name: string) => signUpAndGetToken(t.app, { email: uniqueEmail(name.toLowerCase()), name });
  [olive, sol, tess, nina] = [
    await signUp('Olive'),
    await signUp('Sol'),
    await signUp('Tess'),
    await signUp('Nina'),
  ];
  pads = await insertPart(t.database.db, {
    priceCents: 100_00,
    minqty: 1,
    priceBreaks: [{ minQuantity: 10, priceCents: 90_00 }],
  });
  clutch = await insertPart(t.database.db, {
    priceCents: 50_00,
    minqty: 1,
    name: 'Clutch Kit',
    sku: CLUTCH_SKU,
  });
  const jobber = await companyOf(t, olive, 'Jobber Garage');
  await setTerms(t, jobber._id, { priceLevel: 'jobber', paymentTerms: 'card' });
  await setContractPrice(t, jobber._id, clutch, 40_00);
  const exempt = await companyOf(t, tess, 'Resale Parts');
  await setTerms(t, exempt._id, { taxExempt: true, resaleCertificate: 'CA-SR-12345' });
  await companyOf(t, nina, 'No Terms Garage');
});

afterAll(async () => {
  await t?.close();
});

const cartOf = (user: TestUser) => okAs<Cart>(t, user, { url: '/api/cart' });
const checkout = (user: TestUser, payload: object = CHECKOUT) =>
  okAs<Order>(t, user, { method: 'POST', url: '/api/checkout', payload }, 201);

/** Pays `order` by card and answers its invoice PDF's text. */
async function invoiceTextOf(user: TestUser, order: Order): Promise<string> {
  const transactionId = await payAtProvider(t.app, user, order._id);
  await okAs(t, user, { method: 'PATCH', url: `/api/order/${order._id}`, payload: { transactionId } });
  const pdf = await callAs(t, user, { url: `/api/order/${order._id}/invoice.pdf` });
  expect(pdf.statusCode).toBe(200);
  return pdfText(pdf.rawPayload).text;
}

describe('a member with a price level and contract prices', () => {
  it('sees their prices with the list prices in the cart, at every quantity break', async () => {
    await putInCart(t.app, olive, pads, 2);
    await putInCart(t.app, olive, clutch, 12);
    let cart = await cartOf(olive);
    expect(
      cart.lines.map(({ unitPrice, listUnitPrice, lineTotal }) => ({ unitPrice, listUnitPrice, lineTotal })),
    ).toEqual([
      { unitPrice: 85, listUnitPrice: 100, lineTotal: 170 },
      // The contract price at every quantity: no break lowers it.
      { unitPrice: 40, listUnitPrice: 50, lineTotal: 480 },
    ]);
    expect(cart.subtotal).toBe(650);
    await putInCart(t.app, olive, pads, 10);
    cart = await cartOf(olive);
    expect(cart.lines[0]).toMatchObject({ unitPrice: 76.5, listUnitPrice: 90, lineTotal: 765 });
  });

  it('sees their prices in a quick order preview', async () => {
    const { results } = await okAs<CartChangeResult>(t, olive, {
      method: 'POST',
      url: '/api/cart/import?dryRun=true',
      payload: { text: `${CLUTCH_SKU} 1` },
    });
    expect(results[0]).toMatchObject({ status: 'added', unitPrice: 40, listUnitPrice: 50 });
  });

  it('checks out at their prices: the order and its invoice give them, the list price beside them', async () => {
    await okAs(t, olive, { method: 'DELETE', url: '/api/cart' });
    await putInCart(t.app, olive, pads, 2);
    await putInCart(t.app, olive, clutch, 1);
    const order = await checkout(olive);
    expect(order.lines.map(({ unitPrice, listUnitPrice }) => ({ unitPrice, listUnitPrice }))).toEqual([
      { unitPrice: 85, listUnitPrice: 100 },
      { unitPrice: 40, listUnitPrice: 50 },
    ]);
    expect(order).toMatchObject({ subtotal: 210, tax: 17.33, total: 227.33, taxExempt: false });
    const read = await okAs<Order>(t, olive, { url: `/api/order/${order._id}` });
    expect(read.lines.map((line) => line.unitPrice)).toEqual([85, 40]);
    expect(read.lines.map((line) => line.listUnitPrice)).toEqual([100, 50]);
    const text = await invoiceTextOf(olive, order);
    expect(text).toContain('$85.00');
    expect(text).toContain('$40.00');
    expect(text).toContain('$227.33');
    expect(text).not.toContain('$100.00');
  });

  it('buys one part at their price through POST /order', async () => {
    const created = await okAs<{ insertedId: string }>(
      t,
      olive,
      {
        method: 'POST',
        url: '/api/order',
        payload: { productId: pads, quantity: 3, address: CHECKOUT.address },
      },
      201,
    );
    const order = await okAs<Order>(t, olive, { url: `/api/order/${created.insertedId}` });
    expect(order).toMatchObject({ price: 85, subtotal: 255 });
    expect(order.lines[0]).toMatchObject({ unitPrice: 85, listUnitPrice: 100 });
  });
});

describe('customers without terms', () => {
  it('see list prices alone, as before, and pay the tax', async () => {
    for (const user of [sol, nina]) {
      await putInCart(t.app, user, pads, 2);
      const cart = await cartOf(user);
      expect(cart.lines[0]).toMatchObject({ unitPrice: 100, lineTotal: 200 });
      expect(cart.lines[0]).not.toHaveProperty('listUnitPrice');
      const order = await checkout(user);
      expect(order).toMatchObject({ subtotal: 200, tax: 16.5, total: 216.5, taxExempt: false });
      expect(order.lines[0]).toMatchObject({ unitPrice: 100, listUnitPrice: 100 });
    }
  });
});

describe('a tax-exempt company', () => {
  it('orders without tax whatever the tax rate; the invoice says "Tax exempt" with the resale certificate', async () => {
    await putInCart(t.app, tess, pads, 2);
    const order = await checkout(tess);
    expect(order).toMatchObject({
      subtotal: 200,
      tax: 0,
      total: 200,
      taxRatePercent: 0,
      taxExempt: true,
      resaleCertificate: 'CA-SR-12345',
    });
    // List prices: its level is list, so the unit price is the list price.
    expect(order.lines[0]).toMatchObject({ unitPrice: 100, listUnitPrice: 100 });
    const text = await invoiceTextOf(tess, order);
    expect(text).toContain('Tax exempt');
    expect(text).toContain('Resale certificate CA-SR-12345');
    expect(text).toContain('$200.00');
  });
});
