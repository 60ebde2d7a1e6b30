/**
 * Invoice numbers have no gaps and are never used twice, even under concurrent payments (docs/requirements.md §13
 * "Invoices"): 20 orders paid at once through the real payment calls (create-payment-intent, the sandbox's test
 * card, PATCH /order/{id}), sent to two app instances on one database (on PostgreSQL each with its own pool,
 * as two server processes would), get exactly INV-<year>-000001..000020, one per order. A payment whose
 * transaction rolls back gives its number back. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type AppDatabase, type Database } from '../../db/connect.js';
import { invoiceCounters, invoices } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import {
  buildTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../test/build-test-app.js';
import { insertPart, payAtProvider, placeOrderFor } from '../../test/orders.js';
import { formatInvoiceNumber, issueInvoice } from './index.js';

const YEAR = new Date().getUTCFullYear();
const ORDERS = 20;

let shared: TestDatabase;
let secondPool: Database | undefined;
const apps: TestApp[] = [];
let customers: TestUser[] = [];

beforeAll(async () => {
  shared = await createTestDatabase();
  if (shared.database.kind === 'postgres') {
    const url = (shared.database.client as pg.Pool).options.connectionString;
    secondPool = await createDatabase({ databaseUrl: url });
  }
  const config = { authSecret: randomBytes(32).toString('hex'), writeLimits: false, maxUnpaidOrders: 100 };
  apps.push(await buildTestApp({ database: shared.database, config }));
  apps.push(await buildTestApp({ database: secondPool ?? shared.database, config }));
  customers = await Promise.all(
    Array.from({ length: 4 }, (_, i) =>
      signUpAndGetToken(apps[0]!.app, { email: uniqueEmail(`payer-${i}`), name: `Payer ${i}` }),
    ),
  );
}, 60_000);

afterAll(async () => {
  for (const { app } of apps) await app.close();
  await secondPool?.close();
  await shared.drop();
});

describe('invoice numbers', () => {
  it('are given back when the payment that took one rolls back', async () => {
    const db = shared.database.db;
    const customer = customers[0]!;
    const orderId = await placeOrderFor(apps[0]!.app, customer, await insertPart(db), 2);
    await expect(
      db.transaction(async (tx) => {
        const taken = await issueInvoice(tx as unknown as AppDatabase, orderId);
        expect(taken).toBe(`INV-${YEAR}-000001`);
        throw new Error('payment failed after the number was taken');
      }),
    ).rejects.toThrow('payment failed');
    expect(await db.select().from(invoices)).toEqual([]);
    expect(await db.select().from(invoiceCounters)).toEqual([]);
  });

  it('are spelt as formatInvoiceNumber spells them, past six digits too', async () => {
    const db = shared.database.db;
    const customer = customers[0]!;
    for (const last of [998_998, 999_998]) {
      const orderId = await placeOrderFor(apps[0]!.app, customer, await insertPart(db), 2);
      await expect(
        db.transaction(async (tx) => {
          await tx.insert(invoiceCounters).values({ year: YEAR, last });
          expect(await issueInvoice(tx as unknown as AppDatabase, orderId)).toBe(
            formatInvoiceNumber(YEAR, last + 1),
          );
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
    }
    expect(formatInvoiceNumber(YEAR, 999_999)).toBe(`INV-${YEAR}-999999`);
    expect(formatInvoiceNumber(YEAR, 1_000_000)).toBe(`INV-${YEAR}-1000000`);
    const orderId = await placeOrderFor(apps[0]!.app, customer, await insertPart(db), 2);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(invoiceCounters).values({ year: YEAR, last: 999_999 });
        expect(await issueInvoice(tx as unknown as AppDatabase, orderId)).toBe(`INV-${YEAR}-1000000`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.select().from(invoiceCounters)).toEqual([]);
  });

  it(`run 1..${ORDERS} without gaps or repeats when ${ORDERS} orders are paid at once`, async () => {
    const db = shared.database.db;
    const orderIds = await Promise.all(
      Array.from({ length: ORDERS }, async (_, index) => {
        const customer = customers[index % customers.length]!;
        return placeOrderFor(apps[index % 2]!.app, customer, await insertPart(db), 2);
      }),
    );
    const answers = await Promise.all(
      orderIds.map(async (orderId, index) => {
        const { app } = apps[index % 2]!;
        const customer = customers[index % customers.length]!;
        const transactionId = await payAtProvider(app, customer, orderId);
        const response = await app.inject({
          method: 'PATCH',
          url: `/api/order/${orderId}`,
          headers: customer.headers,
          payload: { transactionId },
        });
        return response.json<{ modifiedCount: number }>();
      }),
    );
    // The sandbox's confirmation paid each order (as a provider event); the customer's confirmation changes nothing.
    expect(answers).toEqual(Array.from({ length: ORDERS }, () => ({ modifiedCount: 0 })));

    const issued = await db.select().from(invoices);
    expect(issued).toHaveLength(ORDERS);
    expect(new Set(issued.map((invoice) => invoice.orderId))).toEqual(new Set(orderIds));
    expect(issued.map((invoice) => invoice.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: ORDERS }, (_, index) => index + 1),
    );
    for (const invoice of issued)
      expect(invoice.number).toBe(`INV-${YEAR}-${String(invoice.sequence).padStart(6, '0')}`);
    expect(await db.select().from(invoiceCounters).where(eq(invoiceCounters.year, YEAR))).toEqual([
      { year: YEAR, last: ORDERS },
    ]);

    // Each customer downloads the invoice of each of their orders under its own number.
    const names = await Promise.all(
      orderIds.map(async (orderId, index) => {
        const customer = customers[index % customers.length]!;
        const response = await apps[0]!.app.inject({
          url: `/api/order/${orderId}/invoice.pdf`,
          headers: customer.headers,
        });
        expect(response.statusCode).toBe(200);
        return response.headers['content-disposition'];
      }),
    );
    expect(new Set(names).size).toBe(ORDERS);
  });
});
