/**
 * Helpers shared by the benchmarks: start the shop as `npm start` does on a throw-away database, wait until
 * it is ready, and stop it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Polls `url` until it answers 200 or `timeoutMs` passes (then throws). */
export async function waitForOk(url, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become ready in ${timeoutMs} ms`);
}

/**
 * Starts the shop on 127.0.0.1:`port` with a fresh PGlite data directory (or `DATABASE_URL` when set) and
 * resolves to `{ url, stop }` once `/api/ready` answers.
 */
export async function startShop(port, extraEnv = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'partsforge-bench-'));
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(`${url}/api/ready`);
  return {
    url,
    async stop() {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
