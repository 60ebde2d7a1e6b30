#!/usr/bin/env node
/**
 * `npm start`: builds whatever is missing or older than its sources (web app, server bundle), then runs the
 * shop (SPA + API) in this process's place on HOST:PORT (default 0.0.0.0:3000) on the embedded database in
 * DATA_DIR (default ./data) unless DATABASE_URL is set. Signals are forwarded so shutdown stays graceful.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest modification time (ms) of any file under the given paths; 0 when none exist. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path))
        if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  paths.forEach(visit);
  return newest;
}

const shared = join(root, 'packages/shared/src');
const targets = [
  {
    name: 'web app',
    workspace: '@partsforge/web',
    output: join(root, 'apps/web/dist/index.html'),
    sources: [
      shared,
      join(root, 'apps/web/src'),
      join(root, 'apps/web/public'),
      join(root, 'apps/web/index.html'),
      join(root, 'apps/web/vite.config.ts'),
    ],
  },
  {
    name: 'server',
    workspace: '@partsforge/server',
    output: join(root, 'apps/server/dist/main.js'),
    sources: [shared, join(root, 'apps/server/src'), join(root, 'apps/server/build.mjs')],
  },
];

for (const target of targets) {
  const built = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
  if (built > 0 && built >= newestMtime(target.sources)) continue;
  console.log(`Building the ${target.name}...`);
  const result = spawnSync(npm, ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building the ${target.name} failed.`);
    process.exit(result.status ?? 1);
  }
}

// PROFILE_DIR: the server writes a V8 CPU profile there when it exits (how docs/decisions/022 found where an
// order's time goes); Node refuses --cpu-prof in NODE_OPTIONS.
const server = spawn(
  process.execPath,
  [
    '--enable-source-maps',
    ...(process.env.PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.PROFILE_DIR] : []),
    join(root, 'apps/server/dist/main.js'),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
