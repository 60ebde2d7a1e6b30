#!/usr/bin/env node
/**
 * Benchmark of the catalogue search (docs/decisions/005-catalogue-search.md, 010): the parts catalogue at wholesale scale. For each database (PGlite in a fresh data
 * directory, PostgreSQL in a fresh database on 127.0.0.1:5432 that is dropped afterwards) it:
 *   1. seeds BENCH_PARTS parts (default 88,000) with `npm run seed -- --parts N`, printing its time and size;
 *   2. builds a universe of distinct requests from the seeded catalogue (text searches, part numbers in odd
 *      spellings, typos, category x make filters with sorts and first pages, deep pages of every order:
 *      about 25,000 requests) and draws traffic from it as shoppers do: each kind in equal share, and within a
 *      kind Zipf popularity (BENCH_ZIPF, default 1), so a few requests are frequent and most are rare;
 *   3. starts the built shop (scripts/start.mjs) with every catalogue cache off (each request matches, ranks
 *      and pages in the database) and runs the mix for BENCH_SECONDS (10) with BENCH_CONNECTIONS (32)
 *      connections, then each kind alone (BENCH_KIND_SECONDS, 5);
 *   4. starts it afresh with the default caches (docs/decisions/010-catalogue-result-lists.md) and runs the mix
 *      from that cold start, then again after BENCH_WARM_UP_SECONDS (30) more of traffic, then each kind alone.
 * Each row also prints its "first asks": the share of its requests that no earlier request of the run had
 * made, which no cache can answer. Latencies are recorded per response, so p95 is exact.
 * BENCH_DATABASES=pglite or =postgres runs one; BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * is the server used to create and drop the benchmark database; BENCH_URL=http://... loads a running shop as
 * it is configured instead. BENCH_VERBOSE=1 prints sampled requests' first times. Figures, not pass/fail.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
// Run under tsx (package.json): the catalogue generator's seeded PRNG, so every run draws the same traffic.
import { createRandom as random } from '../apps/server/src/db/catalog-generator.ts';
import { root, startShop } from './lib.mjs';

const partCount = Number(process.env.BENCH_PARTS ?? 88_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const kindDuration = Number(process.env.BENCH_KIND_SECONDS ?? 5);
const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 30);
/** Parts read from the seeded catalogue to build the request universe from. */
const SAMPLE_PARTS = Number(process.env.BENCH_SAMPLE_PARTS ?? 2000);
/** Popularity skew of requests within a kind (1: the classic Zipf law of search queries). */
const ZIPF_EXPONENT = Number(process.env.BENCH_ZIPF ?? 1);
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

/** One misspelling of `word`: a letter dropped, doubled or replaced by its neighbour on the keyboard row. */
function misspell(word, rand) {
  const at = 1 + Math.floor(rand() * (word.length - 2));
  const rows = 'qwertyuiopasdfghjklzxcvbnm';
  switch (Math.floor(rand() * 3)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    default: {
      const index = rows.indexOf(word[at]);
      const neighbour = index < 0 ? 'e' : rows[(index + 1) % rows.length];
      return word.slice(0, at) + neighbour + word.slice(at + 1);
    }
  }
}

/**
 * The traffic's universe, by kind, built from the seeded catalogue itself (SAMPLE_PARTS parts read across it):
 * text searches a buyer would type (part type, with make, model, years, in several word orders and cases),
 * part numbers in three spellings, misspelt searches, every category x make filter with every sort over the
 * first pages, and deep pages of every order. Each kind is shuffled, so its most popular requests (Zipf, below)
 * are an arbitrary selection.
 */
