import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.js';
import { catalogFixture } from './test/catalog-fixture.js';

/** Log lines the app wrote, parsed. */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logLines.push(
      ...chunk
        .toString()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    );
    callback();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: catalogFixture, logger: pino({ level: 'debug' }, logStream) });
  // Routes that exist only to exercise the error handler.
  t.app.get('/api/test/boom', async () => {
    throw new Error('secret connection string postgres://admin:hunter2@db');
  });
  t.app.post('/api/test/echo', async (request) => ({ received: request.body }));
  t.app.get('/api/test/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({
    ok: true,
  }));
  await t.app.ready();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and no X-Powered-By', async () => {
    const response = await t.app.inject({ url: '/api/parts?limit=1' });
    const csp = String(response.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: https:",
      'connect-src': "'self'",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
    });
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends the headers on errors too', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('errors', () => {
  it('answers unknown /api routes with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no/such/route' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('answers other paths with a JSON 404 when the web app is not built', async () => {
    const response = await t.app.inject({ url: '/blogs', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('hides the details of a 500 from the client and logs them with the request', async () => {
    const response = await t.app.inject({ url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toContain('hunter2');
    const logged = logLines.find((line) => line.msg === 'request failed');
    expect(logged).toMatchObject({
      level: 50,
      method: 'GET',
      url: '/api/test/boom',
      err: { message: expect.stringContaining('hunter2') },
    });
    expect(logged?.reqId).toBeDefined();
  });

  it('logs one line per request: successes at debug, client errors at info', async () => {
    logLines.length = 0;
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/parts?limit=0' });
    expect(logLines).toEqual([
      expect.objectContaining({
        level: 20,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/health' }),
        res: { statusCode: 200 },
      }),
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ url: '/api/parts?limit=0' }),
        res: { statusCode: 400 },
      }),
    ]);
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers malformed JSON with 400 and an unsupported media type with 415', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toBeTruthy();
    const unsupported = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(unsupported.statusCode).toBe(415);
  });

  it('answers 429 with the API error body on rate-limited routes', async () => {
    expect((await t.app.inject({ url: '/api/test/limited' })).statusCode).toBe(200);
    const limited = await t.app.inject({ url: '/api/test/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('does not rate-limit routes that did not opt in', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => t.app.inject({ url: '/api/health' })),
    );
    expect(statuses.every((response) => response.statusCode === 200)).toBe(true);
  });
});

describe('compression', () => {
  it('compresses large cached catalogue responses with the encoding the client prefers', async () => {
    const plain = await t.app.inject({ url: '/api/parts?limit=100' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('authorization, accept-encoding');
    const gzip = await t.app.inject({
      url: '/api/parts?limit=100',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const br = await t.app.inject({
      url: '/api/parts?limit=100',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers['x-total-count']).toBe('15');
  });

  it('compresses other large responses through @fastify/compress, and never small ones', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.rawPayload).toString())).toHaveProperty('openapi');
    const small = await t.app.inject({ url: '/api/parts?limit=1', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('documents every public route from the route schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>
      >;
    }>();
    expect(document.openapi).toBe('3.0.3');
    for (const path of [
      '/api/parts',
      '/api/parts/{id}',
      '/api/make',
      '/api/category',
      '/api/review',
      '/api/health',
      '/api/ready',
    ]) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
    const listParts = document.paths['/api/parts']!.get!;
    expect(listParts.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`).sort()).toEqual([
      'query:category',
      'query:engine',
      'query:limit',
      'query:make',
      'query:model',
      'query:offset',
      'query:q',
      'query:sort',
      'query:year',
    ]);
    expect(Object.keys(listParts.responses)).toEqual(expect.arrayContaining(['200', '400', '503']));
    expect(Object.keys(document.paths['/api/parts/{id}']!.get!.responses)).toEqual(
      expect.arrayContaining(['200', '404']),
    );
    expect(Object.keys(document.paths).some((path) => path.includes('*'))).toBe(false);
  });

  it('serves the docs page without inline scripts', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger-ui');
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
  });
});
