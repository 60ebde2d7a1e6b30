/**
 * Search by an old part number (docs/requirements.md §17): a query that is exactly a superseded part's SKU or
 * interchange number finds its replacement (the end of the chain) first, marked `replaces`, in each of the three
 * ways the catalogue answers (caches and index, the index alone, the database alone).
 */
import type { Part } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { catalogFixture } from '../../test/catalog-fixture.js';
import { insertPart } from '../../test/orders.js';

const WAYS: [string, Partial<Config>][] = [
  ['with the catalogue caches and search index', {}],
  ['from the search index (caches off)', { catalogCacheTtlMs: 0, catalogResultCacheMb: 0 }],
  [
    'straight from the database (caches and search index off)',
    { catalogCacheTtlMs: 0, catalogResultCacheMb: 0, catalogSearchIndex: false },
  ],
];

for (const [way, config] of WAYS)
  describe(`search by an old part number, ${way}`, () => {
    let t: TestApp;
    let admin: TestUser;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      t = await buildTestApp({ seed: catalogFixture, config });
      admin = await signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' });
      for (const sku of ['BP-OLD-1', 'BP-MID-2', 'BP-NEW-3'])
        ids[sku] = await insertPart(t.database.db, { sku, name: `Caliper ${sku}`, minqty: 1 });
      for (const [sku, next, interchange] of [
        ['BP-OLD-1', 'BP-MID-2', 'OE-77123'],
        ['BP-MID-2', 'BP-NEW-3', 'OE-88001'],
      ] as const) {
        const response = await t.app.inject({
          method: 'PUT',
          url: `/api/parts/${ids[sku]}`,
          headers: admin.headers,
          payload: {
            name: `Caliper ${sku}`,
            description: 'Front caliper.',
            available: 100,
            expectedAvailable: 100,
            minqty: 1,
            price: 40,
            img: '/images/parts/test.svg',
            interchangeNumbers: [interchange],
            supersededBy: next,
          },
        });
        expect(response.statusCode).toBe(200);
      }
      await t.app.ready();
      await vi.waitFor(
        () => expect(t.app.catalog.searchIndexParts === undefined).toBe(config.catalogSearchIndex === false),
        { timeout: 30_000, interval: 50 },
      );
    });
    afterAll(() => t.close());

    const search = async (q: string) => {
      const response = await t.app.inject({ url: `/api/parts?q=${encodeURIComponent(q)}` });
      expect(response.statusCode).toBe(200);
      return { items: response.json<Part[]>(), total: Number(response.headers['x-total-count']) };
    };

    it('puts the end of the chain first for an old SKU, in any case, and says which SKU it replaces', async () => {
      for (const q of ['BP-OLD-1', 'bp-old-1', 'BP-MID-2']) {
        const { items, total } = await search(q);
        expect(items[0]).toMatchObject({ _id: ids['BP-NEW-3'], sku: 'BP-NEW-3', replaces: q.toUpperCase() });
        expect(items.filter((part) => part._id === ids['BP-NEW-3'])).toHaveLength(1);
        const old = items.find((part) => part.sku === q.toUpperCase());
        expect(old).toMatchObject({ supersededBy: expect.any(String), replacement: { sku: 'BP-NEW-3' } });
        expect(total).toBe(items.length);
      }
    });

    it("finds the replacement by an old part's interchange number", async () => {
      const { items } = await search('oe-77123');
      expect(items[0]).toMatchObject({ sku: 'BP-NEW-3', replaces: 'BP-OLD-1' });
    });

    it('leaves other searches and later pages as they were', async () => {
      const { items } = await search('BP-NEW-3');
      expect(items[0]).toMatchObject({ sku: 'BP-NEW-3' });
      expect(items[0]!.replaces).toBeUndefined();
      const later = await t.app.inject({ url: '/api/parts?q=BP-OLD-1&offset=1' });
      expect(later.json<Part[]>().some((part) => part.replaces !== undefined)).toBe(false);
    });
  });
