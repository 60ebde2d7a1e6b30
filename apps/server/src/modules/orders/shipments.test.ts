/**
 * Shipments (docs/requirements.md §16) as a client sees them: an order ships in one or more shipments of its lines
 * (`POST /api/admin/orders/{id}/shipments`), partially-shipped then shipped, never more than was ordered (409, also
 * for two admins at once), Mark as shipped ships the rest, each shipment mails the buyer its lines and a tracking
 * link, the order lists its shipments, and the packing slip lists the lines by SKU without prices. Runs on PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */
import { trackingUrl, type Order, type Shipment } from '@partsforge/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, payAtProvider, putInCart } from '../../test/orders.js';
import { pdfText } from '../../test/pdf-text.js';

let t: TestApp;
let ann: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ config: { maxUnpaidOrders: 100, writeLimits: false } });
  [ann, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' }),
  ]);
});
afterAll(() => t.close());

const orderOf = async (id: string) =>
  (await t.app.inject({ url: `/api/order/${id}`, headers: ann.headers })).json<Order>();

/** A paid order of 5 x ZZ-ROTOR and 3 x AA-PADS (carted in that order), by Ann. */
async function paidOrder(): Promise<Order> {
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const rotor = await insertPart(t.database.db, { minqty: 1, sku: `ZZ-ROTOR-${suffix}`, name: 'Rotor' });
  const pads = await insertPart(t.database.db, { minqty: 1, sku: `AA-PADS-${suffix}`, name: 'Pads' });
  await putInCart(t.app, ann, rotor, 5);
  await putInCart(t.app, ann, pads, 3);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: ann.headers,
    payload: { address: '4 Depot Road', shippingMethod: 'pickup' },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<Order>();
  const transactionId = await payAtProvider(t.app, ann, order._id);
  const paid = await t.app.inject({
    method: 'PATCH',
    url: `/api/order/${order._id}`,
    headers: ann.headers,
    payload: { transactionId },
  });
  expect(paid.statusCode).toBe(200);
  return orderOf(order._id);
}

