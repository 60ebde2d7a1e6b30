#!/usr/bin/env node
/**
 * Issue 6 benchmark: the parts catalogue at wholesale scale. For each database (PGlite in a fresh data
 * directory, PostgreSQL in a fresh database on 127.0.0.1:5432 that is dropped afterwards) it:
 *   1. seeds BENCH_PARTS parts (default 88,000) with `npm run seed -- --parts N`, printing its time and size;
 *   2. starts the built shop (scripts/start.mjs) with the catalogue cache off (CATALOG_CACHE_TTL_MS=0), so
 *      every request reaches the database, and runs autocannon with BENCH_CONNECTIONS (32) connections for
 *      BENCH_SECONDS (10) over a mix of requests: text searches, part numbers with odd spacing, typos,
 *      category/make filters with sorts, and deep pages; then each kind of request alone (BENCH_KIND_SECONDS);
 *   3. restarts the shop with the cache on (the default 2 s TTL) and runs the mix again.
 * Latencies are recorded per response, so p95 is exact (autocannon itself reports p97.5 and p99).
 * BENCH_DATABASES=pglite or =postgres runs one; BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * is the server used to create and drop the benchmark database. Figures, not pass/fail; see bench/README.md.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { root, startShop } from './lib.mjs';

const partCount = Number(process.env.BENCH_PARTS ?? 88_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const kindDuration = Number(process.env.BENCH_KIND_SECONDS ?? 5);
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim());
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = 3311;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run seed -- --parts N` with `env`; resolves to the seed's own time and the database size it prints. */
function seed(env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(npm, ['run', '--silent', 'seed', '--', '--parts', String(partCount)], {
      cwd: root,
      env: { ...process.env, ...env, INIT_CWD: root, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`seed failed (${code}):\n${output}`));
      resolve({
        seedSeconds: Number(/ in ([\d.]+) s/.exec(output)?.[1]),
        commandSeconds: (performance.now() - started) / 1000,
        size: /Database size: (.+)/.exec(output)?.[1] ?? '?',
      });
    });
  });
}

const get = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
};

/** The request mix, by kind, from the seeded catalogue's own ids and part numbers. */
async function requestMix(base) {
  const categories = await get(`${base}/api/category`);
  const makes = await get(`${base}/api/make`);
  const byName = (list, name) => list.find((item) => item.name === name)._id;
  const sample = [];
  for (const offset of [3000, 21000, 47000, 66000, 85000])
    sample.push(...(await get(`${base}/api/parts?limit=2&offset=${offset}`)));
  const skus = ['BP-TOY-48210', 'OF-HON-15400', ...sample.map((part) => part.sku)];
  const q = (text, extra = '') => `/api/parts?q=${encodeURIComponent(text)}${extra}`;
  const brakes = byName(categories, 'Brakes');
  const filters = byName(categories, 'Filters');
  const toyota = byName(makes, 'Toyota');
  const ford = byName(makes, 'Ford');
  return {
    text: [
      q('brake pads'),
      q('oil filter'),
      q('spark plug toyota'),
      q('alternator ford f-150'),
      q('cabin air filter camry'),
      q('timing belt kit honda'),
      q('ceramic brake pads camry'),
      q('led headlight bulb'),
      q('water pump'),
      q('catalytic converter jeep wrangler'),
    ],
    partNumber: skus.flatMap((sku) => [
      q(sku.toLowerCase().replaceAll('-', ' ')),
      q(sku.replaceAll('-', '')),
      q(` ${sku.slice(0, -2)} `),
    ]),
    typo: [
      q('alternatr'),
      q('toyta alternatr'),
      q('brake rotr'),
      q('catalytc converter'),
      q('thermostst'),
      q('serpantine belt'),
      q(skus[2].replace(/\d(\d)$/, '$1')),
    ],
    filter: [
      `/api/parts?category=${brakes}`,
      `/api/parts?make=${toyota}&sort=price-asc`,
      `/api/parts?category=${brakes}&make=${toyota}`,
      `/api/parts?category=${filters}&make=${ford}&sort=name-asc`,
      `/api/parts?make=${ford}&sort=price-desc&offset=24`,
      q('brake', `&make=${toyota}&sort=price-desc`),
    ],
    deepPage: [
      '/api/parts?offset=40008',
      '/api/parts?offset=84000',
      '/api/parts?sort=price-asc&offset=50004',
      '/api/parts?sort=name-desc&offset=30000',
      `/api/parts?category=${brakes}&offset=6000`,
      q('filter', '&offset=1200'),
    ],
  };
}

