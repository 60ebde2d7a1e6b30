/**
 * Start and stop the shop as `npm start` does (scripts/start.mjs, building what is missing), also in production on
 * PostgreSQL, and the bare `node:http` baseline; sample a process tree's resident memory; name the commit a report
 * measured. Talks to the servers over HTTP only.
 */
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

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

/** Waits for `child` to exit after sending it SIGTERM. */
function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * Starts the shop on 127.0.0.1:`port` with a fresh PGlite data directory (or `DATABASE_URL` when set) and
 * resolves to `{ url, pid, dataDir, stop, crash }` once `/api/ready` answers. `pid` is scripts/start.mjs's; the server
 * is its child (see `treeRssMb`). `crash()` kills the server with SIGKILL, as a machine failure would.
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
  try {
    await waitForOk(`${url}/api/ready`);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    url,
    pid: child.pid,
    dataDir,
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
    async crash() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      for (const pid of childrenOf(child.pid)) process.kill(pid, 'SIGKILL');
      await exited;
    },
  };
}

/**
 * Starts bench/bare-server.mjs on 127.0.0.1:`port`, answering every request with `body` and `contentType`;
 * resolves to `{ url, pid, stop }`.
 */
export async function startBare(port, body, contentType) {
  const folder = mkdtempSync(join(tmpdir(), 'partsforge-bare-'));
  const bodyFile = join(folder, 'body');
  writeFileSync(bodyFile, body);
  const child = fork(join(root, 'bench/bare-server.mjs'), {
    env: { ...process.env, PORT: String(port), BODY_FILE: bodyFile, CONTENT_TYPE: contentType ?? '' },
  });
  await new Promise((resolve) => child.once('message', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      await stopChild(child);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Resident memory (VmRSS) of process `pid` in kB; 0 when it is gone or /proc is not there. */
function rssKb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The children of `pid`, from /proc (Linux). */
function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Every descendant of `pid`, from /proc (Linux). */
function descendantsOf(pid) {
  const descendants = [];
  for (let queue = childrenOf(pid); queue.length;) {
    const next = queue.shift();
    descendants.push(next);
    queue.push(...childrenOf(next));
  }
  return descendants;
}

/**
 * Resident memory in MB of the server under `pid`: the sum over its descendants (scripts/start.mjs runs the
 * server as its child), or of `pid` itself when it has none (the bare server).
 */
export function treeRssMb(pid) {
  const descendants = descendantsOf(pid);
  const pids = descendants.length ? descendants : [pid];
  return pids.reduce((sum, each) => sum + rssKb(each), 0) / 1024;
}

/** Samples `treeRssMb(pid)` every `intervalMs`; `stop()` returns the peak in MB. */
export function sampleRss(pid, intervalMs = 200) {
  let peak = treeRssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRssMb(pid))), intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRssMb(pid));
    },
  };
}

/** CPU seconds (user and system) process `pid` has used; 0 when it is gone or /proc is not there. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Every process named `postgres` (the server's backends and its own processes), from /proc (Linux). */
function postgresPids() {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/**
 * Starts counting the CPU time of the shop under `pid` (the process and its descendants) and of every process named
 * `postgres` on this machine; `stop()` returns both in seconds since the start. So PostgreSQL's figure is the
 * bench's own only on an otherwise idle machine with the server on it (a remote server reads as 0), and a backend
 * that ends in between takes its time with it: exact while the load's connections stay open (the shop's pool).
 */
export function measureCpu(pid) {
  const shopPids = () => [pid, ...descendantsOf(pid)];
  const startShopCpu = new Map(shopPids().map((each) => [each, cpuSeconds(each)]));
  const startPg = new Map(postgresPids().map((each) => [each, cpuSeconds(each)]));
  const since = (start, pids) =>
    pids.reduce((total, each) => total + cpuSeconds(each) - (start.get(each) ?? 0), 0);
  return {
    stop() {
      return {
        shopSeconds: since(startShopCpu, shopPids()),
        postgresSeconds: since(startPg, postgresPids()),
      };
    },
  };
}

/**
 * `startShop` in production on the PostgreSQL database `databaseUrl` (a fresh auth secret, the payment sandbox
 * opted in, no demo data, no per-user write limits, warnings only), with `extraEnv` on top.
 */
export function startShopOnPostgres(port, databaseUrl, extraEnv = {}) {
  return startShop(port, {
    DATABASE_URL: databaseUrl,
    // Production on PostgreSQL wants a shared secret and, with the payment sandbox, an explicit opt-in.
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    SEED_DEMO: 'false',
    WRITE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
}

/** The checkout's short commit hash for a report's heading ('' when git does not answer). */
export function shortCommit() {
  return spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
}