const ship = (id: string, payload: object, user: TestUser = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/shipments`, headers: user.headers, payload });

/** The shipment mails to Ann about order `number`, newest first. */
const shipmentMails = (number: string) =>
  t.database.db
    .select({ subject: outboundEmails.subject, text: outboundEmails.text, html: outboundEmails.html })
    .from(outboundEmails)
    .where(and(eq(outboundEmails.to, ann.user.email), eq(outboundEmails.kind, 'order-shipped')))
    .orderBy(desc(outboundEmails.createdAt))
    .then((rows) => rows.filter((row) => row.subject.includes(number)));

describe('shipments', () => {
  it('gives every order line an _id and a shipped quantity', async () => {
    const order = await paidOrder();
    expect(order.lines).toHaveLength(2);
    for (const line of order.lines) {
      expect(line._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.shippedQuantity).toBe(0);
    }
    expect(order.shipments).toEqual([]);
  });

  it('ships in two shipments: partially shipped, then shipped, each mailed with its lines and tracking link', async () => {
    const order = await paidOrder();
    const [rotor, pads] = order.lines;
    const first = await ship(order._id, {
      lines: [{ lineId: rotor!._id, quantity: 2 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(first.statusCode).toBe(201);
    const shipment = first.json<Shipment>();
    expect(shipment).toMatchObject({
      number: expect.stringMatching(/^SH-1\d{5}$/),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      lines: [{ lineId: rotor!._id, sku: rotor!.sku, quantity: 2 }],
    });
    let now = await orderOf(order._id);
    expect(now.status).toBe('partially-shipped');
    expect(now.lines.map((line) => line.shippedQuantity)).toEqual([2, 0]);
    expect(now.shipments).toEqual([shipment]);
    const [mail] = await shipmentMails(order.number);
    expect(mail!.subject).toBe(`Part of order ${order.number} has shipped`);
    expect(mail!.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(mail!.text).toContain(`${rotor!.sku}  Rotor: 2`);
    expect(mail!.text).toContain('Still to come:');
    expect(mail!.text).toContain(`${pads!.sku}  Pads: 3`);
    expect(mail!.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');

    const second = await ship(order._id, {
      lines: [
        { lineId: rotor!._id, quantity: 3 },
        { lineId: pads!._id, quantity: 3 },
      ],
      carrier: 'FedEx',
      trackingNumber: '794612345678',
    });
    expect(second.statusCode).toBe(201);
    now = await orderOf(order._id);
    expect(now.status).toBe('shipped');
    expect(now.lines.map((line) => line.shippedQuantity)).toEqual([5, 3]);
    expect(now.shipments.map((entry) => entry.carrier)).toEqual(['UPS', 'FedEx']);
    expect(now.history.map((event) => event.status)).toEqual([
      'unpaid',
      'pending',
      'partially-shipped',
      'shipped',
    ]);
    const [last] = await shipmentMails(order.number);
    expect(last!.subject).toBe(`Order ${order.number} has shipped`);
    expect(last!.text).toContain('https://www.fedex.com/fedextrack/?trknbr=794612345678');
    expect(last!.text).not.toContain('Still to come:');
  });

  it('refuses more than is left of a line (409), a line of another order (400) and an unpaid card order (409)', async () => {
    const order = await paidOrder();
    const [rotor] = order.lines;
    const over = await ship(order._id, { lines: [{ lineId: rotor!._id, quantity: 6 }], carrier: 'UPS' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'OVER_SHIPMENT' });
    const other = await paidOrder();
    const foreign = await ship(order._id, {
      lines: [{ lineId: other.lines[0]!._id, quantity: 1 }],
      carrier: 'UPS',
    });
    expect(foreign.statusCode).toBe(400);
    expect((await orderOf(order._id)).status).toBe('pending');

    const part = await insertPart(t.database.db, { minqty: 1 });
    await putInCart(t.app, ann, part, 1);
    const unpaid = (
      await t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: ann.headers,
        payload: { address: '4 Depot Road' },
      })
    ).json<Order>();
    const refused = await ship(unpaid._id, {
      lines: [{ lineId: unpaid.lines[0]!._id, quantity: 1 }],
      carrier: 'UPS',
    });
    expect(refused.statusCode).toBe(409);
  });

  it('lets two admins shipping the same units at once ship them only once', async () => {
    const order = await paidOrder();
    const [rotor] = order.lines;
    const body = {
      lines: [{ lineId: rotor!._id, quantity: 3 }],
      carrier: 'DHL',
      trackingNumber: '1234567890',
    };
    const answers = await Promise.all([ship(order._id, body), ship(order._id, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const now = await orderOf(order._id);
    expect(now.lines[0]!.shippedQuantity).toBe(3);
    expect(now.shipments).toHaveLength(1);
  });

  it('makes Mark as shipped one shipment of everything left', async () => {
    const order = await paidOrder();
    await ship(order._id, { lines: [{ lineId: order.lines[1]!._id, quantity: 1 }], carrier: 'USPS' });
    const marked = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${order._id}/status`,
      headers: admin.headers,
      payload: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z1' },
    });
    expect(marked.statusCode).toBe(200);
    const now = marked.json<Order>();
    expect(now.status).toBe('shipped');
    expect(now.lines.map((line) => line.shippedQuantity)).toEqual([5, 3]);
    expect(now.shipments).toHaveLength(2);
    expect(now.shipments[1]!.lines.map((line) => line.quantity)).toEqual([5, 2]);
  });

  it('prints a packing slip of the shipment: lines by SKU with quantities, no prices', async () => {
    const order = await paidOrder();
    const shipment = (
      await ship(order._id, {
        lines: order.lines.map((line) => ({ lineId: line._id, quantity: line.quantity })),
        carrier: 'UPS',
        trackingNumber: '1Z2',
      })
    ).json<Shipment>();
    const slip = await t.app.inject({
      url: `/api/admin/orders/${order._id}/shipments/${shipment._id}/packing-slip.pdf`,
      headers: admin.headers,
    });
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    const { text, lines } = pdfText(slip.rawPayload);
    expect(text).toContain(shipment.number);
    expect(text).toContain(order.number);
    // AA-PADS before ZZ-ROTOR although the order lists the rotor first.
    const padsAt = lines.findIndex((line) => line.startsWith('AA-PADS'));
    const rotorAt = lines.findIndex((line) => line.startsWith('ZZ-ROTOR'));
    expect(padsAt).toBeGreaterThan(-1);
    expect(rotorAt).toBeGreaterThan(padsAt);
    expect(text).not.toContain('$');
    const missing = await t.app.inject({
      url: `/api/admin/orders/${order._id}/shipments/${order._id}/packing-slip.pdf`,
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const buyer = await t.app.inject({
      url: `/api/admin/orders/${order._id}/shipments/${shipment._id}/packing-slip.pdf`,
      headers: ann.headers,
    });
    expect(buyer.statusCode).toBe(403);
  });

  it('links the four carriers to their tracking pages', () => {
    expect(trackingUrl('UPS', '1Z 9')).toBe('https://www.ups.com/track?tracknum=1Z%209');
    expect(trackingUrl('fedex', '7946')).toBe('https://www.fedex.com/fedextrack/?trknbr=7946');
    expect(trackingUrl('USPS', '9400')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400');
    expect(trackingUrl('DHL Express', '12')).toBe('https://www.dhl.com/en/express/tracking.html?AWB=12');
    expect(trackingUrl('Own truck', '12')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
  });
});
