/**
 * A real Prometheus scrapes the shop (docs/operations.md "Metrics and logs"): Debian's `prometheus` and `promtool`
 * (.ci/run installs them). `promtool check metrics` accepts the exposition; a Prometheus listening on 127.0.0.1 only,
 * configured with the METRICS_PORT listener and the bearer token, scrapes it, and its HTTP API answers `up == 1` and a
 * shop metric. Skipped where Prometheus is not installed, except in CI.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { catalogFixture } from '../../test/catalog-fixture.js';

const TOKEN = 'prometheus-scrape-token-0123456789';
const installed = spawnSync('prometheus', ['--version']).status === 0;
if (!installed && process.env.CI) throw new Error('prometheus is not installed (apt-get install prometheus)');

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One instant query against Prometheus's HTTP API: the result's samples as [labels, value]. */
async function query(base: string, promql: string): Promise<[Record<string, string>, number][]> {
  const response = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await response.json()) as {
    data?: { result: { metric: Record<string, string>; value: [number, string] }[] };
  };
  return (body.data?.result ?? []).map(({ metric, value }) => [metric, Number(value[1])]);
}

describe.skipIf(!installed)('Prometheus scraping the shop', () => {
  let t: TestApp;
  let prometheus: ChildProcess | undefined;
  let workDir: string;
  let base: string;
  let output = '';

  beforeAll(async () => {
    t = await buildTestApp({ seed: catalogFixture, config: { metrics: { token: TOKEN, port: 0 } } });
    await t.app.ready();
    await t.app.inject({ url: '/api/parts?limit=6' });
    workDir = mkdtempSync(join(tmpdir(), 'partsforge-prometheus-'));
    const target = `${t.app.metricsAddress!.host}:${t.app.metricsAddress!.port}`;
    writeFileSync(
      join(workDir, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        '  scrape_timeout: 1s',
        'scrape_configs:',
        '  - job_name: partsforge',
        '    authorization:',
        '      type: Bearer',
        `      credentials: ${TOKEN}`,
        '    static_configs:',
        `      - targets: ['${target}']`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${join(workDir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(workDir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    prometheus.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  }, 60_000);

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    if (workDir) rmSync(workDir, { recursive: true, force: true });
    await t?.close();
  });

  it('writes an exposition promtool accepts', async () => {
    const { host, port } = t.app.metricsAddress!;
    const response = await fetch(`http://${host}:${port}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const text = await response.text();
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect({ status: checked.status, problems: `${checked.stdout}${checked.stderr}` }).toEqual({
      status: 0,
      problems: '',
    });
  });

  it('is scraped with the token: up == 1 and the shop metrics are queryable', async () => {
    const deadline = Date.now() + 45_000;
    let up: [Record<string, string>, number][] = [];
    let requests: [Record<string, string>, number][] = [];
    while (Date.now() < deadline) {
      try {
        up = await query(base, 'up{job="partsforge"} == 1');
        requests = await query(
          base,
          'partsforge_http_request_duration_seconds_count{route="/api/parts",method="GET",status="200"}',
        );
        if (up.length > 0 && requests.length > 0) break;
      } catch {
        // Prometheus is still starting.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(up, output).toHaveLength(1);
    expect(requests[0]?.[1]).toBeGreaterThanOrEqual(1);
    const queue = await query(base, 'partsforge_job_queue_depth{queue="mail"}');
    expect(queue).toHaveLength(1);
  }, 60_000);
});
