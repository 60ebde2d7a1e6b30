/**
 * Receivables as a client sees them (docs/requirements.md §15 "Payments", "Statements"): admins record payments
 * against invoices (partial, in full: the order turns paid and its timeline shows each payment; above the balance
 * 409 OVERPAYMENT and nothing changes; two racing payments that together overpay: one wins); owners and managers
 * read their company's statement (balance, available credit, aging at the buckets' edges, the invoices) as JSON and
 * PDF, buyers 403, outsiders 404; admins read any company's statement and the receivables report as JSON and CSV.
 * The first invoice comes from a real checkout on account; the others, whose issue and due dates the tests choose,
 * are made as the order path makes them: a member's order accepted on account, invoiced with issueInvoice and given
 * its company, due date and issue date in SQL. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import {
  formatMoney,
  invoiceWithPaymentsSchema,
  messages,
  receivablesSchema,
  statementSchema,
  type InvoiceWithPayments,
  type Order,
  type Receivables,
  type Statement,
} from '@partsforge/shared';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../db/connect.js';
import {
  companyMembers,
  companyTerms,
  invoicePayments,
  invoices,
  orderEvents,
  orders,
} from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, placeOrderFor, putInCart, pickupOnly } from '../../test/orders.js';
import { pdfText } from '../../test/pdf-text.js';
import { issueInvoice } from './index.js';

const DAY = 86_400_000;

let t: TestApp;
let db: AppDatabase;
let owner: TestUser;
let manager: TestUser;
let buyer: TestUser;
let outsider: TestUser;
let otherOwner: TestUser;
let admin: TestUser;
let companyId: string;
/** The owner of the company whose statement shows every aging bucket (made by its test). */
let agingOwner: TestUser;
let otherCompanyId: string;

/** `user` creates a company named `name` (its owner); returns its id. */
async function createCompany(user: TestUser, name: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: user.headers,
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      maxUnpaidOrders: 100,
      writeLimits: false,
      shopName: 'Northside Parts',
      sellerAddress: ['9 Dock Street', 'Portland, OR 97201'],
    },
  });
  // Orders here carry no shipping: their invoices are the lines and tax (order-shipping.test.ts has delivery).
  await pickupOnly(t);
  db = t.database.db;
  [owner, manager, buyer, outsider, otherOwner, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('owner'), name: 'Olga Owner' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('manager'), name: 'Mo Manager' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('buyer'), name: 'Bea Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('outsider'), name: 'Otto Outsider' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('other'), name: 'Oscar Other' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' }),
  ]);
  companyId = await createCompany(owner, 'Depot Garage Ltd');
  otherCompanyId = await createCompany(otherOwner, 'Axle Works');
  await db.insert(companyMembers).values([
    { userId: manager.user.id, companyId, role: 'manager' },
    { userId: buyer.user.id, companyId, role: 'buyer' },
  ]);
  await db.insert(companyTerms).values({
    companyId,
    priceLevel: 'list',
    paymentTerms: 'net30',
    creditLimitCents: 500_000,
    taxExempt: false,
  });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/**
 * An invoice on account as the order path issues it: `placer`'s order of `units` x $10.00 (placed through the API,
 * then accepted on account), invoiced, of `company`, due at `dueAt` and issued at `issuedAt`. Returns its number
 * and order id.
 */
async function accountInvoice(
  placer: TestUser,
  {
    company = companyId,
    units = 10,
    dueAt = new Date(Date.now() + 30 * DAY),
    issuedAt = new Date(),
  }: { company?: string; units?: number; dueAt?: Date; issuedAt?: Date } = {},
): Promise<{ number: string; orderId: string }> {
  const part = await insertPart(db, { priceCents: 1000, minqty: 1, available: 10_000 });
  const orderId = await placeOrderFor(t.app, placer, part, units);
  await db.update(orders).set({ paymentMethod: 'account', status: 'pending' }).where(eq(orders.id, orderId));
  const number = await db.transaction((tx) => issueInvoice(tx as unknown as AppDatabase, orderId));
  await db
    .update(invoices)
    .set({ companyId: company, dueAt, issuedAt, paidCents: 0 })
    .where(eq(invoices.orderId, orderId));
  return { number, orderId };
}

