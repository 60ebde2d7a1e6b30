/**
 * Credit memos and refunds (docs/requirements.md §17 "Credit memos and refunds"; docs/decisions/028): a received
 * return's memo (unit prices, tax share at the order's rate, every returned unit's core deposit, the restocking fee on
 * not-needed units only), one memo per return, refunds through the sandbox provider once per memo, the buyer's mail
 * with the memo PDF, the returns settings, an admin's cancel-and-refund and goodwill refunds (capped by what is left
 * of the line), and account credits on the company's statement. Returns are credited here through `app.creditMemos`
 * as the returns module's receive does. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import type { CreditMemo, Order, Statement } from '@partsforge/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { outboundEmails, sandboxRefunds } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, payAtProvider, pickupOnly, placeOrderFor, stockOf } from '../../test/orders.js';
import { pdfText } from '../../test/pdf-text.js';
import { callAs, CHECKOUT, companyOf, okAs, setTerms } from '../../test/trade-terms.js';

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  // 8.25% tax (8250 thousandths of a percent) on orders without a destination.
  t = await buildTestApp({ config: { taxRateBasisPoints: 825 } });
  await pickupOnly(t);
  admin = await signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' });
  buyer = await signUpAndGetToken(t.app, { email: uniqueEmail('buyer'), name: 'Bo Buyer' });
  other = await signUpAndGetToken(t.app, { email: uniqueEmail('other'), name: 'Oz Other' });
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await setFee(0);
});

const db = () => t.database.db;

async function setFee(percent: number) {
  await okAs(t, admin, {
    method: 'PUT',
    url: '/api/admin/return-settings',
    payload: { restockingFeePercent: percent },
  });
}

/** A paid card order of `quantity` units at $12.50 (minimum 1) with `coreCents` of core deposit each; its answer. */
async function paidOrder(
  quantity: number,
  customer = buyer,
  coreCents = 0,
): Promise<Order & { partId: string }> {
  const partId = await insertPart(db(), { priceCents: 1250, minqty: 1, available: 100 });
  await db().execute(sql`update parts set core_charge_cents = ${coreCents} where id = ${partId}`);
  const orderId = await placeOrderFor(t.app, customer, partId, quantity);
  const transactionId = await payAtProvider(t.app, customer, orderId);
  await okAs(t, customer, { method: 'PATCH', url: `/api/order/${orderId}`, payload: { transactionId } });
  return { ...(await orderOf(orderId)), partId };
}

const orderOf = (orderId: string, user = admin) => okAs<Order>(t, user, { url: `/api/order/${orderId}` });

/** Credits a received return of `orderId` as the returns module's receive does, then settles it. */
async function creditReturn(
  orderId: string,
  lines: {
    orderLineId: string;
    quantity: number;
    reason: 'core' | 'defective' | 'wrong-part' | 'not-needed';
  }[],
  returnId = randomUUID(),
) {
  const memo = await t.database.db.transaction((tx) =>
    t.app.creditMemos.issueCreditMemo(tx as unknown as AppDatabase, {
      orderId,
      returnId,
      lines,
      actorId: admin.user.id,
    }),
  );
  await t.app.creditMemos.settleCreditMemo(memo.id);
  return { ...memo, returnId };
}

const memosOf = (orderId: string, user = admin) =>
  okAs<CreditMemo[]>(t, user, { url: `/api/order/${orderId}/credit-memos` });

const refundsOf = async (memoId: string) =>
  db()
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.idempotencyKey, `credit-memo-${memoId}`));