async function requestUniverse(base) {
  const rand = random(6);
  const categories = await get(`${base}/api/category?limit=100`);
  const makes = await get(`${base}/api/make?limit=100`);
  const total = Number((await fetch(`${base}/api/parts?limit=1`)).headers.get('x-total-count'));
  const sample = [];
  for (let page = 0; page < SAMPLE_PARTS / 100; page += 1) {
    const offset = Math.floor((page / (SAMPLE_PARTS / 100)) * Math.max(0, total - 100));
    sample.push(...(await get(`${base}/api/parts?limit=100&offset=${offset}`)));
  }
  const q = (text, extra = '') => `/api/parts?q=${encodeURIComponent(text)}${extra}`;
  const text = new Set();
  const typo = new Set();
  const partNumber = new Set();
  for (const part of sample) {
    // "Rear Brake Caliper, Right — Mercedes-Benz E-Class 2003-2005": type, then make, model and years.
    const [typePart, vehiclePart = ''] = part.name.split(' — ');
    const type = typePart.replace(/,.*$/, '').split(' ');
    const core = type.slice(-2).join(' ');
    const make = makes.find((item) => vehiclePart.startsWith(item.name))?.name ?? '';
    const model = vehiclePart
      .slice(make.length)
      .replace(/\d{4}-\d{4}$/, '')
      .trim();
    const years = /(\d{4})-\d{4}$/.exec(vehiclePart)?.[1] ?? '';
    const searches = [
      core,
      type.join(' '),
      `${core} ${make}`,
      `${make} ${model} ${core}`.toLowerCase(),
      `${core} ${model}`,
      `${model} ${years} ${core}`.toUpperCase(),
    ];
    for (const search of searches) text.add(q(search.trim()));
    const words = `${core} ${model}`.split(' ');
    const long = words.filter((word) => /^[A-Za-z]{5,}$/.test(word));
    if (long.length) {
      const word = long[Math.floor(rand() * long.length)];
      typo.add(q(words.map((w) => (w === word ? misspell(w.toLowerCase(), rand) : w)).join(' ')));
    }
    partNumber.add(q(part.sku.toLowerCase().replaceAll('-', ' ')));
    partNumber.add(q(part.sku.replaceAll('-', '')));
    partNumber.add(q(` ${part.sku.slice(0, -2)} `));
  }
  const sorts = ['relevance', 'price-asc', 'price-desc', 'name-asc', 'name-desc'];
  const filter = [];
  for (const category of [undefined, ...categories])
    for (const make of [undefined, ...makes])
      for (const sort of sorts)
        for (const page of [0, 1, 2]) {
          if (!category && !make) continue;
          const params = new URLSearchParams();
          if (category) params.set('category', category._id);
          if (make) params.set('make', make._id);
          if (sort !== 'relevance') params.set('sort', sort);
          if (page) params.set('offset', String(page * 12));
          filter.push(`/api/parts?${params}`);
        }
  const deepPage = [];
  for (let index = 0; index < 5000; index += 1) {
    const sort = sorts[index % sorts.length];
    const offset = 12 * Math.floor(rand() * Math.floor((total - 12) / 12));
    deepPage.push(`/api/parts?offset=${offset}${sort === 'relevance' ? '' : `&sort=${sort}`}`);
  }
  const shuffled = (list) => {
    const copy = [...list];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = Math.floor(rand() * (index + 1));
      [copy[index], copy[other]] = [copy[other], copy[index]];
    }
    return copy;
  };
  return {
    text: shuffled(text),
    partNumber: shuffled(partNumber),
    typo: shuffled(typo),
    filter: shuffled(filter),
    deepPage: shuffled(deepPage),
  };
}

/**
 * Requests a sample of URLs once each: a URL that does not answer 200 is a broken universe, not a figure, so
 * it stops the run. With BENCH_VERBOSE=1 prints each sampled URL's time alone (a first, uncached request).
 */
async function checkUniverse(base, kinds) {
  for (const [kind, paths] of Object.entries(kinds)) {
    for (const path of paths.slice(-8)) {
      const started = performance.now();
      const response = await fetch(base + path);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      if (process.env.BENCH_VERBOSE)
        console.log(
          `  ${kind.padEnd(10)} ${(performance.now() - started).toFixed(1).padStart(7)} ms  ${decodeURIComponent(path)}`,
        );
    }
  }
}

/**
 * Draws requests as shoppers do: a kind in equal share, then a request of that kind with Zipf popularity
 * (the k-th most popular is asked 1/k^ZIPF_EXPONENT as often as the first), as search logs show. Returns
 * `next()` and the count of requests per distinct path, so a run can tell how many requests were first asks.
 */
