/**
 * Core charges on the order path (docs/requirements.md §17 "Core charges"): a part's refundable core deposit shows on
 * every part answer, each cart line carries it and the cart its core deposits; checkout and the one-part purchase copy
 * it onto the order's lines and add the deposits to the total untaxed; the card payment, the confirmation mail and
 * the invoice (its PDF with "Core deposits" on its own line) include them; trade terms never discount them, a
 * tax-exempt company pays them untaxed too, and an order on account's invoice and the company's balance include
 * them. Core charges are written directly in the database. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import {
  taxCents,
  toCents,
  toDollars,
  type Cart,
  type Order,
  type Part,
  type Statement,
} from '@partsforge/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails, parts, sandboxPaymentIntents } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, putInCart } from '../../test/orders.js';
import { pdfText } from '../../test/pdf-text.js';
import {
  callAs,
  CHECKOUT,
  companyOf,
  okAs,
  paidInvoiceText,
  setContractPrice,
  setTerms,
} from '../../test/trade-terms.js';

let t: TestApp;
/** Sol buys alone; Olive owns a jobber company (15% off, a contract price on the starter); Tess a tax-exempt one. */
let sol: TestUser;
let olive: TestUser;
let tess: TestUser;
/** An alternator: $200.00 with a $45.00 core. */
let alternator: string;
/** A starter: $120.00 with a $35.00 core; the jobber company's contract price is $99.00. */
let starter: string;
/** An oil filter: $8.00, no core. */
let filter: string;

