import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/connect.js';
import { parts } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { catalogFixture } from '../../test/catalog-fixture.js';
import { setStockOf, withTestStockReason } from '../../test/stock.js';
import { createCatalogCache } from './catalog-cache.js';

describe('createCatalogCache', () => {
  it('drops only the responses showing a part when its stock changes, everything on catalogue changes', async () => {
    const cache = createCatalogCache({ ttlMs: 1000 });
    const response = (partIds: string[]) => async () => ({ body: '[]', total: 0, partIds });
    await cache.getOrLoad('parts?offset=0', response(['a', 'b']));
    await cache.getOrLoad('parts?offset=2', response(['c']));
    await cache.partResults.getOrLoad('q=brake', async () => Float64Array.of(3, 1, 2));
    cache.stockChanged('A');
    expect([cache.size, cache.partResults.size]).toEqual([1, 1]);
    cache.catalogueChanged();
    expect([cache.size, cache.partResults.size]).toEqual([0, 0]);
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

  it("drops a part's responses on its stock change and keeps the others", async () => {
    t.app.catalog.catalogueChanged();
    const pageOf = async (offset: number) =>
      (await t.app.inject({ url: `/api/parts?limit=1&offset=${offset}` })).json<
        { _id: string; available: number }[]
      >()[0]!;
    const [first, second] = [await pageOf(0), await pageOf(1)];
    await setStockOf(t.database.db, first._id, 11);
    await setStockOf(t.database.db, second._id, 22);
    t.app.catalog.stockChanged(first._id);
    expect((await pageOf(0)).available).toBe(11);
    expect((await pageOf(1)).available).toBe(second.available);
  });

  it('serves the cached list until invalidate() is called after a write', async () => {
    const before = await firstPart();
    await setStockOf(t.database.db, before._id, 7);
    expect((await firstPart()).available).toBe(before.available);
    const item = await t.app.inject({ url: `/api/parts/${before._id}` });
    expect(item.json()).toMatchObject({ available: 7 });

    await setStockOf(t.database.db, before._id, 5);
    expect((await t.app.inject({ url: `/api/parts/${before._id}` })).json()).toMatchObject({ available: 7 });

    t.app.catalog.catalogueChanged();
    expect((await firstPart()).available).toBe(5);
    expect((await t.app.inject({ url: `/api/parts/${before._id}` })).json()).toMatchObject({ available: 5 });
  });

  it('caches the same page once whatever the spelling of its query', async () => {
    t.app.catalog.catalogueChanged();
    await t.app.inject({ url: '/api/parts?limit=6' });
    await t.app.inject({ url: '/api/parts?limit=06&offset=0' });
    await t.app.inject({ url: '/api/parts?offset=0&limit=6&unused=1' });
    expect(t.app.catalog.cache.size).toBe(1);
  });

  it('does not cache error responses', async () => {
    t.app.catalog.catalogueChanged();
    const missing = await t.app.inject({ url: '/api/parts/3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f' });
    const invalid = await t.app.inject({ url: '/api/parts?limit=0' });
    expect([missing.statusCode, invalid.statusCode]).toEqual([404, 400]);
    expect(t.app.catalog.cache.size).toBe(0);
  });
});

/** Number of connections listening for catalogue changes on `app`'s PostgreSQL database. */
async function listeners(app: TestApp): Promise<number> {
  const rows = await queryRows(
    app.database.db,
    sql`select 1 from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
  );
  return rows.length;
}

describe('search result lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Responses uncached, so every request reads its rows: what the result lists alone do is visible.
    // Result lists serve searches on the database: with the search index off (or while it is stale).
    t = await buildTestApp({
      seed: catalogFixture,
      config: { catalogCacheTtlMs: 0, catalogSearchIndex: false },
    });
  });
  afterAll(() => t.close());

  type Listed = { _id: string; name: string; available: number };
  const list = async (query: string) => {
    const response = await t.app.inject({ url: `/api/parts?${query}` });
    return { items: response.json<Listed[]>(), total: Number(response.headers['x-total-count']) };
  };

  it('pages through one search list, with stock read fresh on every request', async () => {
    const first = await list('q=test+part&sort=price-desc&limit=5');
    expect(t.app.catalog.cache.partResults.size).toBe(1);
    const second = await list('q=test+part&sort=price-desc&limit=5&offset=5');
    expect(t.app.catalog.cache.partResults.size).toBe(1);
    expect(second.total).toBe(15);
    expect(second.items.map((part) => part.name)).toEqual([10, 9, 8, 7, 6].map((n) => `Test Part ${n}`));

    await setStockOf(t.database.db, first.items[0]!._id, 4242);
    expect((await list('q=test+part&sort=price-desc&limit=5')).items[0]!.available).toBe(4242);
  });

  it('keeps no list for pages without search words: those come from the indexes', async () => {
    t.app.catalog.catalogueChanged();
    const page = await list('sort=price-desc&limit=5&offset=5');
    expect(page.total).toBe(15);
    expect(page.items.map((part) => part.name)).toEqual([10, 9, 8, 7, 6].map((n) => `Test Part ${n}`));
    expect(t.app.catalog.cache.partResults.size).toBe(0);
  });

  it('learns of a change made by another connection (NOTIFY) without being told in-process', async () => {
    expect((await list('q=windscreen')).total).toBe(0);
    const [target] = (await list('limit=1&offset=4')).items;
    // Written on the test's own connection, as another server process would: the app is not told directly.
    await t.database.db
      .update(parts)
      .set({ name: 'Windscreen Washer Pump' })
      .where(eq(parts.id, target!._id));
    await vi.waitFor(async () =>
      expect((await list('q=windscreen')).items.map((part) => part._id)).toEqual([target!._id]),
    );
    expect((await list('limit=1&offset=4')).items[0]!.name).toBe('Windscreen Washer Pump');
  });

  it('is not told of stock changes, nor of updates that leave the searched values as they were', async () => {
    const invalidations = vi.spyOn(t.app.catalog.cache, 'catalogueChanged');
    try {
      await withTestStockReason(t.database.db, (tx) =>
        tx.update(parts).set({ available: sql`${parts.available} + 1` }),
      );
      // An update that sets every column, most to the same value, and the stock.
      await withTestStockReason(t.database.db, (tx) =>
        tx.update(parts).set({
          name: sql`${parts.name}`,
          priceCents: sql`${parts.priceCents}`,
          categoryId: sql`${parts.categoryId}`,
          available: 3,
        }),
      );
      // Notices arrive in commit order: once this marker is in, any notice of the updates above would be too.
      await t.database.db.execute(sql`select pg_notify('partsforge_catalog', 'marker')`);
      await vi.waitFor(() => expect(invalidations).toHaveBeenCalled());
      expect(invalidations).toHaveBeenCalledTimes(1);
    } finally {
      invalidations.mockRestore();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'stays correct when its notification connection drops (PostgreSQL)',
    async () => {
      expect((await list('q=intercooler')).total).toBe(0);
      const [target] = (await list('limit=1&offset=7')).items;
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
      );
      // Renamed while nobody listens: the notice is lost, so the lists must be dropped on reconnection.
      await t.database.db.update(parts).set({ name: 'Intercooler Hose' }).where(eq(parts.id, target!._id));
      await vi.waitFor(
        async () =>
          expect((await list('q=intercooler')).items.map((part) => part._id)).toEqual([target!._id]),
        { timeout: 5000, interval: 100 },
      );
      await vi.waitFor(async () => expect(await listeners(t)).toBe(1));
    },
  );

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'closes its notification connection with the app (PostgreSQL)',
    async () => {
      const other = await buildTestApp({ seed: catalogFixture });
      await other.app.ready(); // the app subscribes once ready
      await vi.waitFor(async () => expect(await listeners(other)).toBe(1));
      await other.app.close();
      await vi.waitFor(async () => expect(await listeners(other)).toBe(0));
      await other.close();
    },
  );
});
