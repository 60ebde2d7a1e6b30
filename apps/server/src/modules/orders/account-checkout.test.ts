/**
 * Paying on account (docs/requirements.md §15 "Pay on account", "Credit", "Payments"): an account checkout needs net
 * terms; it is accepted at once (pending, not paid) with its invoice issued, due after the terms' days and mailed with
 * the PDF to the placer and the owners; it is refused above the credit left (also when two checkouts race for the
 * last of it) and while an invoice is past due, holding nothing; an order above a buyer's spending limit waits for
 * approval, which checks the credit again and invoices it; a payment recorded against the invoice shows on the
 * order's timeline and a full one makes the order paid. Terms are written directly in the database. Runs on PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { Order } from '@partsforge/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/connect.js';
import { outboundEmails } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, putInCart, stockOf } from '../../test/orders.js';
import { pdfText } from '../../test/pdf-text.js';
import { callAs, CHECKOUT, companyOf, okAs, setTerms } from '../../test/trade-terms.js';
import { recordInvoicePayment } from './index.js';

let t: TestApp;
/** Net 30 company: owners Olive and Owen, buyers Bea (limit $300) and Ben (no limit). */
let olive: TestUser;
let owen: TestUser;
let bea: TestUser;
let ben: TestUser;
/** Carl owns a company paying by card; Sol belongs to no company. */
let carl: TestUser;
let sol: TestUser;
let companyId: string;
/** $100.00 a unit, minimum 1. */
let part: string;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp({ config: { taxRateBasisPoints: 0 } });
  const signUp = (name: string) => signUpAndGetToken(t.app, { email: uniqueEmail(name.toLowerCase()), name });
  [olive, owen, bea, ben, carl, sol] = [
    await signUp('Olive'),
    await signUp('Owen'),
    await signUp('Bea'),
    await signUp('Ben'),
    await signUp('Carl'),
    await signUp('Sol'),
  ];
  const company = await companyOf(t, olive, 'Net Thirty Garage', [
    { user: owen, role: 'buyer' },
    { user: bea, role: 'buyer', spendingLimit: 300 },
    { user: ben, role: 'buyer' },
  ]);
  companyId = company._id;
  // Owen becomes a second owner.
  await t.database.db.execute(
    sql`update company_members set role = 'owner' where user_id = ${owen.user.id} and company_id = ${companyId}`,
  );
  const cardCompany = await companyOf(t, carl, 'Card Garage');
  await setTerms(t, cardCompany._id, { paymentTerms: 'card', creditLimitCents: 1_000_000 });
  part = await insertPart(t.database.db, { priceCents: 100_00, minqty: 1, available: 1000 });
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  // Each test starts with no open invoices and a fresh credit limit of $1,000.
  await t.database.db.execute(
    sql`update invoices set paid_cents = total_cents where company_id = ${companyId}`,
  );
  await setTerms(t, companyId, { paymentTerms: 'net30', creditLimitCents: 1000_00 });
});

const onAccount = (user: TestUser) =>
  callAs(t, user, {
    method: 'POST',
    url: '/api/checkout',
    payload: { ...CHECKOUT, paymentMethod: 'account' },
  });

/** Account checkout of `units` of the part as `user`; throws unless 201. */
async function accountOrder(user: TestUser, units: number): Promise<Order> {
  await putInCart(t.app, user, part, units);
  const response = await onAccount(user);
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json<Order>();
}

const mailsOf = (orderId: string) =>
  t.database.db
    .select({
      to: outboundEmails.to,
      subject: outboundEmails.subject,
      attachments: outboundEmails.attachments,
    })
    .from(outboundEmails)
    .where(and(eq(outboundEmails.orderId, orderId), eq(outboundEmails.kind, 'account-invoice')));

describe('terms required', () => {
  it('refuses an account checkout without net terms (409 TERMS_REQUIRED), holding nothing', async () => {
    for (const user of [carl, sol]) {
      await putInCart(t.app, user, part, 2);
      const before = await stockOf(t.database.db, part);
      const response = await onAccount(user);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'TERMS_REQUIRED' });
      expect(await stockOf(t.database.db, part)).toBe(before);
      // Card is still the default.
      const card = await okAs<Order>(
        t,
        user,
        { method: 'POST', url: '/api/checkout', payload: CHECKOUT },
        201,
      );
      expect(card).toMatchObject({ status: 'unpaid', paymentMethod: 'card' });
    }
  });
});