function traffic(kinds, seed) {
  const rand = random(seed);
  const lists = Object.values(kinds);
  const cumulative = lists.map((list) => {
    const weights = list.map((_, rank) => 1 / (rank + 1) ** ZIPF_EXPONENT);
    let sum = 0;
    return weights.map((weight) => (sum += weight));
  });
  return () => {
    const kind = Math.floor(rand() * lists.length);
    const sums = cumulative[kind];
    const target = rand() * sums[sums.length - 1];
    let low = 0;
    let high = sums.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sums[middle] < target) low = middle + 1;
      else high = middle;
    }
    return lists[kind][low];
  };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * autocannon for `seconds`, each request's path from `next()`; latencies recorded per response. `seen` (a
 * Set shared across runs on one shop) tells which paths were asked before: `firstAsks` is the share of this
 * run's requests that no earlier request had asked, which no cache can answer.
 */
async function load(base, next, seconds, seen = new Set()) {
  const latencies = [];
  let requests = 0;
  let firstAsks = 0;
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const path = next();
          requests += 1;
          if (!seen.has(path)) {
            seen.add(path);
            firstAsks += 1;
          }
          return { ...request, path };
        },
      },
    ],
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
    firstAsks: requests ? firstAsks / requests : 0,
  };
}

const row = (label, f) =>
  `  ${label.padEnd(34)} ${f.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   first asks ${(100 * f.firstAsks).toFixed(0).padStart(3)}%   errors ${f.errors}`;

/**
 * How the shop is run and loaded: with every cache off (each request does all the work), and as configured by
 * default, measured twice: from a cold start (empty caches), and after BENCH_WARM_UP_SECONDS more of traffic.
 */
const cacheModes = {
  'no caches': { env: { CATALOG_CACHE_TTL_MS: '0', CATALOG_RESULT_CACHE_MB: '0' }, warmUp: false },
  'default caches': { env: {}, warmUp: true },
};

/** The request universe of the shop at `base`, printed and checked (every sampled request answers 200). */
async function universeOf(base) {
  const kinds = await requestUniverse(base);
  const sizes = Object.entries(kinds).map(([kind, list]) => `${kind} ${list.length}`);
  console.log(`  universe: ${sizes.join(', ')} distinct requests`);
  await checkUniverse(base, kinds);
  return kinds;
}

/**
 * Loads `base` with traffic drawn from `kinds`: the mix (from a cold start, then warmed when `warmUp`), then
 * each kind alone.
 */
async function loadShop(base, kinds, mode, warmUp) {
  const seen = new Set();
  const figures = [];
  const mix = await load(base, traffic(kinds, 1), duration, seen);
  if (!warmUp) figures.push([`mix, ${mode}`, mix]);
  else {
    figures.push([`mix, ${mode}, cold start`, mix]);
    await load(base, traffic(kinds, 2), warmUpSeconds, seen);
    figures.push([`mix, ${mode}, +${warmUpSeconds} s`, await load(base, traffic(kinds, 3), duration, seen)]);
  }
  if (kindDuration > 0) {
    for (const [name, paths] of Object.entries(kinds))
      figures.push([`  ${name} only`, await load(base, traffic({ [name]: paths }, 4), kindDuration, seen)]);
  }
  return figures;
}

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
    let kinds;
    // The universe is built on the first shop (no caches), so the shop with caches starts truly cold.
    for (const [mode, { env: cacheEnv, warmUp }] of Object.entries(cacheModes)) {
      const shop = await startShop(port, { ...env, SEED_DEMO: 'false', ...cacheEnv });
      try {
        kinds ??= await universeOf(shop.url);
        figures.push(...(await loadShop(shop.url, kinds, mode, warmUp)));
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
  // A shop that is already running (e.g. to try a change): load it as it is configured, nothing else.
  const kinds = await universeOf(process.env.BENCH_URL);
  for (const [label, f] of await loadShop(process.env.BENCH_URL, kinds, 'running shop', true))
    console.log(row(label, f));
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
