#!/usr/bin/env node
/**
 * `npm run dev`: the API with reload on change (tsx watch, port SERVER_PORT or 3000) and Vite with hot module
 * replacement (port 5173), which proxies /api to the API. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverPort = process.env.SERVER_PORT ?? '3000';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@partsforge/server'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: serverPort,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.DATA_DIR ?? join(root, 'data'),
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@partsforge/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SERVER_PORT: serverPort },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