describe('an account checkout', () => {
  it('is accepted at once, invoiced with its due date and mailed to the placer and the owners', async () => {
    const before = Date.now();
    const order = await accountOrder(ben, 3);
    expect(order).toMatchObject({ status: 'pending', paid: false, paymentMethod: 'account', total: 300 });
    expect(order.invoice).toMatchObject({ balance: 300 });
    expect(order.invoice!.number).toMatch(/^INV-\d{4}-\d{6}$/);
    const due = Date.parse(order.invoice!.dueAt!);
    expect(due).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    const read = await okAs<Order>(t, ben, { url: `/api/order/${order._id}` });
    expect(read).toMatchObject({ status: 'pending', paid: false, invoice: order.invoice });

    const mails = await mailsOf(order._id);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [ben.user.email, olive.user.email, owen.user.email].sort(),
    );
    for (const mail of mails) {
      expect(mail.subject).toBe(`Invoice ${order.invoice!.number} for order ${order.number}`);
      expect(mail.attachments).toEqual([{ kind: 'invoice', orderId: order._id }]);
    }

    const pdf = await callAs(t, ben, { url: `/api/order/${order._id}/invoice.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).text;
    expect(text).toContain('Net 30');
    expect(text).toMatch(/Due [A-Z][a-z]+ \d{1,2}, \d{4}/);
  });

  it("is downloaded by the company's owners and members, and by nobody outside it", async () => {
    const order = await accountOrder(ben, 1);
    const url = `/api/order/${order._id}/invoice.pdf`;
    for (const member of [olive, bea]) expect((await callAs(t, member, { url })).statusCode).toBe(200);
    for (const outsider of [carl, sol]) expect((await callAs(t, outsider, { url })).statusCode).toBe(404);
  });

  it('is refused above the credit left with what is available, holding nothing', async () => {
    await accountOrder(ben, 7); // $700 of $1,000 used
    await putInCart(t.app, ben, part, 4);
    const before = await stockOf(t.database.db, part);
    const response = await onAccount(ben);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CREDIT_LIMIT_EXCEEDED', available: 300 });
    expect(response.json<{ message: string }>().message).toContain('$300.00');
    expect(await stockOf(t.database.db, part)).toBe(before);
    // The cart is kept; three units fit.
    await putInCart(t.app, ben, part, 3);
    expect((await onAccount(ben)).statusCode).toBe(201);
  });

  it('lets exactly one of two checkouts racing for the last of the credit pass', async () => {
    await accountOrder(ben, 4); // $600 left
    const racer = await insertPart(t.database.db, { priceCents: 100_00, minqty: 1, available: 100 });
    await putInCart(t.app, ben, racer, 4);
    await putInCart(t.app, owen, racer, 4);
    const answers = await Promise.all([onAccount(ben), onAccount(owen)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ code: 'CREDIT_LIMIT_EXCEEDED', available: 200 });
    // Only the accepted order's units left the stock.
    expect(await stockOf(t.database.db, racer)).toBe(96);
  });

  it('is refused while an invoice of the company is past due (409 ACCOUNT_OVERDUE)', async () => {
    const first = await accountOrder(ben, 1);
    await t.database.db.execute(
      sql`update invoices set due_at = now() - interval '1 day' where order_id = ${first._id}`,
    );
    await putInCart(t.app, ben, part, 1);
    const before = await stockOf(t.database.db, part);
    const response = await onAccount(ben);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_OVERDUE' });
    expect(await stockOf(t.database.db, part)).toBe(before);
  });

  it('shows each payment against its invoice on the timeline, and turns paid when paid in full', async () => {
    const order = await accountOrder(ben, 2);
    const pay = (amountCents: number, paidInFull: boolean) =>
      t.database.db.transaction((tx) =>
        recordInvoicePayment(tx as unknown as AppDatabase, order._id, {
          amountCents,
          method: 'check',
          reference: `CHK-${amountCents}`,
          actorName: 'Ada Admin',
          paidInFull,
        }),
      );
    expect(await pay(50_00, false)).toBe(true);
    let read = await okAs<Order>(t, ben, { url: `/api/order/${order._id}` });
    expect(read.paid).toBe(false);
    expect(read.history.at(-1)).toMatchObject({
      status: 'pending',
      by: 'Ada Admin',
      payment: { amount: 50, method: 'check', reference: 'CHK-5000', by: 'Ada Admin' },
    });
    expect(await pay(150_00, true)).toBe(true);
    read = await okAs<Order>(t, ben, { url: `/api/order/${order._id}` });
    expect(read.paid).toBe(true);
    expect(read.history.filter((entry) => entry.payment).map((entry) => entry.payment!.amount)).toEqual([
      50, 150,
    ]);
  });
});

describe('an account order above a buyer spending limit', () => {
  it('waits for approval; approving makes it pending with its invoice due from the approval', async () => {
    const order = await accountOrder(bea, 4); // $400 > $300
    expect(order).toMatchObject({ status: 'awaiting-approval', paymentMethod: 'account', invoice: null });
    const approved = await okAs<Order>(t, olive, { method: 'POST', url: `/api/order/${order._id}/approve` });
    expect(approved).toMatchObject({ status: 'pending', paid: false, paymentMethod: 'account' });
    expect(approved.invoice).toMatchObject({ balance: 400 });
    expect(Date.parse(approved.invoice!.dueAt!)).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect((await mailsOf(order._id)).map((mail) => mail.to)).toContain(bea.user.email);
  });

  it('is checked against the credit again when approved', async () => {
    const order = await accountOrder(bea, 4); // $400, credit checked at placement
    await accountOrder(ben, 7); // $700 of $1,000 used meanwhile
    const response = await callAs(t, olive, { method: 'POST', url: `/api/order/${order._id}/approve` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CREDIT_LIMIT_EXCEEDED', available: 300 });
    const read = await okAs<Order>(t, bea, { url: `/api/order/${order._id}` });
    expect(read).toMatchObject({ status: 'awaiting-approval', invoice: null });
  });
});
