/**
 * Email delivery as a recipient sees it (docs/requirements.md §13): a message queued in a transaction arrives once,
 * with a plain-text and an HTML part, over real SMTP (smtp-server) or as an .eml file in the outbox folder when no
 * SMTP server is configured; a refused delivery is retried with backoff and still arrives once; a rolled-back
 * transaction sends nothing; a message is sent once however many workers read the outbox, and once when its worker
 * crashed mid-send. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { outboundEmails } from '../../db/schema/index.js';
import {
  buildTestApp,
  createTestDatabase,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../../test/build-test-app.js';
import { readOutbox, startSmtpServer, waitUntil, type TestSmtpServer } from '../../test/mail.js';
import { createMailDelivery } from './mail-delivery.js';
import type { OutgoingMail } from './mail-outbox.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';

const mail = (to: string, subject = 'Order PF-100001 received'): OutgoingMail => ({
  kind: 'order-confirmation',
  to,
  subject,
  text: 'Thank you. Total: $12.50',
  html: '<p>Thank you. <strong>Total: $12.50</strong></p>',
});

let t: TestApp | undefined;
let smtp: TestSmtpServer | undefined;
let dataDir: string | undefined;
let shared: TestDatabase | undefined;

afterEach(async () => {
  await t?.close();
  await smtp?.close();
  await shared?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  t = smtp = dataDir = shared = undefined;
});

async function appWith(
  options: { smtpUrl?: string; retryDelaySeconds?: number; workers?: boolean; database?: TestDatabase } = {},
) {
  dataDir ??= await mkdtemp(join(tmpdir(), 'partsforge-mail-'));
  const base = testConfig();
  t = await buildTestApp({
    ...(options.database ? { database: options.database.database } : {}),
    config: {
      dataDir,
      jobWorkers: options.workers ?? true,
      mail: { ...base.mail, smtpUrl: options.smtpUrl, retryDelaySeconds: options.retryDelaySeconds ?? 1 },
    },
  });
  await t.app.ready();
  return t;
}

const queue = (app: TestApp, message: OutgoingMail) =>
  app.database.db.transaction((tx) => app.app.mail.queue(tx, message));

const workerOptions = (app: TestApp, transport: MailTransport) => ({
  db: app.database.db,
  transport,
  from: 'PartsForge <no-reply@partsforge.test>',
  renderAttachment: async () => null,
  logger: pino({ level: 'silent' }),
  retryDelaySeconds: 1,
  retryLimit: 10,
  pollIntervalMs: 500,
});

/** A delivery worker of its own on the app's database (another process's, as far as the outbox can tell). */
const worker = (app: TestApp, transport: MailTransport, batchSize = 50) =>
  createMailDelivery({ ...workerOptions(app, transport), batchSize });

const outboxRow = async (app: TestApp, id: string) =>
  (await app.database.db.select().from(outboundEmails).where(eq(outboundEmails.id, id)))[0]!;

