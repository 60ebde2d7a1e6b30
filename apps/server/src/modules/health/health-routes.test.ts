import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { catalogFixture } from '../../test/catalog-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: catalogFixture });
  await t.app.ready();
  await vi.waitFor(() => expect(t.app.catalog.warmingUp).toBe(false));
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('GET /api/health answers ok', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/ready answers ready while the database is reachable', async () => {
    const response = await t.app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'GET /api/ready answers 503 WARMING_UP while the search index is first built, then ready (PostgreSQL)',
    async () => {
      const warming = await buildTestApp({ seed: catalogFixture });
      if (warming.database.kind !== 'postgres') throw new Error('needs PostgreSQL');
      // Another session locks the parts table: the index's first build waits for it.
      const blocker = await warming.database.client.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table parts in access exclusive mode');
        await warming.app.ready();
        const response = await warming.app.inject({ url: '/api/ready' });
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('1');
        expect(response.json()).toEqual({
          message: 'The shop is starting: its catalogue search index is being built.',
          code: 'WARMING_UP',
        });
        await blocker.query('rollback');
        await vi.waitFor(() => expect(warming.app.catalog.warmingUp).toBe(false));
        expect((await warming.app.inject({ url: '/api/ready' })).json()).toEqual({ status: 'ready' });
        expect(warming.app.catalog.searchIndexParts).toBe(catalogFixture.parts.length);
      } finally {
        blocker.release();
        await warming.close();
      }
    },
  );

  it('after the database closes: ready and data calls answer 503, health stays ok', async () => {
    const cached = await t.app.inject({ url: '/api/parts?limit=2' });
    expect(cached.statusCode).toBe(200);
    await t.database.close();

    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      message: 'The database is unavailable. Please try again shortly.',
      code: 'DATABASE_UNAVAILABLE',
    });

    for (const url of [
      '/api/parts?limit=3',
      '/api/review',
      '/api/parts/3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json(), url).toEqual({
        message: 'The database is unavailable. Please try again shortly.',
        code: 'DATABASE_UNAVAILABLE',
      });
      expect(response.headers['retry-after']).toBe('5');
    }

    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
