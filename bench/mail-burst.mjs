#!/usr/bin/env node
/**
 * Benchmark of mail delivery (docs/requirements.md §13, docs/decisions/022-order-path-and-mail-outbox.md): how long
 * one server process takes to deliver a burst of queued order mails, over SMTP to a local server (smtp-server, in
 * this process) and as `.eml` files to the outbox folder, and that a worker killed mid-burst loses nothing.
 *
 * On a fresh PostgreSQL database on BENCH_PG_URL (dropped afterwards): the shop starts with its delivery worker off
 * (JOB_WORKERS=false), BENCH_MAILS (1,000) one-line orders are placed through the API (each queues its confirmation),
 * and the shop stops. Then, per target, a shop with the worker on starts on the same database and the clock runs
 * from its spawn (start-up included) and from `/api/ready` to the last message delivered. The crash run queues another
 * burst, kills the server (SIGKILL) once a third of it has arrived, starts a new one and counts what arrived: every
 * message must arrive; a message the killed server had sent but not yet marked sent arrives twice (the same
 * Message-ID, which receivers use to drop the repeat). Prints one table, then `BENCH_RESULT <json>`.
 * Target: the burst of 1,000 within 60 s, to SMTP and to files alike.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { customerTokens } from './lib/customers.mjs';
import { createDatabase, dropDatabase, withClient } from './lib/database.mjs';
import { startShopOnPostgres } from './lib/shop.mjs';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MAILS = Number(process.env.BENCH_MAILS ?? 1000);
const TARGET_SECONDS = 60;
const port = 3361 + Math.floor(Math.random() * 30);
const name = `${process.env.BENCH_DB_PREFIX ?? 'partsforge_bench_mail'}_${randomBytes(4).toString('hex')}`;
const databaseUrl = await createDatabase(serverUrl, name);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// One secret for every shop started here, so the customers' access tokens outlive a restart.
const shared = { AUTH_SECRET: randomBytes(32).toString('hex'), MAX_UNPAID_ORDERS: '1000000' };
let tokens;

/** A local SMTP server that counts the messages it accepts by Message-ID. */
async function startSmtp() {
  const seen = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? `unknown-${seen.size}`;
        seen.set(id, (seen.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Places `count` one-line orders through the API with the worker off; each queues a confirmation. */
async function queueBurst(count) {
  const shop = await startShopOnPostgres(port, databaseUrl, { ...shared, JOB_WORKERS: 'false' });
  try {
    const [partId] = await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query(
        `insert into parts (sku, name, description, available, minqty, price_cents, img)
         values ('MAIL-' || $1::text, 'Mail bench part', 'Bench part.', 10000000, 1, 1250, '/images/parts/bench.svg')
         returning id`,
        [randomBytes(4).toString('hex')],
      );
      return rows.map((row) => row.id);
    });
    tokens ??= await customerTokens(shop.url, 16);
    let next = 0;
    await Promise.all(
      tokens.map(async (token) => {
        while (next < count) {
          next += 1;
          const response = await fetch(`${shop.url}/api/order`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ productId: partId, quantity: 1, address: 'Dock 1' }),
          });
          if (response.status !== 201)
            throw new Error(`order refused: ${response.status} ${await response.text()}`);
        }
      }),
    );
  } finally {
    await shop.stop();
  }
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      'select count(*)::int as due from outbound_emails where sent_at is null',
    );
    return rows[0].due;
  });
}

/** Starts a shop with the worker on and waits until `delivered()` reaches `due`; the seconds from spawn and ready. */
async function deliver(due, env, delivered, { crashAt } = {}) {
  const spawnedAt = performance.now();
  let shop = await startShopOnPostgres(port, databaseUrl, { ...shared, JOB_WORKERS: 'true', ...env });
  const readyAt = performance.now();
  let crashed = false;
  try {
    const deadline = Date.now() + 10 * 60_000;
    while ((await delivered(shop)) < due) {
      if (Date.now() > deadline)
        throw new Error(`only ${await delivered(shop)} of ${due} delivered in 10 minutes`);
      if (crashAt !== undefined && !crashed && (await delivered(shop)) >= crashAt) {
        crashed = true;
        await shop.crash();
        shop = await startShopOnPostgres(port, databaseUrl, { ...shared, JOB_WORKERS: 'true', ...env });
      }
      await sleep(50);
    }
    const doneAt = performance.now();
    return { fromSpawn: (doneAt - spawnedAt) / 1000, fromReady: (doneAt - readyAt) / 1000, crashed };
  } finally {
    await shop.stop();
  }
}

const table = [];
let smtp;
try {
  // 1. SMTP: the burst, then the same burst again to .eml files.
  smtp = await startSmtp();
  const bySmtp = await queueBurst(MAILS);
  const unique = () => smtp.seen.size;
  const smtpRun = await deliver(bySmtp, { SMTP_URL: smtp.url }, async () => unique());
  table.push({ target: 'SMTP (smtp-server)', mails: bySmtp, ...smtpRun, duplicates: 0 });

  const byFile = await queueBurst(MAILS);
  const fileRun = await deliver(byFile, {}, async (shop) => {
    const outbox = join(shop.dataDir, 'outbox');
    return existsSync(outbox) ? readdirSync(outbox).filter((file) => file.endsWith('.eml')).length : 0;
  });
  table.push({ target: '.eml files', mails: byFile, ...fileRun, duplicates: 0 });

  // 2. A worker killed a third of the way through a burst: everything arrives, repeats counted.
  const before = unique();
  const crashBurst = await queueBurst(MAILS);
  const crashRun = await deliver(crashBurst, { SMTP_URL: smtp.url }, async () => unique() - before, {
    crashAt: Math.floor(crashBurst / 3),
  });
  const duplicates = [...smtp.seen.values()].filter((count) => count > 1).length;
  table.push({ target: 'SMTP, server killed mid-burst', mails: crashBurst, ...crashRun, duplicates });

  console.log(`\nMail delivery on PostgreSQL, one server process (seconds):`);
  console.table(
    table.map((row) => ({
      target: row.target,
      mails: row.mails,
      'from spawn s': row.fromSpawn.toFixed(1),
      'from ready s': row.fromReady.toFixed(1),
      'mails/s (from ready)': Math.round(row.mails / row.fromReady),
      repeats: row.duplicates,
    })),
  );
  const results = table.slice(0, 2).map((row) => ({
    bench: 'mail',
    measure: `${row.mails} queued mails delivered, ${row.target}, s from start`,
    value: Number(row.fromSpawn.toFixed(1)),
    target: TARGET_SECONDS,
    atLeast: false,
  }));
  for (const { measure, value, target } of results) console.log(`${measure}: ${value} (target <= ${target})`);
  console.log(`BENCH_RESULT ${JSON.stringify(results)}`);
} finally {
  await smtp?.close();
  await dropDatabase(serverUrl, name);
}
