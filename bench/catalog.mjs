#!/usr/bin/env node
/**
 * `npm run bench:catalog`: the catalogue's reads at wholesale scale, over HTTP only. For each catalogue size of
 * BENCH_SIZES (default 88000,1000000) on PostgreSQL:
 *   1. a fresh database on BENCH_PG_URL seeded with `npm run seed -- --parts N` (seed time printed; dropped
 *      afterwards unless BENCH_KEEP_DB=1). BENCH_DATABASE_URL instead loads an already seeded database, once;
 *   2. the shop (scripts/start.mjs) with every catalogue cache off; the request universe built from it
 *      (lib/requests.mjs); the mix of every kind, then each kind alone, BENCH_SECONDS (10) each;
 *   3. the shop afresh with its default caches, warmed with the mix for BENCH_WARM_SECONDS (10), then the mix;
 *   4. bare node:http (bare-server.mjs) answering the bytes of a typical parts page.
 * Kind `member` is a signed-in member of a company with terms (a price level with category discounts and 1,000
 * contract prices: lib/member.mjs) asking a slice of the other kinds and searches sorted by price, caches off; it
 * is not in the mixes (they stay the shoppers' traffic, comparable with earlier figures).
 * BENCH_KINDS (e.g. `typo,vehicle list`) runs only those kinds, caches off, and skips the mix, step 3 and step 4.
 * BENCH_CONNECTIONS (8) connections throughout; every response's latency is recorded, so percentiles are
 * exact; RSS is the server's peak resident memory during the run. Prints one markdown table (also written to
 * BENCH_OUT when set) and which uncached kinds miss the target: p97.5 <= 20 ms at 88,000 parts, <= 40 ms at
 * 1,000,000. Figures, not pass/fail.
 */
import { writeFileSync } from 'node:fs';
import { createDatabase, dropDatabase, seedDatabase } from './lib/database.mjs';
import { runLoad } from './lib/load.mjs';
import { checkMember, setUpMember } from './lib/member.mjs';
import { buildUniverse, checkUniverse, memberRequests, traffic } from './lib/requests.mjs';
import { shortCommit, startBare, startShopOnPostgres } from './lib/shop.mjs';
import { figuresTable } from './lib/table.mjs';

const env = process.env;
const sizes = (env.BENCH_SIZES ?? '88000,1000000').split(',').map(Number);
const serverUrl = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(env.BENCH_SECONDS ?? 10);
const warmSeconds = Number(env.BENCH_WARM_SECONDS ?? 10);
const connections = Number(env.BENCH_CONNECTIONS ?? 8);
const port = Number(env.BENCH_PORT ?? 3321);
const zipf = Number(env.BENCH_ZIPF ?? 1);
const universeOptions = {
  samplePages: Number(env.BENCH_SAMPLE_PAGES ?? 200),
  perKind: Number(env.BENCH_KIND_REQUESTS ?? 5000),
};
/** Only these request kinds (BENCH_KINDS, comma-separated; unset: every kind, the mix, caches on, bare). */
const onlyKinds = env.BENCH_KINDS ? env.BENCH_KINDS.split(',').map((kind) => kind.trim()) : undefined;
const CACHES_OFF = { CATALOG_CACHE_TTL_MS: '0', CATALOG_RESULT_CACHE_MB: '0' };
/** Uncached target of every catalogue read: p97.5 in ms by catalogue size. */
const targetMs = (parts) => (parts <= 88_000 ? 20 : 40);

const log = (line) => console.log(line);
const count = (value) => value.toLocaleString('en-US');

/** Starts the shop on `databaseUrl` with `extraEnv`, runs `use(shop)`, stops it. */
async function withShop(databaseUrl, extraEnv, use) {
  const shop = await startShopOnPostgres(port, databaseUrl, extraEnv);
  try {
    return await use(shop);
  } finally {
    await shop.stop();
  }
}

/** Loads `server` with `next()` for `duration` seconds, `headers` on every request. */
const load = (server, next, duration = seconds, headers = undefined) =>
  runLoad({ url: server.url, next, seconds: duration, connections, pid: server.pid, headers });

