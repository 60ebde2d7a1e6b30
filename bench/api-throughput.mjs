#!/usr/bin/env node
/**
 * Benchmark of the catalogue hot path (docs/decisions/006-hot-path-headers-and-logging.md): throughput and latency of `GET /api/parts?limit=6` on the real shop vs a bare node:http
 * server returning the same bytes, same machine, one after the other (autocannon, 64 connections, 10 s each;
 * BENCH_CONNECTIONS and BENCH_SECONDS override). Prints both results and the ratio (target >= 0.5, p99 <= 10 ms).
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, startShop } from './lib/shop.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const path = '/api/parts?limit=6';

/** Runs autocannon against `url` and returns the figures we report. */
async function measure(url) {
  const result = await autocannon({ url, connections, duration });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
  };
}

const shop = await startShop(3301);
let shopFigures;
let body;
let contentType;
try {
  const response = await fetch(shop.url + path);
  body = Buffer.from(await response.arrayBuffer());
  contentType = response.headers.get('content-type');
  // warm-up, then measure
  await autocannon({ url: shop.url + path, connections, duration: 2 });
  shopFigures = await measure(shop.url + path);
} finally {
  await shop.stop();
}

const bodyFile = join(mkdtempSync(join(tmpdir(), 'partsforge-bare-')), 'body.json');
writeFileSync(bodyFile, body);
const bare = fork(join(root, 'bench/bare-server.mjs'), {
  env: { ...process.env, PORT: '3302', BODY_FILE: bodyFile, CONTENT_TYPE: contentType ?? '' },
});
await new Promise((resolve) => bare.once('message', resolve));
let bareFigures;
try {
  await autocannon({ url: `http://127.0.0.1:3302${path}`, connections, duration: 2 });
  bareFigures = await measure(`http://127.0.0.1:3302${path}`);
} finally {
  bare.kill();
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const row = (name, f) =>
  `${name.padEnd(26)} ${f.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms   errors ${f.errors}`;
console.log(
  `\nGET ${path} (${body.length} bytes), ${connections} connections, ${duration} s, database ${database}`,
);
console.log(row('PartsForge API', shopFigures));
console.log(row('bare node:http, same bytes', bareFigures));
console.log(
  `ratio (API / bare): ${(shopFigures.requestsPerSecond / bareFigures.requestsPerSecond).toFixed(2)}`,
);