describe('a return credit memo', () => {
  it('credits unit prices with their tax share, every returned unit its core deposit, and the fee only on not-needed units', async () => {
    await setFee(15);
    // The line is sold with a $4.00 core deposit a unit.
    const order = await paidOrder(4, buyer, 400);
    const line = order.lines[0]!._id;
    const memo = await creditReturn(order._id, [
      { orderLineId: line, quantity: 1, reason: 'defective' },
      { orderLineId: line, quantity: 1, reason: 'not-needed' },
      { orderLineId: line, quantity: 1, reason: 'wrong-part' },
      { orderLineId: line, quantity: 1, reason: 'core' },
    ]);
    expect(memo.number).toMatch(/^CM-\d{4}-\d{6}$/);
    const [answer] = await memosOf(order._id);
    // $12.50 each: tax 8.25% of 1250 = 103.125 -> $1.03; 15% fee of $12.50 = $1.875 -> $1.88 (on the price
    // alone); every unit's $4.00 deposit: a core's, and a unit sent back itself (no old core follows for it).
    expect(answer!.lines.map((l) => [l.reason, l.amount, l.tax, l.core, l.restockingFee])).toEqual([
      ['defective', 12.5, 1.03, 4, 0],
      ['not-needed', 12.5, 1.03, 4, 1.88],
      ['wrong-part', 12.5, 1.03, 4, 0],
      ['core', 0, 0, 4, 0],
    ]);
    expect(answer).toMatchObject({
      kind: 'return',
      settlement: 'card',
      subtotal: 37.5,
      tax: 3.09,
      core: 16,
      restockingFee: 1.88,
      total: 54.71,
    });
    expect(memo.totalCents).toBe(5471);
  });

  it('refunds the card once per memo: a retried receive or settle refunds nothing more', async () => {
    const order = await paidOrder(2);
    const line = order.lines[0]!._id;
    const returnId = randomUUID();
    const first = await creditReturn(
      order._id,
      [{ orderLineId: line, quantity: 1, reason: 'defective' }],
      returnId,
    );
    const again = await creditReturn(
      order._id,
      [{ orderLineId: line, quantity: 1, reason: 'defective' }],
      returnId,
    );
    await t.app.creditMemos.settleCreditMemo(first.id);
    expect(again).toMatchObject({ id: first.id, number: first.number });
    expect(await refundsOf(first.id)).toHaveLength(1);
    expect((await refundsOf(first.id))[0]!.amountCents).toBe(1353);
    const after = await orderOf(order._id);
    expect(after.refundedAmount).toBe(13.53);
    expect(after.history.filter((event) => event.refunded !== undefined)).toEqual([
      expect.objectContaining({ refunded: 13.53, note: `Credit memo ${first.number} refunded` }),
    ]);
    const [memo] = await memosOf(order._id);
    expect(memo!.refundId).toMatch(/^sandbox_re_/);
    // A second return of the other unit is a second refund, and the order's refunded amount grows.
    await creditReturn(order._id, [{ orderLineId: line, quantity: 1, reason: 'defective' }]);
    expect((await orderOf(order._id)).refundedAmount).toBe(27.06);
  });

  it('never credits a line beyond what was sold', async () => {
    const order = await paidOrder(1);
    const line = order.lines[0]!._id;
    await creditReturn(order._id, [{ orderLineId: line, quantity: 1, reason: 'wrong-part' }]);
    const second = await creditReturn(order._id, [{ orderLineId: line, quantity: 1, reason: 'wrong-part' }]);
    expect(second.totalCents).toBe(0);
    expect((await orderOf(order._id)).refundedAmount).toBe(order.total);
  });

  it('mails the buyer the memo with its PDF attached', async () => {
    const order = await paidOrder(2);
    const memo = await creditReturn(order._id, [
      { orderLineId: order.lines[0]!._id, quantity: 1, reason: 'defective' },
    ]);
    const [mail] = await db()
      .select()
      .from(outboundEmails)
      .where(sql`${outboundEmails.kind} = 'credit-memo' and ${outboundEmails.orderId} = ${order._id}`);
    expect(mail).toMatchObject({
      to: buyer.user.email,
      subject: `Credit memo ${memo.number} for order ${order.number}`,
      attachments: [{ kind: 'credit-memo', orderId: order._id, memoId: memo.id }],
    });
    expect(mail!.text).toContain('$13.53');
  });

  it('serves the PDF to the buyer and admins, and 404 to anyone else', async () => {
    const order = await paidOrder(2);
    const memo = await creditReturn(order._id, [
      { orderLineId: order.lines[0]!._id, quantity: 2, reason: 'defective' },
    ]);
    const mine = await callAs(t, buyer, { url: `/api/returns/${memo.returnId}/credit-memo.pdf` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="${memo.number}.pdf"`);
    const text = pdfText(mine.rawPayload).lines.join('\n');
    expect(text).toContain(memo.number);
    expect(text).toContain(order.number);
    expect(text).toContain('$27.06');
    expect(
      (await callAs(t, other, { url: `/api/returns/${memo.returnId}/credit-memo.pdf` })).statusCode,
    ).toBe(404);
    expect((await callAs(t, other, { url: `/api/order/${order._id}/credit-memos` })).statusCode).toBe(404);
    const byNumber = await callAs(t, admin, { url: `/api/admin/credit-memos/${memo.number}.pdf` });
    expect(byNumber.statusCode).toBe(200);
    expect((await callAs(t, admin, { url: '/api/admin/credit-memos/CM-1999-000001.pdf' })).statusCode).toBe(
      404,
    );
  });
});

describe("a company order's memos", () => {
  it('are 404 (and its invoice) to the member who placed it once they left the company, and still shown to its members', async () => {
    const [owner, member] = await Promise.all([
      signUpAndGetToken(t.app, { email: uniqueEmail('owner'), name: 'Oona Owner' }),
      signUpAndGetToken(t.app, { email: uniqueEmail('member'), name: 'Lee Leaver' }),
    ]);
    await companyOf(t, owner, 'Leavers Garage', [{ user: member, role: 'buyer' }]);
    const order = await paidOrder(1, member);
    const memo = await creditReturn(order._id, [
      { orderLineId: order.lines[0]!._id, quantity: 1, reason: 'defective' },
    ]);
    const pdf = `/api/returns/${memo.returnId}/credit-memo.pdf`;
    const list = `/api/order/${order._id}/credit-memos`;
    const invoice = `/api/order/${order._id}/invoice.pdf`;
    expect((await callAs(t, member, { url: list })).statusCode).toBe(200);
    expect((await callAs(t, member, { url: pdf })).statusCode).toBe(200);
    expect((await callAs(t, member, { url: invoice })).statusCode).toBe(200);
    await okAs(t, owner, { method: 'DELETE', url: `/api/companies/mine/members/${member.user.id}` });
    expect((await callAs(t, member, { url: list })).statusCode).toBe(404);
    expect((await callAs(t, member, { url: pdf })).statusCode).toBe(404);
    // Nor the order's invoice (as the order itself).
    expect((await callAs(t, member, { url: invoice })).statusCode).toBe(404);
    expect((await callAs(t, owner, { url: invoice })).statusCode).toBe(200);
    expect((await callAs(t, member, { url: `/api/order/${order._id}` })).statusCode).not.toBe(200);
    expect((await memosOf(order._id, owner)).map((item) => item.number)).toEqual([memo.number]);
    expect((await callAs(t, owner, { url: pdf })).statusCode).toBe(200);
  });
});

describe('return settings', () => {
  it('keeps a whole percent from 0 to 100 for admins', async () => {
    expect(await okAs(t, admin, { url: '/api/admin/return-settings' })).toEqual({ restockingFeePercent: 0 });
    await setFee(20);
    expect(await okAs(t, admin, { url: '/api/admin/return-settings' })).toEqual({ restockingFeePercent: 20 });
    for (const restockingFeePercent of [101, -1, 2.5])
      expect(
        (
          await callAs(t, admin, {
            method: 'PUT',
            url: '/api/admin/return-settings',
            payload: { restockingFeePercent },
          })
        ).statusCode,
      ).toBe(400);
    expect((await callAs(t, buyer, { url: '/api/admin/return-settings' })).statusCode).toBe(403);
  });
});

describe('cancel and refund', () => {
  it('cancels a paid order not shipped, puts the stock back and refunds everything once', async () => {
    const order = await paidOrder(3);
    expect(await stockOf(db(), order.partId)).toBe(97);
    const memo = await okAs<CreditMemo>(
      t,
      admin,
      { method: 'POST', url: `/api/admin/orders/${order._id}/cancel-refund` },
      201,
    );
    expect(memo).toMatchObject({
      kind: 'cancel',
      total: order.total,
      subtotal: order.subtotal,
      tax: order.tax,
    });
    expect(memo.refundId).toMatch(/^sandbox_re_/);
    expect(await stockOf(db(), order.partId)).toBe(100);
    const after = await orderOf(order._id);
    expect(after).toMatchObject({ status: 'cancelled', refundedAmount: order.total });
    const [movement] = await queryRows<{ reason: string; order_id: string }>(
      db(),
      sql`select reason, order_id from stock_movements where part_id = ${order.partId} order by id desc limit 1`,
    );
    expect(movement).toEqual({ reason: 'order_cancelled', order_id: order._id });
    const again = await callAs(t, admin, {
      method: 'POST',
      url: `/api/admin/orders/${order._id}/cancel-refund`,
    });
    expect(again.statusCode).toBe(409);
    expect((await orderOf(order._id)).refundedAmount).toBe(order.total);
  });

  it('refuses an order with a shipped unit, and one not paid', async () => {
    const order = await paidOrder(2);
    await okAs(
      t,
      admin,
      {
        method: 'POST',
        url: `/api/admin/orders/${order._id}/shipments`,
        payload: { lines: [{ lineId: order.lines[0]!._id, quantity: 1 }], carrier: 'UPS' },
      },
      201,
    );
    const shipped = await callAs(t, admin, {
      method: 'POST',
      url: `/api/admin/orders/${order._id}/cancel-refund`,
    });
    expect(shipped.statusCode).toBe(409);
    const partId = await insertPart(db(), { priceCents: 1250, minqty: 1 });
    const unpaid = await placeOrderFor(t.app, buyer, partId, 1);
    const refused = await callAs(t, admin, {
      method: 'POST',
      url: `/api/admin/orders/${unpaid}/cancel-refund`,
    });
    expect(refused.statusCode).toBe(409);
    expect(
      (await callAs(t, buyer, { method: 'POST', url: `/api/admin/orders/${unpaid}/cancel-refund` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('goodwill refunds', () => {
  it('refund part of a line up to what is left of it (price, tax share, cores, less earlier credits)', async () => {
    const order = await paidOrder(2);
    const lineId = order.lines[0]!._id;
    const refund = (amount: number) =>
      callAs(t, admin, {
        method: 'POST',
        url: `/api/admin/orders/${order._id}/refunds`,
        payload: { lineId, amount, reason: 'Late delivery' },
      });
    const first = await refund(10);
    expect(first.statusCode).toBe(201);
    expect(first.json<CreditMemo>()).toMatchObject({ kind: 'goodwill', total: 10, note: 'Late delivery' });
    // $25.00 + its tax $2.06 = $27.06; $10.00 given.
    const tooMuch = await refund(17.07);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ refundable: 17.06 });
    expect((await refund(17.06)).statusCode).toBe(201);
    const none = await refund(0.01);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ refundable: 0, message: 'Nothing is left to refund on this line.' });
    expect((await orderOf(order._id)).refundedAmount).toBe(27.06);
    expect(
      (
        await callAs(t, admin, {
          method: 'POST',
          url: `/api/admin/orders/${order._id}/refunds`,
          payload: { lineId: randomUUID(), amount: 1, reason: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await refund(0)).statusCode).toBe(400);
  });
});

describe('a refund the provider refuses', () => {
  it('leaves the memo to refund, and the next refund of the order retries it', async () => {
    const order = await paidOrder(2);
    const give = (amount: number) =>
      okAs<CreditMemo>(
        t,
        admin,
        {
          method: 'POST',
          url: `/api/admin/orders/${order._id}/refunds`,
          payload: { lineId: order.lines[0]!._id, amount, reason: 'Goodwill' },
        },
        201,
      );
    const transactionId = (await orderOf(order._id)).transactionId!;
    await db().execute(
      sql`update sandbox_payment_intents set status = 'canceled' where id = ${transactionId}`,
    );
    const pending = await give(2);
    expect(pending.refundId).toBeNull();
    expect((await orderOf(order._id)).refundedAmount).toBeNull();
    await db().execute(
      sql`update sandbox_payment_intents set status = 'succeeded' where id = ${transactionId}`,
    );
    await give(3);
    expect((await memosOf(order._id)).map((memo) => memo.refundId !== null)).toEqual([true, true]);
    expect((await orderOf(order._id)).refundedAmount).toBe(5);
  });
});

describe('account credits', () => {
  it("lower the company's balance on its statement, applied to the oldest balance first", async () => {
    const owner = await signUpAndGetToken(t.app, { email: uniqueEmail('owner'), name: 'Olive Owner' });
    const company = await companyOf(t, owner, 'Credit Garage');
    await setTerms(t, company._id, { paymentTerms: 'net30', creditLimitCents: 1000_00 });
    const partId = await insertPart(db(), { priceCents: 100_00, minqty: 1, available: 50 });
    await okAs(t, owner, { method: 'PUT', url: `/api/cart/lines/${partId}`, payload: { quantity: 2 } });
    const placed = await okAs<Order>(
      t,
      owner,
      { method: 'POST', url: '/api/checkout', payload: { ...CHECKOUT, paymentMethod: 'account' } },
      201,
    );
    const order = await orderOf(placed._id);
    // The invoice is 40 days past due.
    await db().execute(
      sql`update invoices set due_at = now() - interval '40 days' where order_id = ${order._id}`,
    );
    const before = await okAs<Statement>(t, owner, { url: '/api/companies/mine/statement' });
    expect(before.balance).toBe(order.total);
    const memo = await okAs<CreditMemo>(
      t,
      admin,
      {
        method: 'POST',
        url: `/api/admin/orders/${order._id}/refunds`,
        payload: { lineId: order.lines[0]!._id, amount: 50, reason: 'Scratched' },
      },
      201,
    );
    expect(memo).toMatchObject({ settlement: 'account', refundId: null });
    expect(await refundsOf(memo._id)).toHaveLength(0);
    const statement = await okAs<Statement>(t, owner, { url: '/api/companies/mine/statement' });
    expect(statement.balance).toBe(order.total - 50);
    expect(statement.credits).toBe(50);
    expect(statement.available).toBe(1000 - (order.total - 50));
    expect(statement.aging.days31to60).toBe(order.total - 50);
    expect(statement.creditMemos).toEqual([
      expect.objectContaining({ number: memo.number, orderId: order._id, total: 50 }),
    ]);
    const adminView = await okAs<Statement>(t, admin, {
      url: `/api/admin/companies/${company._id}/statement`,
    });
    expect(adminView.balance).toBe(order.total - 50);
    // The account checkout's overdue check counts what the credits leave past due.
    await okAs(t, owner, { method: 'PUT', url: `/api/cart/lines/${partId}`, payload: { quantity: 1 } });
    const checkout = () =>
      callAs(t, owner, {
        method: 'POST',
        url: '/api/checkout',
        payload: { ...CHECKOUT, paymentMethod: 'account' },
      });
    const overdue = await checkout();
    expect(overdue.statusCode).toBe(409);
    expect(overdue.json()).toMatchObject({ code: 'ACCOUNT_OVERDUE' });
    const rest = Math.round((order.total - 50) * 100) / 100;
    await okAs(
      t,
      admin,
      {
        method: 'POST',
        url: `/api/admin/orders/${order._id}/refunds`,
        payload: { lineId: order.lines[0]!._id, amount: rest, reason: 'Scratched' },
      },
      201,
    );
    const settled = await okAs<Statement>(t, owner, { url: '/api/companies/mine/statement' });
    expect(settled).toMatchObject({ balance: 0, credits: order.total });
    expect((await checkout()).statusCode).toBe(201);
  });
});

describe('credit memo numbers', () => {
  it('have no gap and no repeat under concurrent memos, and a rolled-back memo gives its number back', async () => {
    const orders: Order[] = [];
    for (let count = 0; count < 8; count += 1) orders.push(await paidOrder(1));
    const rolledBack = await db()
      .transaction(async (tx) => {
        await t.app.creditMemos.issueCreditMemo(tx as unknown as AppDatabase, {
          orderId: orders[0]!._id,
          returnId: randomUUID(),
          lines: [{ orderLineId: orders[0]!.lines[0]!._id, quantity: 1, reason: 'defective' }],
          actorId: admin.user.id,
        });
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect(rolledBack).toBe('roll back');
    const answers = await Promise.all(
      orders.map((order) =>
        callAs(t, admin, {
          method: 'POST',
          url: `/api/admin/orders/${order._id}/refunds`,
          payload: { lineId: order.lines[0]!._id, amount: 1, reason: 'Goodwill' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(orders.map(() => 201));
    const rows = await queryRows<{ number: string; sequence: number }>(
      db(),
      sql`select number, sequence from credit_memos order by sequence`,
    );
    const year = new Date().getUTCFullYear();
    expect(rows.map((row) => row.number)).toEqual(
      rows.map((_, index) => `CM-${year}-${String(index + 1).padStart(6, '0')}`),
    );
  });
});