const pay = (number: string, payload: Record<string, unknown>, user: TestUser = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/invoices/${number}/payments`,
    headers: user.headers,
    payload,
  });

const statementOf = (user: TestUser, url = '/api/companies/mine/statement') =>
  t.app.inject({ url, headers: user.headers });

async function invoiceRow(orderId: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row!;
}

describe('POST /api/admin/invoices/{number}/payments', () => {
  it('records partial payments, then the rest: the order turns paid and its timeline shows each payment', async () => {
    // A manager's checkout on the company's account (net 30): pending, invoiced, unpaid.
    const part = await insertPart(db, { priceCents: 1000, minqty: 1, available: 100 });
    await putInCart(t.app, manager, part, 10);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: manager.headers,
      payload: { address: '1 Depot Road, Springfield', phone: '555-0100', paymentMethod: 'account' },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const placed = checkout.json<Order>();
    expect(placed).toMatchObject({ status: 'pending', paid: false, invoice: { balance: 100 } });
    const orderId = placed._id;
    const number = placed.invoice!.number;

    const first = await pay(number, { amount: 40, method: 'check', reference: 'CHK-1001' });
    expect(first.statusCode, first.body).toBe(201);
    const partial = invoiceWithPaymentsSchema.parse(first.json());
    expect(partial).toMatchObject({
      number,
      orderId,
      total: 100,
      paid: 40,
      balance: 60,
      status: 'open',
      payments: [{ amount: 40, method: 'check', reference: 'CHK-1001', by: 'Ada Admin' }],
    });
    let order = (
      await t.app.inject({ url: `/api/order/${orderId}`, headers: manager.headers })
    ).json<Order>();
    expect(order.paid).toBe(false);

    const rest = await pay(number, { amount: 60, method: 'wire' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json<InvoiceWithPayments>()).toMatchObject({
      paid: 100,
      balance: 0,
      status: 'paid',
      payments: [
        { amount: 40, method: 'check', reference: 'CHK-1001' },
        { amount: 60, method: 'wire', reference: '' },
      ],
    });

    order = (await t.app.inject({ url: `/api/order/${orderId}`, headers: manager.headers })).json<Order>();
    expect(order.paid).toBe(true);
    const payments = order.history.filter((event) => event.payment).map((event) => event.payment);
    expect(payments).toMatchObject([
      { amount: 40, method: 'check', reference: 'CHK-1001', by: 'Ada Admin' },
      { amount: 60, method: 'wire', reference: '', by: 'Ada Admin' },
    ]);
    expect(order.invoice).toMatchObject({ number, balance: 0 });

    // Paid today: the statement still lists it, paid, and owes nothing for it.
    const statement = (await statementOf(owner)).json<Statement>();
    expect(statement.invoices.find((invoice) => invoice.number === number)).toMatchObject({
      orderId,
      orderNumber: order.number,
      total: 100,
      paid: 100,
      balance: 0,
      status: 'paid',
    });
    expect(statement.balance).toBe(0);
  });

  it('refuses more than the balance with 409 OVERPAYMENT and its balance, changing nothing', async () => {
    const { number, orderId } = await accountInvoice(owner, { units: 5 });
    expect((await pay(number, { amount: 20.5, method: 'ach' })).statusCode).toBe(201);
    const before = {
      invoice: await invoiceRow(orderId),
      events: await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)),
    };

    const response = await pay(number, { amount: 29.51, method: 'ach' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: messages.tradeTerms.overpayment('$29.50'),
      code: 'OVERPAYMENT',
      balance: 29.5,
    });
    expect(await invoiceRow(orderId)).toEqual(before.invoice);
    expect(await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).toEqual(
      before.events,
    );
    expect(await db.select().from(invoicePayments).where(eq(invoicePayments.orderId, orderId))).toHaveLength(
      1,
    );

    // Paid in full, any further payment is refused the same way, with a balance of 0.
    expect((await pay(number, { amount: 29.5, method: 'ach' })).statusCode).toBe(201);
    const again = await pay(number, { amount: 0.01, method: 'ach' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: messages.tradeTerms.invoicePaid,
      code: 'OVERPAYMENT',
      balance: 0,
    });
  });

  it('lets exactly one of two racing payments through when together they overpay', async () => {
    const { number, orderId } = await accountInvoice(owner, { units: 10 });
    const answers = await Promise.all([
      pay(number, { amount: 60, method: 'ach', reference: 'A' }),
      pay(number, { amount: 60, method: 'wire', reference: 'B' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      code: 'OVERPAYMENT',
      balance: 40,
    });
    expect((await invoiceRow(orderId)).paidCents).toBe(6000);
    expect(await db.select().from(invoicePayments).where(eq(invoicePayments.orderId, orderId))).toHaveLength(
      1,
    );
  });

  it('is 404 for an unknown invoice and 400 for an invalid payment', async () => {
    const unknown = await pay('INV-1999-000001', { amount: 10, method: 'ach' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.tradeTerms.invoiceNotFound, code: 'NOT_FOUND' });

    const { number, orderId } = await accountInvoice(owner, { units: 2 });
    for (const payload of [
      { amount: 0, method: 'ach' },
      { amount: -5, method: 'ach' },
      { amount: 1.005, method: 'ach' },
      { amount: '10', method: 'ach' },
      { amount: 10, method: 'cash' },
      { amount: 10 },
      { amount: 10, method: 'ach', reference: 'x'.repeat(101) },
    ]) {
      const response = await pay(number, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    expect((await invoiceRow(orderId)).paidCents).toBe(0);
  });

  it('is for admins only', async () => {
    const { number, orderId } = await accountInvoice(owner, { units: 2 });
    expect((await pay(number, { amount: 5, method: 'ach' }, owner)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/invoices/${number}/payments`,
          payload: { amount: 5, method: 'ach' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await invoiceRow(orderId)).paidCents).toBe(0);
  });
});

