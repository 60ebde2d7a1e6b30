/**
 * Overdue reminders (docs/requirements.md §15 "Statements"): the job mails each overdue invoice with a balance to
 * the company's owners and the order's placer (one message per address), once; not again within 7 days; again once
 * 7 days have passed while it stays overdue; never for an invoice not yet due, paid in full, or outside a company.
 * What a client sees is the outbox (the messages queued for delivery). Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/connect.js';
import { companyMembers, invoices, orders, outboundEmails } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, placeOrderFor, pickupOnly } from '../../test/orders.js';
import { issueInvoice, sendOverdueReminders } from './index.js';

const DAY = 86_400_000;

let t: TestApp;
let db: AppDatabase;
let owner: TestUser;
let coOwner: TestUser;
let manager: TestUser;
let loner: TestUser;
let companyId: string;

beforeAll(async () => {
  t = await buildTestApp({
    config: { maxUnpaidOrders: 100, writeLimits: false, shopName: 'Northside Parts' },
  });
  // Orders here carry no shipping: their invoices are the lines and tax (order-shipping.test.ts has delivery).
  await pickupOnly(t);
  db = t.database.db;
  [owner, coOwner, manager, loner] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('owner'), name: 'Olga Owner' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('co-owner'), name: 'Cora Owner' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('manager'), name: 'Mo Manager' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('loner'), name: 'Lou Loner' }),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: owner.headers,
    payload: { name: 'Depot Garage Ltd' },
  });
  companyId = response.json<{ _id: string }>()._id;
  await db.insert(companyMembers).values([
    { userId: coOwner.user.id, companyId, role: 'owner' },
    { userId: manager.user.id, companyId, role: 'manager' },
  ]);
});
afterAll(() => t.close());

/** An invoice on account of `placer`'s order (2 x $12.50), due at `dueAt`, of the company unless `company` is null. */
async function invoiceDue(
  placer: TestUser,
  dueAt: Date,
  { company = companyId as string | null, paid = false } = {},
): Promise<{ number: string; orderId: string }> {
  const orderId = await placeOrderFor(t.app, placer, await insertPart(db), 2);
  await db.update(orders).set({ paymentMethod: 'account', status: 'pending' }).where(eq(orders.id, orderId));
  const number = await db.transaction((tx) => issueInvoice(tx as unknown as AppDatabase, orderId));
  await db
    .update(invoices)
    .set({ companyId: company, dueAt, paidCents: paid ? 2500 : 0 })
    .where(eq(invoices.orderId, orderId));
  return { number, orderId };
}

/** The reminders queued about `orderId`: recipient and subject, by recipient. */
async function remindersOf(orderId: string) {
  const rows = await db
    .select({ to: outboundEmails.to, subject: outboundEmails.subject, text: outboundEmails.text })
    .from(outboundEmails)
    .where(eq(outboundEmails.orderId, orderId));
  return rows.filter((row) => row.subject.includes('overdue')).sort((a, b) => a.to.localeCompare(b.to));
}

const run = (now: Date) => sendOverdueReminders({ db, mail: t.app.mail, shopName: 'Northside Parts', now });

describe('sendOverdueReminders', () => {
  it('mails an overdue invoice to the owners and its placer once, again only after 7 days', async () => {
    const now = new Date();
    const overdue = await invoiceDue(manager, new Date(now.getTime() - 3 * DAY));
    const ownOrder = await invoiceDue(owner, new Date(now.getTime() - 1000));
    const notDue = await invoiceDue(manager, new Date(now.getTime() + DAY));
    const paid = await invoiceDue(manager, new Date(now.getTime() - 10 * DAY), { paid: true });
    const noCompany = await invoiceDue(loner, new Date(now.getTime() - 10 * DAY), { company: null });

    expect(await run(now)).toBe(2);
    const mails = await remindersOf(overdue.orderId);
    expect(mails.map((mail) => mail.to)).toEqual(
      [owner, coOwner, manager].map((user) => user.user.email).sort(),
    );
    for (const mail of mails) {
      expect(mail.subject).toBe(`Invoice ${overdue.number} is overdue`);
      expect(mail.text).toContain('Depot Garage Ltd');
      expect(mail.text).toContain('$25.00');
      expect(mail.text).toContain('/dashboard/account');
    }
    // The owner placed this one: one message for them, one for the other owner.
    expect((await remindersOf(ownOrder.orderId)).map((mail) => mail.to)).toEqual(
      [owner, coOwner].map((user) => user.user.email).sort(),
    );
    for (const quiet of [notDue, paid, noCompany]) expect(await remindersOf(quiet.orderId)).toEqual([]);

    // Run again at once, and later that week: nothing more (but the invoice that fell due meanwhile, once).
    expect(await run(now)).toBe(0);
    expect(await run(new Date(now.getTime() + 7 * DAY - 1000))).toBe(1);
    expect(await remindersOf(overdue.orderId)).toHaveLength(3);
    expect(await remindersOf(notDue.orderId)).toHaveLength(3);

    // A week after the first reminder, still overdue: once more.
    expect(await run(new Date(now.getTime() + 7 * DAY))).toBe(2);
    expect(await remindersOf(overdue.orderId)).toHaveLength(6);
    expect(await remindersOf(ownOrder.orderId)).toHaveLength(4);
    expect(await remindersOf(notDue.orderId)).toHaveLength(3);

    // Paid in full meanwhile: no more reminders.
    await db.update(invoices).set({ paidCents: 2500 }).where(eq(invoices.orderId, overdue.orderId));
    await run(new Date(now.getTime() + 15 * DAY));
    expect(await remindersOf(overdue.orderId)).toHaveLength(6);
  });

  it('never takes one invoice twice when two runs race', async () => {
    const now = new Date(Date.now() + 60 * DAY);
    const overdue = await invoiceDue(manager, new Date(now.getTime() - DAY));
    const counts = await Promise.all([run(now), run(now)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(overdue.orderId)).toHaveLength(3);
  });
});
