#!/usr/bin/env node
/**
 * `npm run bench:backup`: how long `npm run backup` and `npm run restore` take on PostgreSQL at wholesale scale
 * (docs/operations.md "Backup and restore"):
 *   1. a fresh database on BENCH_PG_URL seeded with `npm run seed -- --parts N` (BENCH_PARTS, default 88,000) and
 *      BENCH_ORDERS (100,000) orders of 1-3 lines (lib/orders.mjs), then VACUUM ANALYZE; BENCH_IMAGES (200)
 *      uploaded images of 50 KB in its DATA_DIR;
 *   2. `npm run backup -- FILE` of it (pg_dump's custom format and the images in one file);
 *   3. `npm run restore -- FILE` into a second, empty database and DATA_DIR; the counts compared with the source;
 *   4. the built server (`node apps/server/dist/main.js`, as the container runs it; `npm run build` first, not
 *      timed) started in production on the restored database until /api/ready (its search index built).
 * Both databases are dropped afterwards unless BENCH_KEEP_DB=1. Prints one markdown table (also written to
 * BENCH_OUT when set). Figures, not pass/fail.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, dropDatabase, seedDatabase, withClient } from './lib/database.mjs';
import { writeBenchOrders } from './lib/orders.mjs';
import { root, shortCommit, waitForOk } from './lib/shop.mjs';

const env = process.env;
const serverUrl = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const partCount = Number(env.BENCH_PARTS ?? 88_000);
const orderCount = Number(env.BENCH_ORDERS ?? 100_000);
const imageCount = Number(env.BENCH_IMAGES ?? 200);
const port = Number(env.BENCH_PORT ?? 3342);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const log = (line) => console.log(line);
const count = (value) => value.toLocaleString('en-US');
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Runs `npm run <script> -- ...args` with `extraEnv`; resolves to its output and wall-clock seconds. */
function runScript(script, args, extraEnv) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(npm, ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { ...env, INIT_CWD: root, LOG_LEVEL: 'warn', ...extraEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`npm run ${script} failed (${code}):\n${output}`));
      resolve({ output: output.trim(), seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** What must be the same in the source and the copy. */
async function sizesOf(databaseUrl) {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query(
      `select (select count(*) from parts)::int as parts, (select count(*) from orders)::int as orders,
              (select count(*) from order_lines)::int as lines,
              (select sum(total_cents) from orders)::text as "totalCents",
              pg_database_size(current_database())::bigint as bytes`,
    ),
  );
  return rows[0];
}

/** `imageCount` files of 50 KB named as the image store names them, in `${dataDir}/uploads`. */
function writeImages(dataDir) {
  mkdirSync(join(dataDir, 'uploads'), { recursive: true });
  for (let index = 0; index < imageCount; index += 1)
    writeFileSync(join(dataDir, 'uploads', `${randomBytes(16).toString('hex')}.jpg`), randomBytes(50 * 1024));
}

log('building the web app and the server (npm run build, not timed)...');
if (spawnSync(npm, ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0)
  throw new Error('npm run build failed');

const work = mkdtempSync(join(tmpdir(), 'partsforge-bench-backup-'));
const sourceDir = join(work, 'source');
const targetDir = join(work, 'target');
const file = join(work, 'shop.pfbackup');
const prefix = `${env.BENCH_DB_PREFIX ?? 'partsforge_bench_backup'}_${process.pid}`;
const sourceUrl = await createDatabase(serverUrl, `${prefix}_source`);
const targetUrl = await createDatabase(serverUrl, `${prefix}_copy`);
let report;
try {
  log(`\n${count(partCount)} parts: seeding database ${prefix}_source...`);
  const seeded = await seedDatabase(sourceUrl, partCount);
  log(`  seed ${seeded.seconds.toFixed(1)} s`);
  await withClient(sourceUrl, async (client) => {
    const written = await writeBenchOrders(client, orderCount);
    log(`  orders written in ${written.ordersSeconds} s, their lines in ${written.linesSeconds} s`);
    await client.query('vacuum analyze');
  });
  writeImages(sourceDir);
  const source = await sizesOf(sourceUrl);
  log(
    `  ${count(source.parts)} parts, ${count(source.orders)} orders, ${count(source.lines)} lines, ` +
      `${count(imageCount)} images; database ${megabytes(Number(source.bytes))}`,
  );

  const shopEnv = { DATABASE_URL: sourceUrl, DATA_DIR: sourceDir };
  const backup = await runScript('backup', [file], shopEnv);
  log(`  ${backup.output}`);
  const restore = await runScript('restore', [file], { DATABASE_URL: targetUrl, DATA_DIR: targetDir });
  log(`  ${restore.output}`);
  const copy = await sizesOf(targetUrl);
  for (const key of ['parts', 'orders', 'lines', 'totalCents'])
    if (copy[key] !== source[key])
      throw new Error(`the copy has ${key} ${copy[key]}, the source ${source[key]}`);
  const started = performance.now();
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: targetUrl,
      DATA_DIR: targetDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
    },
  });
  let readySeconds;
  try {
    await waitForOk(`http://127.0.0.1:${port}/api/ready`);
    readySeconds = (performance.now() - started) / 1000;
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  }
  log(`  the shop on the copy answered /api/ready after ${readySeconds.toFixed(1)} s`);

  const own = (output) => Number(/ in ([\d.]+) s$/.exec(output)?.[1]);
  const heading =
    `${new Date().toISOString().slice(0, 10)}, commit ${shortCommit() || '?'}, \`npm run bench:backup\` on ` +
    `PostgreSQL: ${count(source.parts)} parts, ${count(source.orders)} orders (${count(source.lines)} lines), ` +
    `${count(imageCount)} images of 50 KB; database ${megabytes(Number(source.bytes))}`;
  report = [
    heading,
    '',
    "| step | seconds (the command's own) | seconds (whole `npm run`) | size |",
    '| ---- | --------------------------: | -----------------------: | ---: |',
    `| \`npm run backup -- FILE\` | ${own(backup.output).toFixed(1)} | ${backup.seconds.toFixed(1)} | backup file ${megabytes(statSync(file).size)} |`,
    `| \`npm run restore -- FILE\` (empty database) | ${own(restore.output).toFixed(1)} | ${restore.seconds.toFixed(1)} | database ${megabytes(Number(copy.bytes))} |`,
    `| \`node apps/server/dist/main.js\` on the copy until /api/ready | | ${readySeconds.toFixed(1)} | |`,
  ].join('\n');
} finally {
  if (env.BENCH_KEEP_DB === '1') log(`  kept databases ${sourceUrl} and ${targetUrl}`);
  else {
    await dropDatabase(serverUrl, `${prefix}_source`);
    await dropDatabase(serverUrl, `${prefix}_copy`);
  }
  rmSync(work, { recursive: true, force: true });
}
log(`\n${report}`);
if (env.BENCH_OUT) writeFileSync(env.BENCH_OUT, `${report}\n`);