/**
 * Requests every URL once (three times, keeping the median time): a URL that does not answer 200 is a broken
 * mix, not a figure, so it stops the run. With BENCH_VERBOSE=1 prints each URL's time alone.
 */
async function checkMix(base, kinds) {
  for (const [kind, paths] of Object.entries(kinds)) {
    for (const path of paths) {
      const times = [];
      for (let run = 0; run < 3; run += 1) {
        const started = performance.now();
        const response = await fetch(base + path);
        await response.arrayBuffer();
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      }
      times.sort((a, b) => a - b);
      if (process.env.BENCH_VERBOSE)
        console.log(
          `  ${kind.padEnd(10)} ${times[1].toFixed(1).padStart(7)} ms  ${decodeURIComponent(path)}`,
        );
    }
  }
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** autocannon over `paths` (each connection cycles through them); latencies recorded per response. */
async function load(base, paths, seconds) {
  const latencies = [];
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  const statuses = {};
  instance.on('response', (_client, status, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  instance.on('reqError', (error) => {
    statuses[error.message] = (statuses[error.message] ?? 0) + 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  if (process.env.BENCH_VERBOSE) console.log('  responses by status or error:', statuses);
  return {
    requestsPerSecond: result.requests.total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** One cycle of requests with every kind in equal share, interleaved (shorter kinds repeat their URLs). */
const mixOf = (kinds) => {
  const lists = Object.values(kinds);
  const longest = Math.max(...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, index) => lists.map((list) => list[index % list.length])).flat();
};

const row = (label, f) =>
  `  ${label.padEnd(30)} ${f.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   errors ${f.errors}`;

async function benchDatabase(kind) {
  let env;
  let cleanup;
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'partsforge-search-bench-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const name = `partsforge_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Production settings need a shared secret and, with the payment sandbox, an explicit opt-in (no payments here).
    env = {
      DATABASE_URL: url.toString(),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    };
    cleanup = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    };
  }
  try {
    console.log(`\n${kind}: seeding ${partCount.toLocaleString('en-US')} parts...`);
    const seeded = await seed(env);
    console.log(
      `  seed ${seeded.seedSeconds.toFixed(1)} s (whole command ${seeded.commandSeconds.toFixed(1)} s), database size ${seeded.size}`,
    );
    const figures = [];
    for (const cache of ['off', 'on']) {
      const shop = await startShop(port, {
        ...env,
        SEED_DEMO: 'false',
        CATALOG_CACHE_TTL_MS: cache === 'off' ? '0' : '2000',
      });
      try {
        const kinds = await requestMix(shop.url);
        await checkMix(shop.url, kinds);
        const mix = mixOf(kinds);
        await load(shop.url, mix, 3);
        figures.push([
          `mix, cache ${cache} (${new Set(mix).size} URLs)`,
          await load(shop.url, mix, duration),
        ]);
        if (cache === 'off' && kindDuration > 0) {
          for (const [name, paths] of Object.entries(kinds))
            figures.push([`  ${name} only, cache off`, await load(shop.url, paths, kindDuration)]);
        }
      } finally {
        await shop.stop();
      }
    }
    console.log(`${kind}: ${connections} connections`);
    for (const [label, f] of figures) console.log(row(label, f));
    return { kind, seeded, figures };
  } finally {
    await cleanup();
  }
}

if (process.env.BENCH_URL) {
  // A shop that is already running (e.g. to try a change): check and load it, nothing else.
  const kinds = await requestMix(process.env.BENCH_URL);
  await checkMix(process.env.BENCH_URL, kinds);
  console.log(row('mix', await load(process.env.BENCH_URL, mixOf(kinds), duration)));
  process.exit(0);
}

const results = [];
for (const kind of databases) results.push(await benchDatabase(kind));
console.log(
  `\nSummary (${partCount.toLocaleString('en-US')} parts, ${connections} connections, ${duration} s per mix run):`,
);
for (const { kind, seeded, figures } of results) {
  console.log(`${kind}: seed ${seeded.seedSeconds.toFixed(1)} s, size ${seeded.size}`);
  for (const [label, f] of figures) console.log(row(label, f));
}
