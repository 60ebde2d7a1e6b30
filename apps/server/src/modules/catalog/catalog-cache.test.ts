import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { catalogFixture } from '../../test/catalog-fixture.js';
import { createCatalogCache } from './catalog-cache.js';

describe('createCatalogCache', () => {
  const body = (text: string) => async () => ({ body: text, total: 1 });

  it('serves a fresh entry without loading, and reloads after the TTL', async () => {
    let clock = 0;
    const cache = createCatalogCache({ ttlMs: 100, now: () => clock });
    let loads = 0;
    const load = async () => ({ body: `v${++loads}` });
    expect((await cache.getOrLoad('k', load)).body).toBe('v1');
    clock = 99;
    expect((await cache.getOrLoad('k', load)).body).toBe('v1');
    clock = 100;
    expect((await cache.getOrLoad('k', load)).body).toBe('v2');
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = createCatalogCache({ ttlMs: 1000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { body: 'shared' };
    };
    const results = await Promise.all([
      cache.getOrLoad('k', load),
      cache.getOrLoad('k', load),
      cache.getOrLoad('k', load),
    ]);
    expect(results.map((result) => result.body)).toEqual(['shared', 'shared', 'shared']);
    expect(loads).toBe(1);
  });

  it('does not cache failed loads', async () => {
    const cache = createCatalogCache({ ttlMs: 1000 });
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.size).toBe(0);
    expect((await cache.getOrLoad('k', body('ok'))).body).toBe('ok');
  });

  it('forgets everything on invalidate(), including a load that started before it', async () => {
    const cache = createCatalogCache({ ttlMs: 1000 });
    await cache.getOrLoad('a', body('old a'));
    let release!: () => void;
    const slow = cache.getOrLoad(
      'b',
      () => new Promise((resolve) => (release = () => resolve({ body: 'old b' }))),
    );
    cache.invalidate();
    release();
    expect((await slow).body).toBe('old b');
    expect(cache.size).toBe(0);
    expect((await cache.getOrLoad('a', body('new a'))).body).toBe('new a');
    expect((await cache.getOrLoad('b', body('new b'))).body).toBe('new b');
  });

  it('keeps at most maxEntries, evicting the oldest', async () => {
    const cache = createCatalogCache({ ttlMs: 1000, maxEntries: 2 });
    await cache.getOrLoad('a', body('a'));
    await cache.getOrLoad('b', body('b'));
    await cache.getOrLoad('c', body('c'));
    expect(cache.size).toBe(2);
    expect((await cache.getOrLoad('a', body('a again'))).body).toBe('a again');
    expect((await cache.getOrLoad('c', body('c again'))).body).toBe('c');
  });

  it('loads every time when the TTL is 0', async () => {
    const cache = createCatalogCache({ ttlMs: 0 });
    await cache.getOrLoad('k', body('one'));
    expect((await cache.getOrLoad('k', body('two'))).body).toBe('two');
    expect(cache.size).toBe(0);
  });
});

describe('catalogue responses through the cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: catalogFixture, config: { catalogCacheTtlMs: 60_000 } });
  });
  afterAll(() => t.close());

  const firstPart = async () =>
    (await t.app.inject({ url: '/api/parts?limit=1' })).json<{ _id: string; available: number }[]>()[0]!;

  it('serves the cached list until invalidate() is called after a write', async () => {
    const before = await firstPart();
    await t.database.db.update(parts).set({ available: 7 }).where(eq(parts.id, before._id));
    expect((await firstPart()).available).toBe(before.available);
    const item = await t.app.inject({ url: `/api/parts/${before._id}` });
    expect(item.json()).toMatchObject({ available: 7 });

    await t.database.db.update(parts).set({ available: 5 }).where(eq(parts.id, before._id));
    expect((await t.app.inject({ url: `/api/parts/${before._id}` })).json()).toMatchObject({ available: 7 });

    t.app.catalogCache.invalidate();
    expect((await firstPart()).available).toBe(5);
    expect((await t.app.inject({ url: `/api/parts/${before._id}` })).json()).toMatchObject({ available: 5 });
  });

  it('caches the same page once whatever the spelling of its query', async () => {
    t.app.catalogCache.invalidate();
    await t.app.inject({ url: '/api/parts?limit=6' });
    await t.app.inject({ url: '/api/parts?limit=06&offset=0' });
    await t.app.inject({ url: '/api/parts?offset=0&limit=6&unused=1' });
    expect(t.app.catalogCache.size).toBe(1);
  });

  it('does not cache error responses', async () => {
    t.app.catalogCache.invalidate();
    const missing = await t.app.inject({ url: '/api/parts/3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f' });
    const invalid = await t.app.inject({ url: '/api/parts?limit=0' });
    expect([missing.statusCode, invalid.statusCode]).toEqual([404, 400]);
    expect(t.app.catalogCache.size).toBe(0);
  });
});