const TAX_RATE = 825; // 8.25%
const ALTERNATOR_NAME = `Remanufactured Alternator ${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await buildTestApp({ config: { taxRateBasisPoints: TAX_RATE, maxUnpaidOrders: 100 } });
  const signUp = (name: string) => signUpAndGetToken(t.app, { email: uniqueEmail(name.toLowerCase()), name });
  [sol, olive, tess] = [await signUp('Sol'), await signUp('Olive'), await signUp('Tess')];
  const db = t.database.db;
  alternator = await insertPart(db, { name: ALTERNATOR_NAME, priceCents: 200_00, minqty: 1 });
  starter = await insertPart(db, { name: 'Starter Motor', priceCents: 120_00, minqty: 1 });
  filter = await insertPart(db, { name: 'Oil Filter', priceCents: 8_00, minqty: 1 });
  await db.update(parts).set({ coreChargeCents: 45_00 }).where(eq(parts.id, alternator));
  await db.update(parts).set({ coreChargeCents: 35_00 }).where(eq(parts.id, starter));
  const jobber = await companyOf(t, olive, 'Jobber Garage');
  await setTerms(t, jobber._id, { priceLevel: 'jobber', paymentTerms: 'card' });
  await setContractPrice(t, jobber._id, starter, 99_00);
  const exempt = await companyOf(t, tess, 'Exempt Fleet');
  await setTerms(t, exempt._id, {
    priceLevel: 'jobber',
    paymentTerms: 'net30',
    creditLimitCents: 10_000_00,
    taxExempt: true,
    resaleCertificate: 'TX-RS-1',
  });
});

afterAll(async () => {
  await t?.close();
});

const cartOf = (user: TestUser) => okAs<Cart>(t, user, { url: '/api/cart' });
const checkout = (user: TestUser, payload: object = CHECKOUT) =>
  okAs<Order>(t, user, { method: 'POST', url: '/api/checkout', payload }, 201);
const orderOf = (user: TestUser, id: string) => okAs<Order>(t, user, { url: `/api/order/${id}` });
const emptyCart = (user: TestUser) => okAs(t, user, { method: 'DELETE', url: '/api/cart' });

describe('part answers', () => {
  it('carry coreCharge in dollars on a part, a list and a search; 0 for a part without a core', async () => {
    const one = await okAs<Part>(t, sol, { url: `/api/parts/${alternator}` });
    expect(one.coreCharge).toBe(45);
    expect((await okAs<Part>(t, sol, { url: `/api/parts/${filter}` })).coreCharge).toBe(0);
    const found = await okAs<Part[]>(t, sol, { url: `/api/parts?q=${encodeURIComponent(ALTERNATOR_NAME)}` });
    expect(found.find((part) => part._id === alternator)?.coreCharge).toBe(45);
    const listed = await okAs<Part[]>(t, sol, { url: '/api/parts?limit=50' });
    expect(listed.find((part) => part._id === starter)?.coreCharge).toBe(35);
    // A member's repriced answer: their price, the core deposit as it is.
    const member = await okAs<Part>(t, olive, { url: `/api/parts/${alternator}` });
    expect(member).toMatchObject({ price: 170, listPrice: 200, coreCharge: 45 });
  });
});

describe('the cart', () => {
  it('gives each line its core charge and the core deposits apart from the subtotal', async () => {
    await putInCart(t.app, sol, alternator, 2);
    await putInCart(t.app, sol, filter, 3);
    const cart = await cartOf(sol);
    expect(cart.lines.map(({ partId, coreCharge }) => ({ partId, coreCharge }))).toEqual([
      { partId: alternator, coreCharge: 45 },
      { partId: filter, coreCharge: 0 },
    ]);
    expect(cart).toMatchObject({ subtotal: 424, coreTotal: 90 });
    await emptyCart(sol);
    expect(await cartOf(sol)).toEqual({ lines: [], subtotal: 0, coreTotal: 0 });
  });
});

describe('checkout', () => {
  it('adds the core deposits to the total untaxed; the payment, the mail and the invoice include them', async () => {
    await putInCart(t.app, sol, alternator, 2);
    await putInCart(t.app, sol, filter, 3);
    const order = await checkout(sol);
    // 2 x $200 + 3 x $8 = $424; tax 8.25% of $424 = $34.98; cores 2 x $45 = $90 (untaxed).
    expect(order).toMatchObject({
      subtotal: 424,
      coreTotal: 90,
      tax: 34.98,
      total: 548.98,
      totalPrice: 548.98,
    });
    expect(order.lines.map(({ coreCharge, lineTotal }) => ({ coreCharge, lineTotal }))).toEqual([
      { coreCharge: 45, lineTotal: 400 },
      { coreCharge: 0, lineTotal: 24 },
    ]);
    expect(await orderOf(sol, order._id)).toMatchObject({
      subtotal: 424,
      coreTotal: 90,
      tax: 34.98,
      total: 548.98,
      lines: [{ coreCharge: 45 }, { coreCharge: 0 }],
    });
    // A later change of the part's core charge leaves the order's as it was placed.
    await t.database.db.update(parts).set({ coreChargeCents: 50_00 }).where(eq(parts.id, alternator));
    expect((await orderOf(sol, order._id)).lines[0]!.coreCharge).toBe(45);
    await t.database.db.update(parts).set({ coreChargeCents: 45_00 }).where(eq(parts.id, alternator));

    const [confirmation] = await t.database.db
      .select({ text: outboundEmails.text, html: outboundEmails.html })
      .from(outboundEmails)
      .where(and(eq(outboundEmails.orderId, order._id), eq(outboundEmails.kind, 'order-confirmation')));
    expect(confirmation!.text).toContain('Core deposits (refundable): $90.00');
    expect(confirmation!.text).toContain('Total: $548.98');
    expect(confirmation!.html).toContain('Core deposits (refundable)');

    const text = await paidInvoiceText(t, sol, order._id);
    const [intent] = await t.database.db
      .select({ amountCents: sandboxPaymentIntents.amountCents })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.orderId, order._id));
    expect(intent!.amountCents).toBe(548_98);
    expect(text).toContain('Core deposits');
    expect(text).toContain('$90.00');
    expect(text).toContain('$424.00');
    expect(text).toContain('$548.98');
  });

  it('the one-part purchase (POST /order) carries the core deposits the same way', async () => {
    const created = await okAs<{ insertedId: string }>(
      t,
      sol,
      {
        method: 'POST',
        url: '/api/order',
        payload: { productId: alternator, quantity: 3, address: CHECKOUT.address },
      },
      201,
    );
    const order = await orderOf(sol, created.insertedId);
    expect(order).toMatchObject({ subtotal: 600, coreTotal: 135, lines: [{ coreCharge: 45, quantity: 3 }] });
    const shippingCents = toCents(order.shipping?.cost ?? 0);
    const taxed = toCents(order.subtotal) + (order.taxShipping ? shippingCents : 0);
    expect(order.tax).toBe(toDollars(taxCents(taxed, TAX_RATE)));
    expect(toCents(order.total)).toBe(toCents(order.subtotal) + 135_00 + shippingCents + toCents(order.tax));
  });
});

describe('trade terms', () => {
  it('never discount the core deposits: a price level or a contract price lowers the price alone', async () => {
    await putInCart(t.app, olive, alternator, 1);
    await putInCart(t.app, olive, starter, 2);
    const cart = await cartOf(olive);
    expect(cart.lines.map(({ unitPrice, coreCharge }) => ({ unitPrice, coreCharge }))).toEqual([
      { unitPrice: 170, coreCharge: 45 },
      { unitPrice: 99, coreCharge: 35 },
    ]);
    expect(cart).toMatchObject({ subtotal: 368, coreTotal: 115 });
    const order = await checkout(olive);
    // Tax 8.25% of $368 = $30.36; cores $115 untaxed.
    expect(order).toMatchObject({ subtotal: 368, coreTotal: 115, tax: 30.36, total: 513.36 });
  });

  it('a tax-exempt company on account pays the core deposits untaxed; its invoice and balance include them', async () => {
    await putInCart(t.app, tess, alternator, 2);
    const order = await checkout(tess, { ...CHECKOUT, paymentMethod: 'account' });
    // Jobber: 2 x $170 = $340, no tax, cores 2 x $45 = $90.
    expect(order).toMatchObject({
      status: 'pending',
      subtotal: 340,
      coreTotal: 90,
      tax: 0,
      total: 430,
      taxExempt: true,
      invoice: { balance: 430 },
    });
    const statement = await okAs<Statement>(t, tess, { url: '/api/companies/mine/statement' });
    expect(statement.balance).toBe(430);
    const pdf = await callAs(t, tess, { url: `/api/order/${order._id}/invoice.pdf` });
    expect(pdf.statusCode).toBe(200);
    const { text } = pdfText(pdf.rawPayload);
    expect(text).toContain('Core deposits');
    expect(text).toContain('Tax exempt');
    expect(text).toContain('$340.00');
    expect(text).toContain('$430.00');
  });
});