/** The rows of one catalogue on `databaseUrl` (`parts` as seeded, or undefined: read from the shop). */
async function benchCatalogue(databaseUrl, seededParts) {
  const uncached = [];
  log(`  caches off: building the request universe (up to ${universeOptions.samplePages} pages of 100)...`);
  const sample = await withShop(databaseUrl, CACHES_OFF, async (shop) => {
    const started = performance.now();
    const { total, kinds: shopperKinds, samplePath } = await buildUniverse(shop.url, universeOptions);
    await checkUniverse(shop.url, shopperKinds);
    const categories = await (await fetch(`${shop.url}/api/category?limit=100`)).json();
    const member = await setUpMember(shop.url, databaseUrl, categories);
    await checkMember(shop.url, member.headers);
    const kinds = { ...shopperKinds, member: memberRequests(shopperKinds, universeOptions) };
    const headersOf = { member: member.headers };
    const counts = Object.entries(kinds).map(([kind, paths]) => `${kind} ${count(paths.length)}`);
    log(`  universe in ${((performance.now() - started) / 1000).toFixed(1)} s: ${counts.join(', ')}`);
    if (onlyKinds) {
      const unknown = onlyKinds.filter((kind) => !(kind in kinds));
      if (unknown.length)
        throw new Error(`BENCH_KINDS: no kind ${unknown.join(', ')} (${Object.keys(kinds).join(', ')})`);
      log(`  caches off: ${onlyKinds.join(', ')}, ${seconds} s each`);
    } else {
      log(`  caches off: the mix, then each kind, ${seconds} s each`);
      uncached.push(['mix', await load(shop, traffic(shopperKinds, 1, zipf))]);
    }
    for (const [kind, paths] of Object.entries(kinds))
      if (paths.length && (!onlyKinds || onlyKinds.includes(kind)))
        uncached.push([
          kind,
          await load(shop, traffic({ [kind]: paths }, 2, zipf), seconds, headersOf[kind]),
        ]);
    // The member's token lasts 15 minutes: its answers must still be its own.
    if (kinds.member.length && (!onlyKinds || onlyKinds.includes('member')))
      await checkMember(shop.url, member.headers);
    const response = await fetch(shop.url + samplePath);
    const body = Buffer.from(await response.arrayBuffer());
    return {
      total,
      kinds: shopperKinds,
      samplePath,
      body,
      contentType: response.headers.get('content-type'),
    };
  });
  const parts = seededParts ?? sample.total;
  const uncachedRows = uncached.map(([kind, figures]) => ({
    parts,
    server: 'PartsForge, caches off',
    kind,
    figures,
  }));
  if (onlyKinds) return uncachedRows;
  log(`  caches on: ${warmSeconds} s warm-up, then the mix`);
  const cached = await withShop(databaseUrl, {}, async (shop) => {
    if (warmSeconds > 0) await load(shop, traffic(sample.kinds, 3, zipf), warmSeconds);
    return load(shop, traffic(sample.kinds, 4, zipf));
  });
  log(`  bare node:http: a parts page (${count(sample.body.length)} bytes)`);
  const bare = await startBare(port + 1, sample.body, sample.contentType);
  let bareFigures;
  try {
    await load(bare, () => sample.samplePath, 1);
    bareFigures = await load(bare, () => sample.samplePath);
  } finally {
    await bare.stop();
  }
  return [
    { parts, server: 'bare node:http', kind: 'parts page', figures: bareFigures },
    { parts, server: 'PartsForge, caches on', kind: 'mix', figures: cached },
    ...uncachedRows,
  ];
}

/** Seeds a fresh database of `parts` parts, benches it, drops it (unless BENCH_KEEP_DB=1). */
async function benchSize(parts) {
  const name = `${env.BENCH_DB_PREFIX ?? 'partsforge_bench_catalog'}_${parts}_${process.pid}`;
  const databaseUrl = await createDatabase(serverUrl, name);
  try {
    log(`\n${count(parts)} parts: seeding database ${name}...`);
    const seeded = await seedDatabase(databaseUrl, parts);
    log(
      `  seed ${seeded.seconds.toFixed(1)} s (whole command ${seeded.commandSeconds.toFixed(1)} s), database size ${seeded.size}`,
    );
    return await benchCatalogue(databaseUrl, parts);
  } finally {
    if (env.BENCH_KEEP_DB === '1') log(`  kept database ${databaseUrl}`);
    else await dropDatabase(serverUrl, name);
  }
}

const rows = [];
if (env.BENCH_DATABASE_URL) {
  log(`\nseeded database ${new URL(env.BENCH_DATABASE_URL).pathname.slice(1)} (not seeded, not dropped)`);
  rows.push(...(await benchCatalogue(env.BENCH_DATABASE_URL)));
} else for (const parts of sizes) rows.push(...(await benchSize(parts)));

const commit = shortCommit();
const heading =
  `${new Date().toISOString().slice(0, 10)}, commit ${commit || '?'}, \`npm run bench:catalog\` on PostgreSQL: ` +
  `${connections} connections, ${seconds} s per run (caches on: after ${warmSeconds} s of the mix), ` +
  `latencies of every response, RSS the server's peak`;
const misses = [...new Set(rows.map((row) => row.parts))].map((parts) => {
  const over = rows.filter(
    (row) =>
      row.parts === parts &&
      row.server === 'PartsForge, caches off' &&
      !(row.figures.p97_5 <= targetMs(parts) && row.figures.errors === 0),
  );
  return `${count(parts)} parts, uncached p97.5 <= ${targetMs(parts)} ms: ${over.length ? `missed by ${over.map((row) => row.kind).join(', ')}` : 'met by every kind'}`;
});
const report = [heading, '', figuresTable(rows), '', ...misses].join('\n');
log(`\n${report}`);
if (env.BENCH_OUT) writeFileSync(env.BENCH_OUT, `${report}\n`);
