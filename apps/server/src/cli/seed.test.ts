/** `npm run seed`, run as a user runs it, on an embedded database in a temporary DATA_DIR. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const script = join(dirname(fileURLToPath(import.meta.url)), 'seed.ts');
const tsx = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/cli.mjs');
let dataDir: string;

function runSeed(...args: string[]) {
  const result = spawnSync(process.execPath, [tsx, script, ...args], {
    cwd: dataDir,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      INIT_CWD: dataDir,
      DATABASE_URL: '',
      SEED_PARTS: '',
      NODE_ENV: 'test',
    },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'partsforge-seed-cli-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run seed', () => {
  it('seeds exactly --parts N parts, says how long it took and how big the database is', () => {
    const run = runSeed('--parts', '300');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /Seeded: 300 parts \([1-9]\d* fitment rows\), 10 categories, 16 makes, \d+ reviews in \d+\.\d s/,
    );
    expect(run.stdout).toMatch(/Database size: \d+ MB/);
  });

  it('leaves a catalogue with parts alone, and replaces it with --reset', () => {
    expect(runSeed('--parts=500').stdout).toContain('The catalogue already has parts: nothing seeded');
    const reset = runSeed('--reset', '--parts=500');
    expect(reset.stdout).toContain('Reset: deleted 300 parts, 10 categories, 16 makes');
    expect(reset.stdout).toContain('Seeded: 500 parts');
  });

  it.each([[['--parts', 'many']], [['--parts']], [['--parts=0']], [['--fast']]])('refuses %j', (args) => {
    const run = runSeed(...args);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/--parts needs a whole number of parts >= 1|Unknown argument: --fast/);
    expect(run.stderr).toContain('usage: seed [--reset] [--parts N]');
  });
});