describe('GET /api/companies/mine/statement', () => {
  it('ages the open balance at the buckets’ edges and lists the invoices newest first', async () => {
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    agingOwner = await signUpAndGetToken(t.app, { email: uniqueEmail('aging'), name: 'Ann Aging' });
    const company = await createCompany(agingOwner, 'Aging Autos');
    await db.insert(companyTerms).values({
      companyId: company,
      priceLevel: 'list',
      paymentTerms: 'net60',
      creditLimitCents: 100_000,
      taxExempt: false,
    });
    // Due at: [offset from now in ms, units of $10, expected bucket].
    const cases = [
      [0, 1, 'current'],
      [-1000, 2, 'days1to30'],
      [-30 * DAY, 3, 'days1to30'],
      [-30 * DAY - 1000, 4, 'days31to60'],
      [-60 * DAY, 5, 'days31to60'],
      [-90 * DAY, 6, 'days61to90'],
      [-91 * DAY, 7, 'over90'],
    ] as const;
    const issued: { number: string; orderId: string }[] = [];
    for (const [index, [offset, units]] of cases.entries())
      issued.push(
        await accountInvoice(agingOwner, {
          company,
          units,
          dueAt: new Date(now.getTime() + offset),
          issuedAt: new Date(now.getTime() - (120 - index) * DAY),
        }),
      );
    // One paid in part (counts its balance), one paid in full long ago (not listed).
    await pay(issued[6]!.number, { amount: 20, method: 'ach' });
    const old = await accountInvoice(agingOwner, {
      company,
      units: 1,
      issuedAt: new Date(now.getTime() - 200 * DAY),
    });
    await pay(old.number, { amount: 10, method: 'ach' });
    await db
      .update(invoicePayments)
      .set({ at: new Date(now.getTime() - 91 * DAY) })
      .where(eq(invoicePayments.orderId, old.orderId));

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const response = await statementOf(agingOwner);
    expect(response.statusCode, response.body).toBe(200);
    const statement = statementSchema.parse(response.json());
    expect(statement.aging).toEqual({
      current: 10,
      days1to30: 20 + 30,
      days31to60: 40 + 50,
      days61to90: 60,
      over90: 70 - 20,
    });
    expect(statement.balance).toBe(260);
    expect(statement.creditLimit).toBe(1000);
    expect(statement.available).toBe(740);
    expect(statement.company.name).toBe('Aging Autos');
    expect(statement.terms.paymentTerms).toBe('net60');
    expect(statement.invoices.map((invoice) => invoice.number)).toEqual(
      [...issued].reverse().map((invoice) => invoice.number),
    );
    expect(statement.invoices.map((invoice) => invoice.status)).toEqual([
      'overdue',
      'overdue',
      'overdue',
      'overdue',
      'overdue',
      'overdue',
      'open',
    ]);
    expect(statement.invoices[0]).toMatchObject({ total: 70, paid: 20, balance: 50 });
  });

  it('shows invoices paid in the last 90 days, and never a negative available credit', async () => {
    const creditOwner = await signUpAndGetToken(t.app, { email: uniqueEmail('credit'), name: 'Cy Credit' });
    const company = await createCompany(creditOwner, 'Credit Corner');
    await db.insert(companyTerms).values({
      companyId: company,
      priceLevel: 'list',
      paymentTerms: 'net15',
      creditLimitCents: 5000,
      taxExempt: false,
    });
    const paid = await accountInvoice(creditOwner, { company, units: 3 });
    await pay(paid.number, { amount: 30, method: 'card' });
    await accountInvoice(creditOwner, { company, units: 8 });
    const statement = (await statementOf(creditOwner)).json<Statement>();
    expect(statement.balance).toBe(80);
    expect(statement.available).toBe(0);
    expect(
      statement.invoices.map((invoice) => [invoice.number, invoice.status, invoice.balance]),
    ).toContainEqual([paid.number, 'paid', 0]);
  });

  it('gives a company without terms the default terms, and members of no company 404, buyers 403', async () => {
    const answer = await statementOf(otherOwner);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<Statement>()).toMatchObject({
      company: { _id: otherCompanyId, name: 'Axle Works' },
      terms: { paymentTerms: 'card', creditLimit: 0, priceLevel: 'list' },
      balance: 0,
      creditLimit: 0,
      available: 0,
      invoices: [],
    });
    expect((await statementOf(manager)).statusCode).toBe(200);

    const forBuyer = await statementOf(buyer);
    expect(forBuyer.statusCode).toBe(403);
    expect(forBuyer.json()).toEqual({ message: messages.tradeTerms.statementOwnersOnly, code: 'FORBIDDEN' });
    const forOutsider = await statementOf(outsider);
    expect(forOutsider.statusCode).toBe(404);
    expect(forOutsider.json()).toEqual({ message: messages.companies.notInCompany, code: 'NOT_FOUND' });
    expect((await statementOf(admin)).statusCode).toBe(403);
    expect((await statementOf(buyer, '/api/companies/mine/statement.pdf')).statusCode).toBe(403);
  });

  it('downloads as a PDF with the letterhead, the company, its invoices and balance', async () => {
    const response = await statementOf(agingOwner, '/api/companies/mine/statement.pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="statement-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const statement = (await statementOf(agingOwner)).json<Statement>();
    const { text } = pdfText(response.rawPayload);
    for (const shown of [
      'Northside Parts',
      '9 Dock Street',
      'STATEMENT',
      'Aging Autos',
      'Net 60',
      '$1,000.00',
      '$260.00',
      '$740.00',
      ...Object.values(statement.aging).map((amount) => formatMoney(amount)),
      ...statement.invoices.map((invoice) => invoice.number),
      ...statement.invoices.map((invoice) => invoice.orderNumber),
    ])
      expect(text, shown).toContain(shown);
  });
});

