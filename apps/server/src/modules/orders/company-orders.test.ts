/**
 * A company's orders as its members and other customers see them (docs/requirements.md §14 "Company accounts"):
 * orders belong to the placer's company with who placed them and a copy of the ship-to location; every member lists
 * them, the placer, owners and managers cancel and pay them, nobody outside the company reads, cancels, pays or
 * approves them; a buyer's order above their spending limit waits for an owner or manager, holding its stock, and
 * is approved (then paid), rejected (stock back, reason mailed) or expires after APPROVAL_HOLD_HOURS, also when an
 * approval races the expiry. The companies are made with their own routes. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import type { Cart, MyCompany, Order } from '@partsforge/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outboundEmails } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, payAtProvider, putInCart, stockOf, pickupOnly } from '../../test/orders.js';

let t: TestApp;
/** Workshop A: owner Olive, manager Max, buyers Bea (limit $100) and Ben (no limit). */
let olive: TestUser;
let max: TestUser;
let bea: TestUser;
let ben: TestUser;
/** Company B's owner, and a customer in no company. */
let otto: TestUser;
let solo: TestUser;
let admin: TestUser;
let companyA: MyCompany;
let depotId: string;
let otherDepotId: string;

type Call = { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'; url: string; payload?: object };
const call = (user: TestUser, { method = 'GET', url, payload }: Call) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

/** Calls `url` as `user`; throws unless it answers `status`; the body. */
async function ok<T>(user: TestUser, request: Call, status = 200): Promise<T> {
  const response = await call(user, request);
  if (response.statusCode !== status)
    throw new Error(`${request.method ?? 'GET'} ${request.url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

/** The token of the latest invitation mailed to `user` (only the mail's link carries it). */
async function invitationTokenOf(user: TestUser): Promise<string> {
  const mails = await t.database.db
    .select({ text: outboundEmails.text })
    .from(outboundEmails)
    .where(and(eq(outboundEmails.to, user.user.email), eq(outboundEmails.kind, 'company-invitation')))
    .orderBy(desc(outboundEmails.createdAt));
  return /\/invitations\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
}

/** `owner` creates a company and brings each of `members` in through an invitation they accept. */
async function companyOf(
  owner: TestUser,
  name: string,
  members: { user: TestUser; role: 'manager' | 'buyer'; spendingLimit?: number | null }[],
): Promise<MyCompany> {
  await ok(owner, { method: 'POST', url: '/api/companies', payload: { name } }, 201);
  for (const { user, role, spendingLimit } of members) {
    await ok(
      owner,
      {
        method: 'POST',
        url: '/api/companies/mine/invitations',
        payload: { email: user.user.email, role, ...(spendingLimit === undefined ? {} : { spendingLimit }) },
      },
      201,
    );
    await ok(user, { method: 'POST', url: `/api/invitations/${await invitationTokenOf(user)}/accept` });
  }
  return ok<MyCompany>(owner, { url: '/api/companies/mine' });
}

const depot = {
  label: 'Main depot',
  line1: '4 Depot Road',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '555-0100',
};

const checkout = (user: TestUser, payload: object) =>
  call(user, { method: 'POST', url: '/api/checkout', payload });
const orderOf = (user: TestUser, id: string) => call(user, { url: `/api/order/${id}` });
const myOrders = (user: TestUser) => ok<Order[]>(user, { url: `/api/order?email=${user.user.email}` });
const mailsAbout = (orderId: string) =>
  t.database.db
    .select({
      kind: outboundEmails.kind,
      to: outboundEmails.to,
      subject: outboundEmails.subject,
      text: outboundEmails.text,
    })
    .from(outboundEmails)
    .where(eq(outboundEmails.orderId, orderId));

/** A fresh part at $10.00 (100 in stock, minimum 1) and a checkout of `quantity` of it by `buyer`. */
async function checkoutOf(buyer: TestUser, quantity: number, ship: object = { addressId: depotId }) {
  const partId = await insertPart(t.database.db, { priceCents: 1000, minqty: 1, available: 100 });
  await putInCart(t.app, buyer, partId, quantity);
  const response = await checkout(buyer, ship);
  return { partId, response, order: response.json<Order>() };
}

beforeAll(async () => {
  t = await buildTestApp({ config: { maxUnpaidOrders: 100, writeLimits: false } });
  // Orders here carry no shipping: their figures are the lines and tax (order-shipping.test.ts has delivery).
  await pickupOnly(t);
  const signUp = (name: string) =>
    signUpAndGetToken(t.app, { email: uniqueEmail(name.split(' ')[0]!.toLowerCase()), name });
  [olive, max, bea, ben, otto, solo, admin] = await Promise.all([
    signUp('Olive Owner'),
    signUp('Max Manager'),
    signUp('Bea Buyer'),
    signUp('Ben Buyer'),
    signUp('Otto Other'),
    signUp('Sol Solo'),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' }),
  ]);
  companyA = await companyOf(olive, 'Olive Motors', [
    { user: max, role: 'manager' },
    { user: bea, role: 'buyer', spendingLimit: 100 },
    { user: ben, role: 'buyer' },
  ]);
  await companyOf(otto, 'Otto Garage', []);
  depotId = (
    await ok<{ _id: string }>(
      olive,
      { method: 'POST', url: '/api/companies/mine/addresses', payload: depot },
      201,
    )
  )._id;
  otherDepotId = (
    await ok<{ _id: string }>(
      otto,
      { method: 'POST', url: '/api/companies/mine/addresses', payload: { ...depot, label: 'Otto yard' } },
      201,
    )
  )._id;
});
afterAll(() => t.close());

describe("a company's orders", () => {
  it('belong to the company, name who placed them and keep the ship-to location as it was', async () => {
    const { response, order } = await checkoutOf(ben, 3);
    expect(response.statusCode).toBe(201);
    expect(order).toMatchObject({
      status: 'unpaid',
      company: { _id: companyA._id, name: 'Olive Motors' },
      placedBy: { name: 'Ben Buyer', email: ben.user.email },
      shipTo: { ...depot, line2: null },
      address: 'Main depot, 4 Depot Road, Springfield, IL 62701, US',
      phone: '555-0100',
      approvalExpiresAt: null,
    });
    // Editing the address book later rewrites no order.
    await ok(olive, {
      method: 'PUT',
      url: `/api/companies/mine/addresses/${depotId}`,
      payload: { ...depot, line1: '9 New Street' },
    });
    expect((await (await orderOf(ben, order._id)).json<Order>()).shipTo?.line1).toBe('4 Depot Road');
    await ok(olive, { method: 'PUT', url: `/api/companies/mine/addresses/${depotId}`, payload: depot });
  });

  it("refuses another company's address id with 404, placing nothing and keeping the cart", async () => {
    const { partId, response } = await checkoutOf(ben, 2, { addressId: otherDepotId });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await stockOf(t.database.db, partId)).toBe(100);
    const cart = await ok<Cart>(ben, { url: '/api/cart' });
    expect(cart.lines.some((line) => line.partId === partId)).toBe(true);
    await call(ben, { method: 'DELETE', url: `/api/cart/lines/${partId}` });
  });

  it('are listed for every member, newest first with who placed them; outsiders see none', async () => {
    const { order: first } = await checkoutOf(ben, 1);
    const { order: second } = await checkoutOf(max, 1);
    for (const member of [olive, max, bea, ben]) {
      const ids = (await myOrders(member)).map((listed) => listed._id);
      expect(ids.indexOf(second._id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    }
    const listed = (await myOrders(bea)).find((row) => row._id === first._id);
    expect(listed?.placedBy).toEqual({ name: 'Ben Buyer', email: ben.user.email });
    expect((await myOrders(otto)).map((row) => row._id)).not.toContain(first._id);
    expect((await myOrders(solo)).map((row) => row._id)).not.toContain(first._id);
  });

  it('can be read, cancelled, paid or approved by nobody of another company (403)', async () => {
    const { order } = await checkoutOf(bea, 20);
    expect(order.status).toBe('awaiting-approval');
    for (const outsider of [otto, solo]) {
      expect((await orderOf(outsider, order._id)).statusCode).toBe(403);
      expect((await call(outsider, { method: 'DELETE', url: `/api/order/${order._id}` })).statusCode).toBe(
        403,
      );
      expect(
        (
          await call(outsider, {
            method: 'POST',
            url: '/api/create-payment-intent',
            payload: { orderId: order._id },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await call(outsider, { method: 'POST', url: `/api/order/${order._id}/approve` })).statusCode,
      ).toBe(403);
      expect(
        (
          await call(outsider, {
            method: 'POST',
            url: `/api/order/${order._id}/reject`,
            payload: { reason: 'x' },
          })
        ).statusCode,
      ).toBe(403);
    }
    // Nor by another buyer of the same company, who may read it.
    expect((await orderOf(ben, order._id)).statusCode).toBe(200);
    expect((await call(ben, { method: 'DELETE', url: `/api/order/${order._id}` })).statusCode).toBe(403);
    expect((await orderOf(bea, order._id)).json<Order>().status).toBe('awaiting-approval');
  });

  it('can be cancelled by the placer and by a manager, and reordered by any member', async () => {
    const { partId, order } = await checkoutOf(ben, 5);
    const byManager = await call(max, { method: 'DELETE', url: `/api/order/${order._id}` });
    expect(byManager.statusCode).toBe(200);
    expect(await stockOf(t.database.db, partId)).toBe(100);
    const reordered = await call(bea, { method: 'POST', url: `/api/order/${order._id}/reorder` });
    expect(reordered.statusCode).toBe(200);
    const { order: own } = await checkoutOf(bea, 1);
    expect((await call(bea, { method: 'DELETE', url: `/api/order/${own._id}` })).statusCode).toBe(200);
  });

  it("are listed for an admin by company (the admin's order list with companyId)", async () => {
    const { order } = await checkoutOf(ben, 1);
    const listed = await ok<Order[]>(admin, {
      url: `/api/order/${admin.user.email}?companyId=${companyA._id}&limit=100`,
    });
    expect(listed.map((row) => row._id)).toContain(order._id);
    expect(listed.every((row) => row.company?._id === companyA._id)).toBe(true);
    const bad = await call(admin, { url: `/api/order/${admin.user.email}?companyId=nope` });
    expect(bad.statusCode).toBe(400);
  });

  it('are no longer seen by a member who was removed, whose account stays', async () => {
    const leaver = await signUpAndGetToken(t.app, { email: uniqueEmail('leaver'), name: 'Lee Leaver' });
    await ok(
      olive,
      {
        method: 'POST',
        url: '/api/companies/mine/invitations',
        payload: { email: leaver.user.email, role: 'buyer' },
      },
      201,
    );
    await ok(leaver, { method: 'POST', url: `/api/invitations/${await invitationTokenOf(leaver)}/accept` });
    const { order } = await checkoutOf(leaver, 1);
    expect((await myOrders(leaver)).map((row) => row._id)).toContain(order._id);

    await ok(olive, { method: 'DELETE', url: `/api/companies/mine/members/${leaver.user.id}` });
    expect((await myOrders(leaver)).map((row) => row._id)).not.toContain(order._id);
    expect((await orderOf(leaver, order._id)).statusCode).toBe(403);
    expect((await call(leaver, { method: 'DELETE', url: `/api/order/${order._id}` })).statusCode).toBe(403);
    expect((await orderOf(olive, order._id)).statusCode).toBe(200);
  });
});

describe('spending limits and approvals', () => {
  it('place a buyer order above the limit awaiting approval, holding stock, and tell the approvers', async () => {
    const { partId, response, order } = await checkoutOf(bea, 11);
    expect(response.statusCode).toBe(201);
    // $110.00 of parts to the depot in Illinois: 6.25% tax by destination (docs/requirements.md §16).
    expect(order).toMatchObject({
      status: 'awaiting-approval',
      subtotal: 110,
      total: 116.88,
      taxRegion: { country: 'US', region: 'IL' },
      holdExpiresAt: null,
    });
    const hours = (Date.parse(order.approvalExpiresAt!) - Date.parse(order.createdAt)) / 3_600_000;
    expect(hours).toBeCloseTo(48, 5);
    expect(await stockOf(t.database.db, partId)).toBe(89);
    const mails = await mailsAbout(order._id);
    expect(
      mails
        .filter((mail) => mail.kind === 'approval-request')
        .map((mail) => mail.to)
        .sort(),
    ).toEqual([olive.user.email, max.user.email].sort());
    const request = mails.find((mail) => mail.kind === 'approval-request')!;
    expect(request.subject).toBe(`Order ${order.number} awaits your approval`);
    expect(request.text).toContain('Bea Buyer');
    expect(request.text).toContain('/dashboard/approvals');
    expect(mails.find((mail) => mail.kind === 'order-confirmation')?.text).toContain('waits for approval');

    // Within the limit ($90.00 + 6.25% Illinois tax = $95.63 of $100), and for a buyer without one, an order is
    // simply unpaid.
    expect((await checkoutOf(bea, 9)).order.status).toBe('unpaid');
    expect((await checkoutOf(ben, 50)).order.status).toBe('unpaid');
    expect((await checkoutOf(max, 50)).order.status).toBe('unpaid');
  });

  it('apply to the one-part purchase (POST /api/order) too', async () => {
    const partId = await insertPart(t.database.db, { priceCents: 1000, minqty: 1, available: 100 });
    const payload = { productId: partId, quantity: 15, address: '4 Depot Road' };
    const placed = await ok<{ insertedId: string }>(bea, { method: 'POST', url: '/api/order', payload }, 201);
    const order = await (await orderOf(bea, placed.insertedId)).json<Order>();
    expect(order).toMatchObject({
      status: 'awaiting-approval',
      company: { name: 'Olive Motors' },
      shipTo: null,
    });
  });

  it('are approved by an owner or manager only, then paid as any order', async () => {
    const { order } = await checkoutOf(bea, 12);
    // Awaiting approval it cannot be paid.
    const paying = await call(bea, {
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId: order._id },
    });
    expect(paying.statusCode).toBe(409);
    expect(paying.json()).toMatchObject({ code: 'AWAITING_APPROVAL' });
    // Buyers cannot approve, not even their own order.
    for (const buyer of [bea, ben]) {
      const refused = await call(buyer, { method: 'POST', url: `/api/order/${order._id}/approve` });
      expect(refused.statusCode).toBe(403);
    }
    const listed = await ok<Order[]>(olive, { url: '/api/companies/mine/approvals' });
    expect(listed.map((row) => row._id)).toContain(order._id);
    expect((await call(bea, { url: '/api/companies/mine/approvals' })).statusCode).toBe(403);
    expect((await call(solo, { url: '/api/companies/mine/approvals' })).statusCode).toBe(404);

    const approved = await ok<Order>(max, { method: 'POST', url: `/api/order/${order._id}/approve` });
    expect(approved).toMatchObject({ status: 'unpaid', approvalExpiresAt: null });
    expect(approved.history.map((event) => [event.status, event.by])).toEqual([
      ['awaiting-approval', 'Bea Buyer'],
      ['unpaid', 'Max Manager'],
    ]);
    expect(Date.parse(approved.holdExpiresAt!)).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect((await mailsAbout(order._id)).find((mail) => mail.kind === 'order-approved')?.to).toBe(
      bea.user.email,
    );
    const again = await call(olive, { method: 'POST', url: `/api/order/${order._id}/approve` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOT_AWAITING_APPROVAL' });
    expect(
      (await ok<Order[]>(olive, { url: '/api/companies/mine/approvals' })).map((row) => row._id),
    ).not.toContain(order._id);

    await payAtProvider(t.app, bea, order._id);
    expect((await (await orderOf(bea, order._id)).json<Order>()).status).toBe('pending');
  });

  it('are rejected with a reason: stock back, the buyer told, the timeline shows it', async () => {
    const { partId, order } = await checkoutOf(bea, 30);
    const missing = await call(olive, { method: 'POST', url: `/api/order/${order._id}/reject`, payload: {} });
    expect(missing.statusCode).toBe(400);
    const rejected = await ok<Order>(olive, {
      method: 'POST',
      url: `/api/order/${order._id}/reject`,
      payload: { reason: 'We have these in the back room' },
    });
    expect(rejected.status).toBe('rejected');
    expect(rejected.history.at(-1)).toMatchObject({
      status: 'rejected',
      by: 'Olive Owner',
      note: 'We have these in the back room',
    });
    expect(await stockOf(t.database.db, partId)).toBe(100);
    const told = (await mailsAbout(order._id)).find((mail) => mail.kind === 'order-rejected');
    expect(told).toMatchObject({ to: bea.user.email });
    expect(told!.text).toContain('We have these in the back room');
    const twice = await call(max, { method: 'POST', url: `/api/order/${order._id}/approve` });
    expect(twice.statusCode).toBe(409);
    expect(await stockOf(t.database.db, partId)).toBe(100);
  });

  it('expire after APPROVAL_HOLD_HOURS with their stock back, also when an approval races the sweep', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { partId, order } = await checkoutOf(bea, 25);
      await t.database.db
        .update(orders)
        .set({ createdAt: sql`now() - interval '49 hours'` })
        .where(eq(orders.id, order._id));
      const [approval] = await Promise.all([
        call(olive, { method: 'POST', url: `/api/order/${order._id}/approve` }),
        t.app.orders.expireStaleOrders(),
      ]);
      expect(approval.statusCode).toBe(409);
      const now = await (await orderOf(bea, order._id)).json<Order>();
      expect(now.status).toBe('expired');
      expect(now.history.filter((event) => event.status === 'expired')).toHaveLength(1);
      expect(await stockOf(t.database.db, partId)).toBe(100);
    }
  });

  it('follow a changed limit at the next checkout', async () => {
    await ok(olive, {
      method: 'PATCH',
      url: `/api/companies/mine/members/${ben.user.id}`,
      payload: { spendingLimit: 15 },
    });
    expect((await checkoutOf(ben, 1)).order.status).toBe('unpaid');
    expect((await checkoutOf(ben, 2)).order.status).toBe('awaiting-approval');
    await ok(olive, {
      method: 'PATCH',
      url: `/api/companies/mine/members/${ben.user.id}`,
      payload: { spendingLimit: null },
    });
    expect((await checkoutOf(ben, 2)).order.status).toBe('unpaid');
  });
});