describe('email delivery', () => {
  it('sends a queued message once over SMTP, with a plain-text and an HTML part', async () => {
    smtp = await startSmtpServer();
    const app = await appWith({ smtpUrl: smtp.url });
    const id = await queue(app, mail('ann@example.com'));

    const [received] = await smtp.waitFor(1);
    expect(received!.subject).toBe('Order PF-100001 received');
    expect(received!.from?.text).toContain('no-reply@partsforge.test');
    expect(received!.to).toMatchObject({ text: 'ann@example.com' });
    expect(received!.text).toContain('Total: $12.50');
    expect(received!.html).toContain('<strong>Total: $12.50</strong>');
    expect(received!.messageId).toBe(`<${id}@partsforge.mail>`);

    await waitUntil(async () => ((await outboxRow(app, id)).sentAt ? true : undefined), 5000, 'sent');
    // Nothing else arrives later: the job completed and is not run again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received).toHaveLength(1);
  });

  it('writes .eml files to DATA_DIR/outbox when no SMTP server is configured', async () => {
    const app = await appWith();
    const id = await queue(app, mail('bob@example.com', 'Your receipt'));

    const files = await waitUntil(
      async () => {
        const outbox = await readOutbox(join(dataDir!, 'outbox'));
        return outbox.size > 0 ? outbox : undefined;
      },
      10_000,
      'an .eml file',
    );
    expect([...files.keys()]).toEqual([`${id}.eml`]);
    const message = files.get(`${id}.eml`)!;
    expect(message.subject).toBe('Your receipt');
    expect(message.to).toMatchObject({ text: 'bob@example.com' });
    expect(message.text).toContain('Total: $12.50');
    expect(message.html).toContain('<strong>Total: $12.50</strong>');
  });

  it('retries a delivery the server refused, with backoff, and delivers it once', async () => {
    smtp = await startSmtpServer({ refuseFirst: 2 });
    const app = await appWith({ smtpUrl: smtp.url, retryDelaySeconds: 1 });
    const id = await queue(app, mail('cy@example.com'));

    const [received] = await smtp.waitFor(1, 30_000);
    expect(received!.to).toMatchObject({ text: 'cy@example.com' });
    expect(smtp.refused).toBe(2);
    const row = await waitUntil(
      async () => {
        const current = await outboxRow(app, id);
        return current.sentAt ? current : undefined;
      },
      5000,
      'sent',
    );
    expect(row.attempts).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received).toHaveLength(1);
  });

  it('sends nothing for a transaction that rolls back', async () => {
    smtp = await startSmtpServer();
    const app = await appWith({ smtpUrl: smtp.url });
    await expect(
      app.database.db.transaction(async (tx) => {
        await app.app.mail.queue(tx, mail('rolled@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await queue(app, mail('kept@example.com'));

    const [received] = await smtp.waitFor(1);
    expect(received!.to).toMatchObject({ text: 'kept@example.com' });
    const rows = await app.database.db.select({ to: outboundEmails.to }).from(outboundEmails);
    expect(rows).toEqual([{ to: 'kept@example.com' }]);
  });

  it('does not send a message twice when the outbox is read again', async () => {
    smtp = await startSmtpServer();
    const app = await appWith({ smtpUrl: smtp.url });
    const id = await queue(app, mail('dee@example.com'));
    await smtp.waitFor(1);
    await waitUntil(async () => ((await outboxRow(app, id)).sentAt ? true : undefined), 5000, 'sent');

    const transport = createMailTransport({ smtpUrl: smtp.url, outboxDir: dataDir! });
    const again = worker(app, transport);
    expect(await again.drain()).toBe(0);
    transport.close();
    expect(smtp.received).toHaveLength(1);
  });

  it('sends each of a burst once while two workers drain the outbox together', async () => {
    smtp = await startSmtpServer();
    const app = await appWith({ workers: false });
    const ids = await app.database.db.transaction(async (tx) => {
      const queued: string[] = [];
      for (let n = 0; n < 120; n += 1)
        queued.push(await app.app.mail.queue(tx, mail(`buyer${n}@example.com`)));
      return queued;
    });
    const transports = [0, 1].map(() => createMailTransport({ smtpUrl: smtp!.url, outboxDir: dataDir! }));
    const sent = await Promise.all(transports.map((transport) => worker(app, transport, 10).drain()));
    for (const transport of transports) transport.close();

    expect(sent[0]! + sent[1]!).toBe(120);
    expect(smtp.received).toHaveLength(120);
    expect(new Set(smtp.received.map((message) => message.messageId))).toEqual(
      new Set(ids.map((id) => `<${id}@partsforge.mail>`)),
    );
  });

  it('attaches one document to each of its messages, rendered once per batch (an invoice to its placer and owner)', async () => {
    smtp = await startSmtpServer();
    const app = await appWith({ workers: false });
    const invoice = { kind: 'invoice' as const, orderId: '0b6b8d4e-3f1e-4c5e-9a3c-1d2e3f4a5b6c' };
    await app.database.db.transaction(async (tx) => {
      await app.app.mail.queue(tx, { ...mail('placer@example.com'), attachments: [invoice] });
      await app.app.mail.queue(tx, { ...mail('owner@example.com'), attachments: [invoice] });
    });
    let renders = 0;
    const transport = createMailTransport({ smtpUrl: smtp.url, outboxDir: dataDir! });
    const delivery = createMailDelivery({
      ...workerOptions(app, transport),
      renderAttachment: async () => {
        renders += 1;
        return {
          filename: 'INV-2026-000001.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('%PDF-1.7'),
        };
      },
    });
    expect(await delivery.drain()).toBe(2);
    transport.close();

    expect(renders).toBe(1);
    expect(
      smtp.received
        .map((message) => message.to)
        .map((to) => (to as { text: string }).text)
        .sort(),
    ).toEqual(['owner@example.com', 'placer@example.com']);
    for (const message of smtp.received)
      expect(message.attachments.map((attachment) => attachment.filename)).toEqual(['INV-2026-000001.pdf']);
  });

  it('leaves a message another worker is sending, and gives up after the last retry', async () => {
    smtp = await startSmtpServer({ refuseFirst: 100 });
    const app = await appWith({ workers: false });
    const claimed = await queue(app, mail('busy@example.com'));
    const failing = await queue(app, mail('nobody@example.com'));
    // Another worker claimed the first message a moment ago and is still sending it.
    await app.database.db
      .update(outboundEmails)
      .set({ claimedUntil: sql`now() + interval '1 minute'` })
      .where(eq(outboundEmails.id, claimed));

    const transport = createMailTransport({ smtpUrl: smtp.url, outboxDir: dataDir! });
    const once = createMailDelivery({
      ...workerOptions(app, transport),
      retryDelaySeconds: 0,
      retryLimit: 1,
    });
    await once.drain();
    await once.drain();
    transport.close();

    expect(smtp.refused).toBe(2);
    const given = await outboxRow(app, failing);
    expect(given).toMatchObject({ attempts: 2, sentAt: null });
    expect(given.failedAt).toBeInstanceOf(Date);
    expect(given.lastError).toBeTruthy();
    expect(await outboxRow(app, claimed)).toMatchObject({ attempts: 0, sentAt: null, failedAt: null });
  });

  it('delivers, once, a message whose worker crashed in the middle of sending it', async () => {
    shared = await createTestDatabase();
    const before = await appWith({ workers: false, database: shared });
    const id = await queue(before, mail('eve@example.com'));
    await before.app.close();
    // A worker claimed the message and died: its claim lapsed, with nothing marked sent.
    await shared.database.db
      .update(outboundEmails)
      .set({ claimedUntil: sql`now() - interval '10 minutes'` })
      .where(eq(outboundEmails.id, id));

    smtp = await startSmtpServer();
    const after = await appWith({ smtpUrl: smtp.url, database: shared });
    const [received] = await smtp.waitFor(1, 20_000);
    expect(received!.messageId).toBe(`<${id}@partsforge.mail>`);
    await waitUntil(async () => ((await outboxRow(after, id)).sentAt ? true : undefined), 5000, 'sent');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received).toHaveLength(1);
  });
});
