/**
 * Test helpers that run the built server as operators do (`node apps/server/dist/main.js`, the production start of
 * docs/operations.md): the bundle built when missing or older than the sources, a free port, a started process with
 * its output kept, and waits for its probes.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { serverPackageRoot } from '../lib/package-root.js';

/** The bundle `npm start` and the container run. */
export const SERVER_ENTRY = join(serverPackageRoot(), 'dist', 'main.js');

function newestSourceMs(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMs(path));
    else if (/\.(ts|json)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const mtimeOf = (path: string) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

function isStale(): boolean {
  const root = serverPackageRoot();
  const sources = Math.max(
    newestSourceMs(join(root, 'src')),
    newestSourceMs(join(root, '../../packages/shared/src')),
  );
  return mtimeOf(SERVER_ENTRY) < sources;
}

/**
 * Builds the server bundle (`npm run build -w @partsforge/server`) when it is missing or older than a source file,
 * one test process at a time (a lock folder in the temp directory). CI builds it first, so this is a no-op there.
 */
export async function ensureServerBuilt(): Promise<void> {
  if (!isStale()) return;
  const lock = join(tmpdir(), 'partsforge-server-build.lock');
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (waited > 120_000) throw new Error(`another build holds ${lock}; remove it if no build runs`);
      await sleep(200);
    }
  }
  try {
    if (isStale())
      await promisify(execFile)(process.execPath, [join(serverPackageRoot(), 'build.mjs')], {
        cwd: serverPackageRoot(),
      });
  } finally {
    rmdirSync(lock);
  }
}

/** A TCP port nothing listens on right now (the OS's pick). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A started server process. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Sends `signal` (default SIGTERM) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `node dist/main.js` with `env` on top of a minimal environment (PATH only) on HOST 127.0.0.1 and `port`. */
export function startServer(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    cwd: tmpdir(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    port,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Polls `http://127.0.0.1:<port>/readyz` until it answers 200; throws with the process's output when it exits
 * or `timeoutMs` passes.
 */
export async function waitForReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`server on ${server.port} exited (${exitCode}) before ready:\n${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/readyz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`server on ${server.port} not ready within ${timeoutMs} ms:\n${server.output()}`);
}
