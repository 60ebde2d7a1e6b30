/**
 * The order's emails as the customer receives them (docs/requirements.md §13), over real SMTP with the delivery
 * worker on: the confirmation when the order is placed (lines and totals), the payment receipt with the invoice
 * PDF attached, and the shipping notice with the carrier and tracking number; each arrives once, with a
 * plain-text and an HTML part and a link to the order's page. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.js';
import { startSmtpServer, waitUntil, type TestSmtpServer } from '../../test/mail.js';
import { insertPart, payAtProvider, placeOrderFor } from '../../test/orders.js';
import { pdfText } from '../../test/pdf-text.js';

let t: TestApp;
let smtp: TestSmtpServer;
let dataDir: string;
let ann: TestUser;
let admin: TestUser;
let orderId: string;
let orderNumber: string;

const ORIGIN = 'https://shop.example.com';

/** The messages to `to` whose subject contains `subject`, once exactly `count` arrived. */
async function mailsTo(to: string, subject: string, count = 1): Promise<ParsedMail[]> {
  const matching = () =>
    smtp.received.filter(
      (mail) => mail.to && 'text' in mail.to && mail.to.text === to && mail.subject?.includes(subject),
    );
  const found = await waitUntil(() => (matching().length >= count ? matching() : undefined), 20_000, subject);
  // Nothing more arrives for it afterwards: each mail is sent once.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(matching()).toHaveLength(found.length);
  return found;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = await mkdtemp(join(tmpdir(), 'partsforge-order-mail-'));
  const base = testConfig();
  t = await buildTestApp({
    config: {
      dataDir,
      jobWorkers: true,
      publicUrl: ORIGIN,
      taxRateBasisPoints: 825,
      mail: { ...base.mail, smtpUrl: smtp.url },
    },
  });
  [ann, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
  ]);
  const partId = await insertPart(t.database.db, {
    available: 100,
    minqty: 4,
    priceCents: 1250,
    sku: 'BRK-PAD-0042',
    name: 'Ceramic brake pads',
  });
  orderId = await placeOrderFor(t.app, ann, partId, 8);
  const order = await t.app.inject({ url: `/api/order/${orderId}`, headers: ann.headers });
  orderNumber = order.json<{ number: string }>().number;
});

afterAll(async () => {
  await t.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('order emails', () => {
  it('confirms a placed order once, with its lines, subtotal, tax and total, and a link to the order', async () => {
    const [mail] = await mailsTo(ann.user.email, 'received');
    expect(mail!.subject).toBe(`Order ${orderNumber} received`);
    // 8 x $12.50 = $100.00; 8 kg by ground (the one-part purchase's cheapest method) $19.95; 8.25% tax = $8.25.
    for (const text of [mail!.text!, mail!.html as string]) {
      expect(text).toContain('BRK-PAD-0042');
      expect(text).toContain('Ceramic brake pads');
      expect(text).toContain('$100.00');
      expect(text).toContain('Shipping (Ground, arrives');
      expect(text).toContain('$19.95');
      expect(text).toContain('$8.25');
      expect(text).toContain('$128.20');
      expect(text).toContain(`${ORIGIN}/dashboard/orders/${orderId}`);
    }
    expect(mail!.text).toContain('8 x $12.50 = $100.00');
  });

  it('sends the payment receipt once, with the invoice PDF attached', async () => {
    const transactionId = await payAtProvider(t.app, ann, orderId);
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: ann.headers,
      payload: { transactionId },
    });
    expect(paid.statusCode).toBe(200);

    const [mail] = await mailsTo(ann.user.email, 'Payment received');
    expect(mail!.subject).toBe(`Payment received for order ${orderNumber}`);
    const invoiceNumber = /INV-\d{4}-\d{6}/.exec(mail!.text!)?.[0];
    expect(invoiceNumber).toBeDefined();
    expect(mail!.text).toContain(`Payment reference: ${transactionId}`);
    expect(mail!.html).toContain('$128.20');
    expect(mail!.attachments).toHaveLength(1);
    const [attachment] = mail!.attachments;
    expect(attachment!.filename).toBe(`${invoiceNumber}.pdf`);
    expect(attachment!.contentType).toBe('application/pdf');
    const pdf = pdfText(attachment!.content).text;
    expect(pdf).toContain(invoiceNumber);
    expect(pdf).toContain(orderNumber);
    expect(pdf).toContain('BRK-PAD-0042');
    // The same document the order page downloads.
    const download = await t.app.inject({ url: `/api/order/${orderId}/invoice.pdf`, headers: ann.headers });
    expect(pdfText(download.rawPayload).text).toBe(pdf);
  });

  it('tells the customer once that the order shipped, with the carrier and tracking number', async () => {
    const shipped = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}/status`,
      headers: admin.headers,
      payload: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.statusCode).toBe(200);

    const [mail] = await mailsTo(ann.user.email, 'has shipped');
    expect(mail!.subject).toBe(`Order ${orderNumber} has shipped`);
    for (const text of [mail!.text!, mail!.html as string]) {
      expect(text).toContain('Carrier: UPS');
      expect(text).toContain('Tracking number: 1Z999AA10123456784');
      expect(text).toContain(`${ORIGIN}/dashboard/orders/${orderId}`);
    }
  });

  it('sends no mail for a change that is refused', async () => {
    const before = smtp.received.length;
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}/status`,
      headers: admin.headers,
      payload: { status: 'shipped' },
    });
    expect(again.statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received).toHaveLength(before);
  });
});
