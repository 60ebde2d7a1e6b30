#!/usr/bin/env node
/**
 * `npm run bench:csv`: the catalogue in bulk (docs/requirements.md §13 "Catalogue in bulk") at wholesale scale, over
 * HTTP only, on PostgreSQL:
 *   1. a fresh database on BENCH_PG_URL seeded with `npm run seed -- --parts N` (BENCH_PARTS, default 88,000, with
 *      about 500,000 application rows; dropped afterwards unless BENCH_KEEP_DB=1);
 *   2. the shop (scripts/start.mjs), one customer signed up through the API and made an admin in the database;
 *   3. `GET /api/admin/parts.csv` BENCH_EXPORTS (2) times without compression and once with gzip, each timed to its
 *      last byte; the server's RSS before and its peak during each;
 *   4. the export changed as an admin would change it in a spreadsheet: every BENCH_CHANGE_EVERY-th (10th) part's price
 *      up $1.00 and its stock up 5, then `POST /api/admin/parts/import` of that file: a dry run, the import itself,
 *      and the same file again (every row unchanged now), each timed, with the server's RSS before and at its peak.
 * Targets (docs/requirements.md §13): the export of 88,000 parts in under 5 s, their import in under 60 s. Prints one
 * markdown table (also written to BENCH_OUT when set). Figures, not pass/fail.
 */
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { adminToken } from './lib/customers.mjs';
import { createDatabase, dropDatabase, seedDatabase, withClient } from './lib/database.mjs';
import { sampleRss, shortCommit, startShopOnPostgres, treeRssMb } from './lib/shop.mjs';

const env = process.env;
const serverUrl = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const partCount = Number(env.BENCH_PARTS ?? 88_000);
const exportRuns = Number(env.BENCH_EXPORTS ?? 2);
const changeEvery = Number(env.BENCH_CHANGE_EVERY ?? 10);
const port = Number(env.BENCH_PORT ?? 3351);

const log = (line) => console.log(line);
const count = (value) => value.toLocaleString('en-US');
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/**
 * GETs `url` with `headers` and reads the whole body, timed to its last byte; resolves to `{ status, encoding,
 * bytes, body, seconds }` (`body`, a Buffer, only with `keep`: the timed runs only count the bytes).
 */
function getAll(url, headers, { keep = false } = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks = [];
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
        if (keep || response.statusCode !== 200) chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          encoding: response.headers['content-encoding'] ?? 'identity',
          bytes,
          body: Buffer.concat(chunks),
          seconds: (performance.now() - started) / 1000,
        }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Runs `what()` while sampling the server's resident memory; resolves to `[result, { before, peak }]` (MB): the RSS
 * when it started and the peak while it ran.
 */
async function withRss(shop, what) {
  const before = treeRssMb(shop.pid);
  const sampler = sampleRss(shop.pid, 100);
  try {
    const result = await what();
    return [result, { before, peak: sampler.stop() }];
  } catch (error) {
    sampler.stop();
    throw error;
  }
}

/**
 * The export with every `changeEvery`-th part's price up $1.00 and stock up 5: reads the CSV's rows just enough
 * to find the price and available cells (quoted cells may hold commas and line breaks). Returns the new text.
 */