describe('admins: a company’s statement and the receivables report', () => {
  it('reads any company’s statement (JSON and PDF), 404 for an unknown company', async () => {
    const mine = (await statementOf(owner)).json<Statement>();
    const response = await statementOf(admin, `/api/admin/companies/${companyId}/statement`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(mine);
    const pdf = await statementOf(admin, `/api/admin/companies/${companyId}/statement.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload).text).toContain('Depot Garage Ltd');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const unknown = await statementOf(admin, `/api/admin/companies/${id}/statement`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: messages.companies.companyNotFound, code: 'NOT_FOUND' });
    }
    expect((await statementOf(owner, `/api/admin/companies/${companyId}/statement`)).statusCode).toBe(403);
  });

  it('reports every company with a balance, largest first, with totals, as JSON and CSV', async () => {
    await accountInvoice(otherOwner, { company: otherCompanyId, units: 1 });
    const response = await statementOf(admin, '/api/admin/receivables');
    expect(response.statusCode).toBe(200);
    const report = receivablesSchema.parse(response.json());
    const statements = await Promise.all(
      [companyId, otherCompanyId].map(async (id) =>
        (await statementOf(admin, `/api/admin/companies/${id}/statement`)).json<Statement>(),
      ),
    );
    for (const statement of statements) {
      const row = report.rows.find((candidate) => candidate.companyId === statement.company._id);
      expect(row).toEqual({
        companyId: statement.company._id,
        companyName: statement.company.name,
        paymentTerms: statement.terms.paymentTerms,
        creditLimit: statement.creditLimit,
        balance: statement.balance,
        aging: statement.aging,
      });
    }
    expect(report.rows.find((row) => row.companyName === 'Aging Autos')?.balance).toBe(260);
    const balances = report.rows.map((row) => row.balance);
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    const sum = (pick: (row: Receivables['rows'][number]) => number) =>
      Math.round(report.rows.reduce((total, row) => total + pick(row) * 100, 0)) / 100;
    expect(report.totals).toEqual({
      balance: sum((row) => row.balance),
      current: sum((row) => row.aging.current),
      days1to30: sum((row) => row.aging.days1to30),
      days31to60: sum((row) => row.aging.days31to60),
      days61to90: sum((row) => row.aging.days61to90),
      over90: sum((row) => row.aging.over90),
    });

    const csv = await statementOf(admin, '/api/admin/receivables.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="receivables.csv"');
    const { data } = Papa.parse<string[]>(csv.body.trim(), { newline: '\r\n' });
    expect(data[0]).toEqual([...messages.tradeTerms.receivablesCsvHeader]);
    expect(data.slice(1)).toEqual(
      report.rows.map((row) => [
        row.companyName,
        row.companyId,
        row.paymentTerms,
        row.creditLimit.toFixed(2),
        row.balance.toFixed(2),
        row.aging.current.toFixed(2),
        row.aging.days1to30.toFixed(2),
        row.aging.days31to60.toFixed(2),
        row.aging.days61to90.toFixed(2),
        row.aging.over90.toFixed(2),
      ]),
    );
    expect(data.find((line) => line[0] === 'Aging Autos')?.slice(2, 5)).toEqual([
      'net60',
      '1000.00',
      '260.00',
    ]);
    for (const url of ['/api/admin/receivables', '/api/admin/receivables.csv'])
      expect((await statementOf(owner, url)).statusCode).toBe(403);
  });

  it('keeps a company name that looks like a formula as text in the CSV', async () => {
    const sly = await signUpAndGetToken(t.app, { email: uniqueEmail('sly'), name: 'Sly' });
    const company = await createCompany(sly, '=HYPERLINK("x")');
    await accountInvoice(sly, { company, units: 1 });
    const csv = await statementOf(admin, '/api/admin/receivables.csv');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
