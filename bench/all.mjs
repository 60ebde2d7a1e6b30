#!/usr/bin/env node
/**
 * `npm run bench`: every benchmark for a few seconds each, then one table of their figures against the targets of
 * bench/README.md. Each benchmark runs as its own process with short settings (below; a variable already set in the
 * environment wins) and prints its figures as a `BENCH_RESULT <json>` line: `[{ bench, measure, value, target,
 * atLeast }]` (atLeast: the value must be at least the target, else at most). A benchmark that fails or prints no
 * such line is listed as such. `BENCH_ONLY=orders,mail` runs only those. Figures of a short run are noisier than a
 * full run's: the full commands are in bench/README.md.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Each benchmark with the settings of its short run. */
const BENCHES = [
  { name: 'orders', file: 'orders-throughput.mjs', env: { BENCH_SECONDS: '5', BENCH_RUNS: '1' } },
  { name: 'checkout', file: 'checkout.mjs', env: { BENCH_SECONDS: '5' } },
  { name: 'mail', file: 'mail-burst.mjs', env: {} },
  {
    name: 'catalog',
    file: 'catalog.mjs',
    env: { BENCH_SIZES: '88000', BENCH_SECONDS: '3', BENCH_WARM_SECONDS: '3' },
  },
  { name: 'api', file: 'api-throughput.mjs', env: { BENCH_SECONDS: '3' } },
  { name: 'dashboard', file: 'dashboard.mjs', env: { BENCH_SECONDS: '3' } },
  { name: 'csv', file: 'catalog-csv.mjs', env: {} },
  { name: 'web', file: 'web-budget.mjs', env: {} },
];

/** Runs one benchmark, echoing its output; resolves to its result rows (or a row saying why there are none). */
function run({ name, file, env }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(here, file)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...env, ...process.env },
    });
    const rows = [];
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines)
        if (line.startsWith('BENCH_RESULT ')) rows.push(...JSON.parse(line.slice('BENCH_RESULT '.length)));
    });
    child.on('exit', (code) => {
      if (rows.length > 0) resolve(rows);
      else resolve([{ bench: name, measure: code === 0 ? 'no BENCH_RESULT line' : `failed (exit ${code})` }]);
    });
  });
}

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const results = [];
for (const bench of BENCHES.filter(({ name }) => !only || only.includes(name))) {
  console.log(`\n=== bench:${bench.name}`);
  results.push(...(await run(bench)));
}

const met = (row) =>
  row.value === undefined
    ? ''
    : (row.atLeast ? row.value >= row.target : row.value <= row.target)
      ? 'yes'
      : 'NO';
console.log('\n| bench | measure | value | target | met |\n| --- | --- | --: | --: | --- |');
for (const row of results)
  console.log(
    `| ${row.bench} | ${row.measure} | ${row.value ?? ''} | ${
      row.target === undefined ? '' : `${row.atLeast ? '>=' : '<='} ${row.target}`
    } | ${met(row)} |`,
  );