function changedExport(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '""';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  const header = rows[0];
  const price = header.indexOf('price');
  const available = header.indexOf('available');
  const quote = (value) => (/[",\r\n]/.test(value) || /^ | $/.test(value) ? `"${value}"` : value);
  return (
    rows
      .map((cells, index) => {
        if (index > 0 && index % changeEvery === 0) {
          cells[price] = (Number(cells[price]) + 1).toFixed(2);
          cells[available] = String(Number(cells[available]) + 5);
        }
        // `""` stayed doubled inside the cells read above, so quoting them again is exact.
        return cells.map(quote).join(',');
      })
      .join('\r\n') + '\r\n'
  );
}

/** POSTs `csv` as the multipart field `file` to the import; resolves to `{ status, report, seconds }`. */
async function importFile(shop, headers, csv, dryRun) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'parts.csv');
  const started = performance.now();
  const response = await fetch(`${shop.url}/api/admin/parts/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers,
    body: form,
  });
  const report = await response.json();
  return { status: response.status, report, seconds: (performance.now() - started) / 1000 };
}

const name = `${env.BENCH_DB_PREFIX ?? 'partsforge_bench_csv'}_${process.pid}`;
const databaseUrl = await createDatabase(serverUrl, name);
const rows = [];
try {
  log(`\n${count(partCount)} parts: seeding database ${name}...`);
  const seeded = await seedDatabase(databaseUrl, partCount);
  log(`  seed ${seeded.seconds.toFixed(1)} s, database size ${seeded.size}`);
  const fitmentRows = await withClient(databaseUrl, async (client) =>
    Number((await client.query('select count(*) from part_fitments')).rows[0].count),
  );
  const shop = await startShopOnPostgres(port, databaseUrl);
  try {
    const headers = { authorization: `Bearer ${await adminToken(shop.url, databaseUrl)}` };
    const exports = [
      ...Array.from({ length: exportRuns }, () => ({ 'accept-encoding': 'identity' })),
      { 'accept-encoding': 'gzip' },
    ];
    const exportRows = [];
    for (const [index, encoding] of exports.entries()) {
      const [result, rss] = await withRss(shop, () =>
        getAll(`${shop.url}/api/admin/parts.csv`, { ...headers, ...encoding }),
      );
      if (result.status !== 200) throw new Error(`export: ${result.status} ${result.body.toString()}`);
      log(
        `  export ${index + 1} (${result.encoding}): ${result.seconds.toFixed(2)} s, ${mb(result.bytes)} MB`,
      );
      exportRows.push({
        step: `export (${result.encoding === 'identity' ? 'uncompressed' : result.encoding})`,
        seconds: result.seconds,
        size: `${mb(result.bytes)} MB`,
        rss,
      });
    }
    // The file the imports start from (not timed).
    const text = (
      await getAll(
        `${shop.url}/api/admin/parts.csv`,
        { ...headers, 'accept-encoding': 'identity' },
        { keep: true },
      )
    ).body.toString('utf8');
    const lines = text.split('\r\n').length - 2;
    rows.push(...exportRows.map((row) => ({ ...row, result: `${count(lines)} parts` })));
    const changed = changedExport(text.replace(/^\uFEFF/, ''));
    const size = `${mb(Buffer.byteLength(changed))} MB`;
    for (const [step, dryRun] of [
      ['import, dry run', true],
      ['import', false],
      ['import again (unchanged)', false],
    ]) {
      const [result, rss] = await withRss(shop, () => importFile(shop, headers, changed, dryRun));
      const { created, updated, unchanged, errors } = result.report;
      const summary =
        result.status === 200
          ? `${count(created)} created, ${count(updated)} updated, ${count(unchanged)} unchanged`
          : `${result.status}: ${JSON.stringify(result.report).slice(0, 300)}`;
      log(
        `  ${step}: ${result.seconds.toFixed(2)} s, ${summary}${errors?.length ? `, ${errors.length} errors` : ''}`,
      );
      rows.push({ step, seconds: result.seconds, size, rss, result: summary });
    }
    rows.forEach((row) => (row.fitment = fitmentRows));
  } finally {
    await shop.stop();
  }
} finally {
  if (env.BENCH_KEEP_DB === '1') log(`  kept database ${databaseUrl}`);
  else await dropDatabase(serverUrl, name);
}

const commit = shortCommit();
const heading =
  `${new Date().toISOString().slice(0, 10)}, commit ${commit || '?'}, \`npm run bench:csv\` on PostgreSQL: ` +
  `${count(partCount)} parts, ${count(rows[0]?.fitment ?? 0)} application rows; every ${changeEvery}th part's ` +
  `price and stock changed for the imports; RSS the server's, before each step and at its peak`;
const table = [
  '| step | seconds | file | RSS before MB | peak RSS MB | result |',
  '| ---- | ------: | ---: | ------------: | ----------: | ------ |',
  ...rows.map(
    (row) =>
      `| ${row.step} | ${row.seconds.toFixed(2)} | ${row.size} | ${Math.round(row.rss.before)} | ` +
      `${Math.round(row.rss.peak)} | ${row.result} |`,
  ),
].join('\n');
const report = [heading, '', table].join('\n');
log(`\n${report}`);
if (env.BENCH_OUT) writeFileSync(env.BENCH_OUT, `${report}\n`);
