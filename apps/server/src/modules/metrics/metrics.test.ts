/**
 * GET /metrics (docs/operations.md "Metrics and logs"): who may scrape it (a 404 unless configured; the bearer token;
 * the METRICS_PORT listener instead of the app's port), and that what the shop does shows in it: requests by route
 * pattern, orders placed, checkouts refused by reason, payments, the mail and hold queues, the search index, the
 * database and Node's process metrics.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { catalogFixture } from '../../test/catalog-fixture.js';
import { insertPart, placeOrderFor, placePaidOrder } from '../../test/orders.js';

const TOKEN = 'test-metrics-token-0123456789';

/** The value of the sample `name{labels}` in exposition `text` (labels in any order), or undefined. */
function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('configuration', () => {
  it('reads METRICS_TOKEN and METRICS_PORT, and refuses a short token or the shop port', () => {
    expect(loadConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' }, '/tmp').metrics).toEqual({
      token: TOKEN,
      port: 9464,
    });
    expect(loadConfig({}, '/tmp').metrics).toEqual({ token: undefined, port: undefined });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, '/tmp')).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: `${TOKEN} x` }, '/tmp')).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' }, '/tmp')).toThrow(
      /METRICS_PORT: must differ/,
    );
  });
});

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers /metrics with a 404, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  let customer: TestUser;
  const scrape = async () => {
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    t = await buildTestApp({
      seed: catalogFixture,
      config: { metrics: { token: TOKEN, port: undefined }, orderHoldMinutes: 1 },
    });
    await t.app.ready();
    customer = await signUpAndGetToken(t.app, { email: uniqueEmail('metrics'), name: 'Metrics Buyer' });
  });
  afterAll(() => t.close());

  it('refuses a scrape without the token (401) or with another one (403)', async () => {
    const missing = await t.app.inject({ url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(403);
    const basic = await t.app.inject({ url: '/metrics', headers: { authorization: `Basic ${TOKEN}` } });
    expect(basic.statusCode).toBe(401);
  });

  it('serves the Prometheus text format with Node process metrics', async () => {
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(sampleOf(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(response.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('counts requests by route pattern, method and status, never by raw URL', async () => {
    const partId = await insertPart(t.database.db);
    await t.app.inject({ url: `/api/parts/${partId}` });
    await t.app.inject({ url: '/api/no/such/route?secret=1' });
    const text = await scrape();
    const labels = { route: '/api/parts/:id', method: 'GET', status: '200' };
    expect(sampleOf(text, 'partsforge_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      sampleOf(text, 'partsforge_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(text, 'partsforge_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(partId);
    expect(text).not.toContain('no/such/route');
  });

  it('counts orders placed, checkouts refused by reason and payments', async () => {
    const before = await scrape();
    const counter = (text: string, name: string, labels: Record<string, string>) =>
      sampleOf(text, name, labels) ?? 0;
    await placePaidOrder(t, customer);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: customer.headers,
      payload: { address: '1 Depot Road, Springfield', phone: '555-0100' },
    });
    expect(empty.json()).toMatchObject({ code: 'CART_EMPTY' });
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/order', payload: {} });
    expect(signedOut.statusCode).toBe(401);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      counter(after, name, labels) - counter(before, name, labels);
    expect(delta('partsforge_orders_placed_total', { route: 'order' })).toBe(1);
    expect(delta('partsforge_checkouts_refused_total', { route: 'checkout', reason: 'CART_EMPTY' })).toBe(1);
    expect(delta('partsforge_checkouts_refused_total', { route: 'order', reason: 'UNAUTHORIZED' })).toBe(1);
    // The sandbox applies the payment as its provider event; the customer's PATCH then changes nothing.
    expect(
      delta('partsforge_payments_total', { outcome: 'paid', source: 'webhook' }) +
        delta('partsforge_payments_total', { outcome: 'paid', source: 'customer' }),
    ).toBe(1);
  });

  it('reports the mail outbox and the holds past their time as job queues, read at scrape time', async () => {
    // The delivery worker is off in tests, so the order's confirmation waits in the outbox.
    const partId = await insertPart(t.database.db);
    const orderId = await placeOrderFor(t.app, customer, partId, 2);
    await t.database.db.execute(
      sql`update orders set created_at = now() - interval '3 minutes' where id = ${orderId}`,
    );
    const text = await scrape();
    expect(sampleOf(text, 'partsforge_job_queue_depth', { queue: 'mail' })).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(text, 'partsforge_job_queue_oldest_age_seconds', { queue: 'mail' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'partsforge_job_queue_depth', { queue: 'order_holds' })).toBeGreaterThanOrEqual(1);
    // Placed three minutes ago with a one-minute hold: overdue by about two minutes.
    expect(
      sampleOf(text, 'partsforge_job_queue_oldest_age_seconds', { queue: 'order_holds' }),
    ).toBeGreaterThan(100);
  });

  it('reports the search index state, size and age', async () => {
    await t.app.inject({ url: '/api/ready' });
    const deadline = Date.now() + 10_000;
    let text = await scrape();
    while (
      sampleOf(text, 'partsforge_search_index_state', { state: 'current' }) !== 1 &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await scrape();
    }
    expect(sampleOf(text, 'partsforge_search_index_state', { state: 'current' })).toBe(1);
    expect(sampleOf(text, 'partsforge_search_index_state', { state: 'stale' })).toBe(0);
    expect(sampleOf(text, 'partsforge_search_index_parts')).toBeGreaterThan(0);
    expect(sampleOf(text, 'partsforge_search_index_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('reports the database: statements in flight, failed statements by SQLSTATE, and the pool on PostgreSQL', async () => {
    const before = sampleOf(await scrape(), 'partsforge_db_statement_errors_total', { code: '22012' }) ?? 0;
    await expect(t.database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    const text = await scrape();
    expect(sampleOf(text, 'partsforge_db_statement_errors_total', { code: '22012' })).toBe(before + 1);
    expect(sampleOf(text, 'partsforge_db_statements_in_flight')).toBeGreaterThanOrEqual(0);
    if (t.database.kind === 'postgres') {
      expect(sampleOf(text, 'partsforge_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'partsforge_db_pool_waiting')).toBe(0);
      expect(sampleOf(text, 'partsforge_db_pool_max')).toBe(t.config.dbPoolSize);
    } else expect(text).not.toContain('partsforge_db_pool_connections');
  });
});

describe('with METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { metrics: { token: TOKEN, port: 0 } } });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it("serves metrics on a listener of their own, with the token, and not on the app's port", async () => {
    const onApp = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(onApp.statusCode).toBe(404);
    const { host, port } = t.app.metricsAddress!;
    const url = `http://${host}:${port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer nope' } })).status).toBe(403);
    const scraped = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('partsforge_job_queue_depth');
    expect((await fetch(`http://${host}:${port}/api/parts`)).status).toBe(404);
  });
});
