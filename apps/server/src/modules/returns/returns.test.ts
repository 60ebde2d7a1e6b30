/**
 * Returns with RMA numbers (docs/requirements.md §17 "Returns") as clients see them: a buyer (or a member of the
 * ordering company) asks to return shipped units (RMA-100001 on, `requested`), refused with 409 and a code for units
 * not shipped, more than shipped less returned and asked (also for two requests at once), past the return window
 * from the shipment (cores: their own window) and a core return on a line without a core charge; admins list,
 * approve (the buyer is mailed the RMA number and the address), reject and receive (resellable units back in stock
 * as movements of reason `return`, cores not, the catalogue showing the new stock; returnedQuantity grows; the memo
 * credits a unit sent back itself its core deposit too; receiving a credited return again retries its refund); others
 * see 404. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import type { Order, Return } from '@partsforge/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMembers, outboundEmails, shipments } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, payAtProvider, putInCart, stockOf } from '../../test/orders.js';

const DAY_MS = 86_400_000;

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      maxUnpaidOrders: 100,
      writeLimits: false,
      sellerAddress: ['12 Dock Street', 'Springfield, IL'],
    },
  });
  [ann, bob, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('bob'), name: 'Bob Other' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' }),
  ]);
});
afterAll(() => t.close());

type Call = { method?: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object };
const call = (user: TestUser, { method = 'GET', url, payload }: Call) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

const orderOf = async (user: TestUser, id: string) =>
  (await call(user, { url: `/api/order/${id}` })).json<Order>();

/**
 * A paid order by `buyer` of 2 alternators (a $45.00 core charge each) and 3 brake pad sets, its lines shipped as
 * `ship` says (units per line; default everything). Answers the order and the parts' ids.
 */
