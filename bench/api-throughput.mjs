#!/usr/bin/env node
/**
 * Benchmark of the catalogue hot path (docs/decisions/006-hot-path-headers-and-logging.md): throughput and latency of `GET /api/parts?limit=6` on the real shop vs a bare node:http
 * server returning the same bytes, same machine, one after the other (autocannon, 64 connections, 10 s each;
 * BENCH_CONNECTIONS and BENCH_SECONDS override). Prints both results and the ratio (target >= 0.5, p99 <= 10 ms).
 */
import { runLoad } from './lib/load.mjs';
import { startBare, startShop } from './lib/shop.mjs';
import { CATALOGUE_LABELS, figuresTable } from './lib/table.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const path = '/api/parts?limit=6';

/** Loads `server` with `path`: a 2 s warm-up, then the measured run. */
async function measure(server) {
  const options = { url: server.url, next: () => path, connections, pid: server.pid };
  await runLoad({ ...options, seconds: 2 });
  return runLoad({ ...options, seconds });
}

const shop = await startShop(3301);
let shopFigures;
let body;
let contentType;
try {
  const response = await fetch(shop.url + path);
  body = Buffer.from(await response.arrayBuffer());
  contentType = response.headers.get('content-type');
  shopFigures = await measure(shop);
} finally {
  await shop.stop();
}

const bare = await startBare(3302, body, contentType);
let bareFigures;
try {
  bareFigures = await measure(bare);
} finally {
  await bare.stop();
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `\nGET ${path} (${body.length} bytes), ${connections} connections, ${seconds} s, database ${database}\n`,
);
console.log(
  figuresTable(
    [
      { server: 'PartsForge API', kind: path, figures: shopFigures },
      { server: 'bare node:http, same bytes', kind: path, figures: bareFigures },
    ],
    CATALOGUE_LABELS.slice(1),
  ),
);
console.log(
  `\nratio (API / bare): ${(shopFigures.requestsPerSecond / bareFigures.requestsPerSecond).toFixed(2)}`,
);
const ratio = shopFigures.requestsPerSecond / bareFigures.requestsPerSecond;
console.log(
  `BENCH_RESULT ${JSON.stringify([
    {
      bench: 'api',
      measure: 'parts page req/s, API over bare node:http',
      value: Number(ratio.toFixed(2)),
      target: 0.5,
      atLeast: true,
    },
  ])}`,
);
