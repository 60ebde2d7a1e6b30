#!/usr/bin/env node
/**
 * Adds up the JSON reports of Vitest and Playwright in a folder and prints the CI's closing line
 * `tests: N passed, N failed`. A missing report counts as one failure, so a step that crashed cannot pass.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'reports/ci';
const reports = [
  ['unit.json', 'vitest'],
  ['postgres.json', 'vitest'],
  ['e2e.json', 'playwright'],
];
let passed = 0;
let failed = 0;
for (const [file, kind] of reports) {
  const path = join(dir, file);
  if (!existsSync(path)) {
    console.log(`${file}: missing (counted as 1 failed)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  let p = 0;
  let f = 0;
  if (kind === 'vitest') {
    p = report.numPassedTests ?? 0;
    f = report.numFailedTests ?? 0;
    // A suite that failed to load fails the run without any failed test: count it.
    if (report.success === false && f === 0) f = Math.max(1, report.numFailedTestSuites ?? 0);
  } else {
    p = (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    f = (report.stats?.unexpected ?? 0) + (report.errors?.length ?? 0);
  }
  console.log(`${file}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