async function shippedOrder(
  buyer: TestUser = ann,
  ship: { alternator: number; pads: number } = { alternator: 2, pads: 3 },
) {
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const alternatorId = await insertPart(t.database.db, {
    minqty: 1,
    sku: `ALT-${suffix}`,
    name: 'Alternator',
  });
  const padsId = await insertPart(t.database.db, { minqty: 1, sku: `PADS-${suffix}`, name: 'Brake Pads' });
  await t.database.db.execute(sql`update parts set core_charge_cents = 4500 where id = ${alternatorId}`);
  await putInCart(t.app, buyer, alternatorId, 2);
  await putInCart(t.app, buyer, padsId, 3);
  const placed = await call(buyer, {
    method: 'POST',
    url: '/api/checkout',
    payload: { address: '4 Depot Road', shippingMethod: 'pickup' },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { _id: orderId } = placed.json<Order>();
  const transactionId = await payAtProvider(t.app, buyer, orderId);
  const paid = await call(buyer, {
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    payload: { transactionId },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [alternator, pads] = (await orderOf(buyer, orderId)).lines;
  const lines = [
    { lineId: alternator!._id, quantity: ship.alternator },
    { lineId: pads!._id, quantity: ship.pads },
  ].filter((line) => line.quantity > 0);
  const shipped = await call(admin, {
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipments`,
    payload: { lines, carrier: 'UPS' },
  });
  expect(shipped.statusCode, shipped.body).toBe(201);
  return { order: await orderOf(buyer, orderId), alternatorId, padsId };
}

/** Moves every shipment of `orderId` to `daysAgo` days (and `extraMs`) before now. */
const shippedDaysAgo = (orderId: string, daysAgo: number, extraMs = 0) =>
  t.database.db
    .update(shipments)
    .set({ shippedAt: new Date(Date.now() - daysAgo * DAY_MS - extraMs) })
    .where(eq(shipments.orderId, orderId));

const askReturn = (
  user: TestUser,
  order: Order,
  lines: { line: number; quantity: number; reason: string }[],
) =>
  call(user, {
    method: 'POST',
    url: '/api/returns',
    payload: {
      orderId: order._id,
      lines: lines.map(({ line, quantity, reason }) => ({
        lineId: order.lines[line]!._id,
        quantity,
        reason,
      })),
    },
  });

/** Asks for a return and expects it made; the return. */
async function requested(user: TestUser, order: Order, lines: Parameters<typeof askReturn>[2]) {
  const response = await askReturn(user, order, lines);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Return>();
}

const adminStep = (id: string, step: 'approve' | 'reject' | 'receive', payload?: object) =>
  call(admin, { method: 'POST', url: `/api/admin/returns/${id}/${step}`, ...(payload ? { payload } : {}) });

describe('asking for a return', () => {
  it('numbers it RMA-1xxxxx, requested, with its lines, and puts it on the order timeline', async () => {
    const { order } = await shippedOrder();
    expect(order.lines.map((line) => line.returnedQuantity)).toEqual([0, 0]);
    const response = await call(ann, {
      method: 'POST',
      url: '/api/returns',
      payload: {
        orderId: order._id,
        lines: [
          { lineId: order.lines[0]!._id, quantity: 1, reason: 'core' },
          { lineId: order.lines[1]!._id, quantity: 2, reason: 'wrong-part' },
        ],
        note: 'Ordered the wrong pads',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Return>();
    expect(created).toMatchObject({
      number: expect.stringMatching(/^RMA-1\d{5}$/),
      status: 'requested',
      orderId: order._id,
      orderNumber: order.number,
      note: 'Ordered the wrong pads',
      creditMemo: null,
      sendTo: null,
      lines: [
        {
          lineId: order.lines[0]!._id,
          sku: order.lines[0]!.sku,
          quantity: 1,
          reason: 'core',
          receivedQuantity: 0,
        },
        { lineId: order.lines[1]!._id, sku: order.lines[1]!.sku, quantity: 2, reason: 'wrong-part' },
      ],
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();

    const timeline = (await orderOf(ann, order._id)).history;
    expect(timeline.at(-1)).toMatchObject({ by: 'Ann Buyer', note: `Return ${created.number} requested` });

    const mine = await call(ann, { url: '/api/returns' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Return[]>().map((item) => item._id)).toContain(created._id);
    expect(Number(mine.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect((await call(ann, { url: `/api/returns/${created._id}` })).json<Return>()).toEqual(created);
  });

  it('refuses units not shipped yet (RETURN_NOT_SHIPPED)', async () => {
    const { order } = await shippedOrder(ann, { alternator: 0, pads: 3 });
    const response = await askReturn(ann, order, [{ line: 0, quantity: 1, reason: 'defective' }]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'RETURN_NOT_SHIPPED',
      message: `No unit of ${order.lines[0]!.sku} has shipped yet: only shipped units can be returned.`,
    });
  });

  it('refuses more than shipped less what open returns ask for (RETURN_TOO_MANY); a rejected return frees its units', async () => {
    const { order } = await shippedOrder();
    const over = await askReturn(ann, order, [{ line: 1, quantity: 4, reason: 'not-needed' }]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'RETURN_TOO_MANY' });

    const first = await requested(ann, order, [{ line: 1, quantity: 2, reason: 'not-needed' }]);
    const second = await askReturn(ann, order, [{ line: 1, quantity: 2, reason: 'not-needed' }]);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'RETURN_TOO_MANY',
      message: `Only 1 of ${order.lines[1]!.sku} can still be returned.`,
    });
    expect((await adminStep(first._id, 'reject', { reason: 'Not resellable' })).statusCode).toBe(200);
    await requested(ann, order, [{ line: 1, quantity: 3, reason: 'not-needed' }]);
  });

  it('lets only one of two concurrent requests for the same units through', async () => {
    const { order } = await shippedOrder();
    const answers = await Promise.all([
      askReturn(ann, order, [{ line: 1, quantity: 2, reason: 'defective' }]),
      askReturn(ann, order, [{ line: 1, quantity: 2, reason: 'defective' }]),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      code: 'RETURN_TOO_MANY',
    });
  });

  it(`takes returns until RETURN_DAYS (30) after the shipment and refuses them after (RETURN_WINDOW_CLOSED)`, async () => {
    const { order } = await shippedOrder();
    await shippedDaysAgo(order._id, 30, -60_000);
    await requested(ann, order, [{ line: 1, quantity: 1, reason: 'defective' }]);
    await shippedDaysAgo(order._id, 30, 60_000);
    const late = await askReturn(ann, order, [{ line: 1, quantity: 1, reason: 'defective' }]);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'RETURN_WINDOW_CLOSED',
      message: `The 30-day return window for ${order.lines[1]!.sku} has closed.`,
    });
  });

  it('takes cores until CORE_RETURN_DAYS (90) after the shipment, and only on lines with a core charge', async () => {
    const { order } = await shippedOrder();
    const noCore = await askReturn(ann, order, [{ line: 1, quantity: 1, reason: 'core' }]);
    expect(noCore.statusCode).toBe(409);
    expect(noCore.json()).toMatchObject({ code: 'RETURN_NO_CORE_CHARGE' });

    await shippedDaysAgo(order._id, 90, -60_000);
    await requested(ann, order, [{ line: 0, quantity: 1, reason: 'core' }]);
    await shippedDaysAgo(order._id, 90, 60_000);
    const late = await askReturn(ann, order, [{ line: 0, quantity: 1, reason: 'core' }]);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'RETURN_WINDOW_CLOSED',
      message: `The 90-day window for returning cores of ${order.lines[0]!.sku} has closed.`,
    });
    // A defective alternator shipped 31 days ago is past its own window.
    const defective = await askReturn(ann, order, [{ line: 0, quantity: 1, reason: 'defective' }]);
    expect(defective.json()).toMatchObject({ code: 'RETURN_WINDOW_CLOSED' });
  });

  it('counts the window from the shipment that sent the units: the oldest units are taken first', async () => {
    const { order } = await shippedOrder(ann, { alternator: 2, pads: 1 });
    await shippedDaysAgo(order._id, 40);
    const shipped = await call(admin, {
      method: 'POST',
      url: `/api/admin/orders/${order._id}/shipments`,
      payload: { lines: [{ lineId: order.lines[1]!._id, quantity: 2 }], carrier: 'UPS' },
    });
    expect(shipped.statusCode).toBe(201);
    const three = await askReturn(ann, order, [{ line: 1, quantity: 3, reason: 'not-needed' }]);
    expect(three.json()).toMatchObject({ code: 'RETURN_WINDOW_CLOSED' });
    await requested(ann, order, [{ line: 1, quantity: 2, reason: 'not-needed' }]);
  });

  it('answers 404 to anyone else, 400 for a line of another order, 403 to admins', async () => {
    const { order } = await shippedOrder();
    const mine = await requested(ann, order, [{ line: 1, quantity: 1, reason: 'defective' }]);
    expect((await askReturn(bob, order, [{ line: 1, quantity: 1, reason: 'defective' }])).statusCode).toBe(
      404,
    );
    expect((await call(bob, { url: `/api/returns/${mine._id}` })).statusCode).toBe(404);
    expect((await call(bob, { url: '/api/returns' })).json<Return[]>()).toEqual([]);
    expect((await call(ann, { url: '/api/returns/not-an-id' })).statusCode).toBe(404);
    const { order: other } = await shippedOrder();
    const foreign = await call(ann, {
      method: 'POST',
      url: '/api/returns',
      payload: {
        orderId: order._id,
        lines: [{ lineId: other.lines[0]!._id, quantity: 1, reason: 'defective' }],
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect((await askReturn(admin, order, [{ line: 1, quantity: 1, reason: 'defective' }])).statusCode).toBe(
      403,
    );
    expect((await call(ann, { url: '/api/admin/returns' })).statusCode).toBe(403);
    expect(
      (await call(ann, { method: 'POST', url: `/api/admin/returns/${mine._id}/approve` })).statusCode,
    ).toBe(403);
  });

  it("lets any member of the ordering company return and see the company's returns", async () => {
    const [owner, buyer] = await Promise.all([
      signUpAndGetToken(t.app, { email: uniqueEmail('owner'), name: 'Olga Owner' }),
      signUpAndGetToken(t.app, { email: uniqueEmail('buyer'), name: 'Ben Buyer' }),
    ]);
    const [company] = await t.database.db.insert(companies).values({ name: 'Depot Motors' }).returning();
    await t.database.db.insert(companyMembers).values([
      { companyId: company!.id, userId: owner.user.id, role: 'owner' },
      { companyId: company!.id, userId: buyer.user.id, role: 'buyer' },
    ]);
    const { order } = await shippedOrder(owner);
    const made = await requested(buyer, order, [{ line: 1, quantity: 1, reason: 'defective' }]);
    expect((await call(owner, { url: `/api/returns/${made._id}` })).statusCode).toBe(200);
    expect((await call(owner, { url: '/api/returns' })).json<Return[]>().map((item) => item._id)).toContain(
      made._id,
    );
    expect((await call(ann, { url: `/api/returns/${made._id}` })).statusCode).toBe(404);
  });
});

describe('the admins’ steps', () => {
  it('lists returns by status and approves one: the buyer is mailed the RMA number and where to send the parts', async () => {
    const { order } = await shippedOrder();
    const made = await requested(ann, order, [{ line: 1, quantity: 2, reason: 'wrong-part' }]);
    const listed = await call(admin, { url: '/api/admin/returns?status=requested' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<Return[]>().every((item) => item.status === 'requested')).toBe(true);
    expect(listed.json<Return[]>().map((item) => item._id)).toContain(made._id);

    const approved = await adminStep(made._id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Return>()).toMatchObject({
      status: 'approved',
      sendTo: ['PartsForge', '12 Dock Street', 'Springfield, IL'],
    });
    const [mail] = await t.database.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.to, ann.user.email), eq(outboundEmails.kind, 'return-approved')))
      .orderBy(desc(outboundEmails.createdAt));
    expect(mail!.subject).toBe(`Return ${made.number} approved`);
    expect(mail!.text).toContain(`Write ${made.number} on the parcel`);
    expect(mail!.text).toContain('12 Dock Street\nSpringfield, IL');
    expect(mail!.text).toContain(`${order.lines[1]!.sku}  Brake Pads: 2`);
    expect((await orderOf(ann, order._id)).history.at(-1)).toMatchObject({
      by: 'Ada Admin',
      note: `Return ${made.number} approved`,
    });

    const again = await adminStep(made._id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'RETURN_STATUS' });
    const approvedList = await call(admin, { url: '/api/admin/returns?status=approved' });
    expect(approvedList.json<Return[]>().map((item) => item._id)).toContain(made._id);

    // Rejected after its approval: the buyer may have sent the parts already.
    expect((await adminStep(made._id, 'reject', { reason: 'Past the carrier cut-off' })).statusCode).toBe(
      200,
    );
    const [rejection] = await t.database.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.to, ann.user.email), eq(outboundEmails.kind, 'return-rejected')))
      .orderBy(desc(outboundEmails.createdAt));
    expect(rejection!.text).toContain(`If you have already sent them, contact us quoting ${made.number}.`);
    expect(rejection!.text).toContain('Reason: Past the carrier cut-off');
  });

  it('rejects with a reason the buyer reads; a rejected return cannot be received', async () => {
    const { order } = await shippedOrder();
    const made = await requested(ann, order, [{ line: 1, quantity: 1, reason: 'not-needed' }]);
    expect((await adminStep(made._id, 'reject', { reason: '' })).statusCode).toBe(400);
    const rejected = await adminStep(made._id, 'reject', { reason: 'Opened packaging' });
    expect(rejected.json<Return>()).toMatchObject({ status: 'rejected', rejectReason: 'Opened packaging' });
    expect((await call(ann, { url: `/api/returns/${made._id}` })).json<Return>().rejectReason).toBe(
      'Opened packaging',
    );
    const [mail] = await t.database.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.to, ann.user.email), eq(outboundEmails.kind, 'return-rejected')))
      .orderBy(desc(outboundEmails.createdAt));
    expect(mail!.subject).toBe(`Return ${made.number} not accepted`);
    expect(mail!.text).toContain('Please do not send these parts.');
    expect(mail!.text).not.toContain('If you have already sent them');
    expect(mail!.text).toContain('Reason: Opened packaging');
    expect(mail!.text).toContain(`/dashboard/returns/${made._id}`);
    const receive = await adminStep(made._id, 'receive', {
      lines: [{ lineId: order.lines[1]!._id, quantity: 1, condition: 'resellable' }],
    });
    expect(receive.statusCode).toBe(409);
    expect(receive.json()).toMatchObject({ code: 'RETURN_STATUS' });
  });

  it('receives an approved return: resellable units back in stock (reason return), cores not, returnedQuantity grows', async () => {
    const { order, alternatorId, padsId } = await shippedOrder();
    const made = await requested(ann, order, [
      { line: 0, quantity: 1, reason: 'core' },
      { line: 1, quantity: 2, reason: 'wrong-part' },
    ]);
    const early = await adminStep(made._id, 'receive', {
      lines: [{ lineId: order.lines[1]!._id, quantity: 2, condition: 'resellable' }],
    });
    expect(early.statusCode).toBe(409);
    await adminStep(made._id, 'approve');
    const tooMany = await adminStep(made._id, 'receive', {
      lines: [{ lineId: order.lines[1]!._id, quantity: 3, condition: 'resellable' }],
    });
    expect(tooMany.statusCode).toBe(400);
    const stockBefore = {
      alternator: await stockOf(t.database.db, alternatorId),
      pads: await stockOf(t.database.db, padsId),
    };

    const received = await adminStep(made._id, 'receive', {
      lines: [
        { lineId: order.lines[0]!._id, quantity: 1, condition: 'resellable' },
        { lineId: order.lines[1]!._id, quantity: 2, condition: 'resellable' },
      ],
    });
    expect(received.statusCode, received.body).toBe(200);
    const body = received.json<Return>();
    // Credited at once: the credit memo is issued in the receiving transaction (the core's deposit, the pads' price).
    expect(body).toMatchObject({
      status: 'credited',
      creditMemo: { number: expect.stringMatching(/^CM-\d{4}-\d{6}$/), total: expect.any(Number) },
    });
    // $45.00 of core deposit and 2 x $12.50 of pads (no tax, no restocking fee on a wrong part).
    expect(body.creditMemo!.total).toBe(70);
    expect(body.lines.map((line) => [line.receivedQuantity, line.condition])).toEqual([
      [1, 'resellable'],
      [2, 'resellable'],
    ]);
    expect(await stockOf(t.database.db, padsId)).toBe(stockBefore.pads + 2);
    expect(await stockOf(t.database.db, alternatorId)).toBe(stockBefore.alternator);
    const movements = await call(admin, { url: `/api/admin/parts/${padsId}/stock-movements` });
    expect(movements.json<{ items: { reason: string; change: number }[] }>().items[0]).toMatchObject({
      reason: 'return',
      change: 2,
    });
    const now = await orderOf(ann, order._id);
    expect(now.lines.map((line) => line.returnedQuantity)).toEqual([1, 2]);
    expect(now.history.some((event) => event.note === `Return ${made.number} received: 3 units`)).toBe(true);
    // Received units are no longer returnable: 1 pad set is left.
    const more = await askReturn(ann, order, [{ line: 1, quantity: 2, reason: 'defective' }]);
    expect(more.json()).toMatchObject({ code: 'RETURN_TOO_MANY' });
    expect((await adminStep(made._id, 'receive', { lines: [] })).statusCode).toBe(400);
  });

  it('credits a unit returned itself its price and core deposit, tells the catalogue of the stock, names the admin', async () => {
    const { order, alternatorId } = await shippedOrder();
    const made = await requested(ann, order, [
      { line: 0, quantity: 1, reason: 'defective' },
      { line: 1, quantity: 1, reason: 'not-needed' },
    ]);
    await adminStep(made._id, 'approve');
    const part = async () =>
      (await t.app.inject({ url: `/api/parts/${alternatorId}` })).json<{ available: number }>();
    // Read (and cached) before the receipt.
    const before = (await part()).available;
    const received = await adminStep(made._id, 'receive', {
      lines: [
        { lineId: order.lines[0]!._id, quantity: 1, condition: 'resellable' },
        { lineId: order.lines[1]!._id, quantity: 1, condition: 'damaged' },
      ],
    });
    expect(received.statusCode, received.body).toBe(200);
    const [alternator, pads] = order.lines;
    // The alternator's price and its $45.00 deposit (no old core follows for it), a pad set's price; no tax, no fee.
    expect(received.json<Return>().creditMemo!.total).toBe(alternator!.unitPrice + 45 + pads!.unitPrice);
    expect((await part()).available).toBe(before + 1);
    const memo = received.json<Return>().creditMemo!.number;
    expect(
      (await orderOf(ann, order._id)).history.find((event) => event.note?.startsWith(`Credit memo ${memo}`)),
    ).toMatchObject({ by: 'Ada Admin' });
    // A unit comes back once, as its old core or as itself: one alternator is left to return.
    const cores = await askReturn(ann, order, [{ line: 0, quantity: 2, reason: 'core' }]);
    expect(cores.json()).toMatchObject({ code: 'RETURN_TOO_MANY' });
  });

  it('receiving a credited return again retries a refund the provider refused, and refunds nothing more', async () => {
    const { order } = await shippedOrder();
    const made = await requested(ann, order, [{ line: 1, quantity: 2, reason: 'defective' }]);
    await adminStep(made._id, 'approve');
    const setIntent = (status: string) =>
      t.database.db.execute(
        sql`update sandbox_payment_intents set status = ${status} where id = ${order.transactionId}`,
      );
    const receive = () =>
      adminStep(made._id, 'receive', {
        lines: [{ lineId: order.lines[1]!._id, quantity: 2, condition: 'resellable' }],
      });
    await setIntent('canceled');
    const refused = await receive();
    expect(refused.statusCode, refused.body).toBe(200);
    const memo = refused.json<Return>().creditMemo!;
    expect((await orderOf(ann, order._id)).refundedAmount).toBeNull();
    await setIntent('succeeded');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const again = await receive();
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<Return>()).toMatchObject({ _id: made._id, status: 'credited', creditMemo: memo });
      expect((await orderOf(ann, order._id)).refundedAmount).toBe(memo.total);
    }
    expect((await orderOf(ann, order._id)).lines[1]!.returnedQuantity).toBe(2);
  });

  it('answers 404 for an unknown return', async () => {
    expect((await adminStep('00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(404);
    expect((await call(admin, { url: '/api/admin/returns/nope' })).statusCode).toBe(404);
  });
});
