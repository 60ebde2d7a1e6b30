/**
 * `GET /api/parts` search, filters, sorts and paging (docs/decisions/005-catalogue-search.md), through the real app on a real database, both with the catalogue caches and with them off
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): what a client sees in the body and X-Total-Count.
 */
import { TOTAL_COUNT_HEADER, apiErrorSchema, partSchema, type Part } from '@partsforge/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parts } from '../../db/schema/index.js';
import type { Config } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { searchFixture, searchFixtureSkus } from '../../test/search-fixture.js';

/**
 * The three ways the catalogue answers: with its caches and search index (the default), with the index alone
 * (caches off), and straight from the database (caches and index off).
 */
const WAYS: [string, Partial<Config>][] = [
  ['with the catalogue caches and search index', {}],
  ['from the search index (caches off)', { catalogCacheTtlMs: 0, catalogResultCacheMb: 0 }],
  [
    'straight from the database (caches and search index off)',
    { catalogCacheTtlMs: 0, catalogResultCacheMb: 0, catalogSearchIndex: false },
  ],
];

for (const [way, config] of WAYS)
  describe(way, () => {
    let t: TestApp;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      t = await buildTestApp({ seed: searchFixture, config });
      // The index, when on, is built once the app is ready, and answers until the catalogue changes.
      await t.app.ready();
      await vi.waitFor(() =>
        expect(t.app.catalog.searchIndexParts).toBe(
          config.catalogSearchIndex === false ? undefined : searchFixtureSkus.length,
        ),
      );
      for (const [path, slugs] of [
        ['/api/category', searchFixture.categories],
        ['/api/make', searchFixture.makes],
      ] as const) {
        const rows = (await t.app.inject({ url: path })).json<{ _id: string; name: string }[]>();
        for (const row of rows) ids[slugs.find((item) => item.name === row.name)!.slug] = row._id;
      }
    });
    afterAll(() => t.close());

    const totalHeader = TOTAL_COUNT_HEADER.toLowerCase();

    /** GET /api/parts with these parameters: status, SKUs in order, total. */
    async function list(params: Record<string, string | number>) {
      const query = new URLSearchParams(
        Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
      );
      const response = await t.app.inject({ url: `/api/parts?${query}` });
      const body = response.json<unknown>();
      return {
        status: response.statusCode,
        body,
        skus:
          response.statusCode === 200
            ? z
                .array(partSchema.strict())
                .parse(body)
                .map((part) => part.sku)
            : [],
        total: Number(response.headers[totalHeader]),
      };
    }

    /** Fixture SKU number n (1-based, catalogue order). */
    const sku = (n: number) => searchFixtureSkus[n - 1]!;
    const skus = (...numbers: number[]) => numbers.map(sku);
    /** The same SKUs in a fixed order, where relevance ranking is not what a test checks. */
    const sorted = (values: string[]) => [...values].sort();
    const allParts = searchFixture.parts.map((part, index) => ({ ...part, seq: index }));

    describe('GET /api/parts?q= (search)', () => {
      it('finds parts by words of the name in any case and word order', async () => {
        for (const q of ['brake pads', 'PADS Brake', '  ceramic   BRAKE pad  ']) {
          const result = await list({ q });
          expect({ status: result.status, skus: sorted(result.skus), total: result.total }, q).toEqual({
            status: 200,
            skus: sorted(skus(1, 2)),
            total: 2,
          });
        }
      });

      it('finds a part number however it is spaced, hyphenated or cased', async () => {
        for (const q of ['BP-TOY-48210', 'bp toy 48210', 'BPTOY48210', 'bp-toy48210', ' Bp Toy-48210 ']) {
          expect(await list({ q }), q).toMatchObject({ status: 200, skus: [sku(1)], total: 1 });
        }
      });

      it('finds a part from the start of its number or a piece of it', async () => {
        expect(await list({ q: 'BP-TOY-482' })).toMatchObject({ skus: [sku(1)], total: 1 });
        expect(await list({ q: '4821' })).toMatchObject({ skus: [sku(1)], total: 1 });
        expect(sorted((await list({ q: 'ALT' })).skus)).toEqual(sorted(skus(8, 9)));
      });

      it('matches the description too', async () => {
        expect(await list({ q: 'pollen' })).toMatchObject({ skus: [sku(7)], total: 1 });
      });

      it('treats the last word as a prefix while the buyer is still typing', async () => {
        expect(sorted((await list({ q: 'oil filt' })).skus)).toEqual(sorted(skus(5, 6)));
        expect(sorted((await list({ q: 'iridium sp' })).skus)).toEqual(sorted(skus(10, 14)));
      });

      it('finds the intended part despite small typos', async () => {
        expect(sorted((await list({ q: 'alternatr' })).skus)).toEqual(sorted(skus(8, 9)));
        expect(await list({ q: 'toyta alternatr' })).toMatchObject({ skus: [sku(8)], total: 1 });
        expect((await list({ q: 'BP-TOY-48201' })).skus[0]).toBe(sku(1));
      });

      it('corrects typos with the words of parts added or renamed later', async () => {
        const [added] = await t.database.db
          .insert(parts)
          .values({
            sku: 'TC-FRD-11111',
            name: 'Turbocharger Assembly — Ford F-150 3.5L EcoBoost 2017-2020',
            description: 'Ball-bearing unit with new gaskets.',
            available: 20,
            minqty: 2,
            priceCents: 89_900,
            img: '/images/parts/turbocharger.svg',
          })
          .returning({ id: parts.id });
        t.app.catalog.catalogueChanged();
        expect((await list({ q: 'turbocharjer' })).skus).toEqual(['TC-FRD-11111']);

        await t.database.db
          .update(parts)
          .set({ name: 'Intercooler Kit — Ford F-150 3.5L' })
          .where(eq(parts.id, added!.id));
        t.app.catalog.catalogueChanged();
        expect((await list({ q: 'intercoolr' })).skus).toEqual(['TC-FRD-11111']);
        await t.database.db.delete(parts).where(eq(parts.id, added!.id));
        t.app.catalog.catalogueChanged();
      });

      it('ranks the exact part number first', async () => {
        // 'SP-HON-12290' is also found by its words 'sp' and 'hon'...; the part itself comes first.
        expect((await list({ q: 'sp hon 12290' })).skus[0]).toBe(sku(10));
      });

      it('ignores common English words such as "for" and "the"', async () => {
        expect(await list({ q: 'brake for the' })).toMatchObject({ status: 200, total: 6 });
        expect(await list({ q: 'the' })).toMatchObject({ status: 200, skus: [], total: 0 });
      });

      it('answers an empty list with total 0 when nothing matches, even loosely', async () => {
        expect(await list({ q: 'xylophone' })).toMatchObject({ status: 200, skus: [], total: 0 });
      });

      it('treats a blank query or one without letters and digits as no search', async () => {
        for (const q of ['', '   ', '%', '_', '\\', '---']) {
          expect(await list({ q }), JSON.stringify(q)).toMatchObject({
            status: 200,
            skus: searchFixtureSkus.slice(0, 12),
            total: 14,
          });
        }
      });

      it('treats SQL and full-text operators as word breaks, never as syntax', async () => {
        const cases: [string, string][] = [
          ["'; drop table parts; --", 'drop table parts'],
          ["brake' or '1'='1", 'brake or 1 1'],
          ['pad:* | !brake', 'pad brake'],
          ['"; select pg_sleep(5); --', 'select pg sleep 5'],
          ['spark & (plug) <-> toyota', 'spark plug toyota'],
          ['%oil%_filter', 'oil filter'],
        ];
        for (const [raw, words] of cases) {
          const [attack, plain] = [await list({ q: raw }), await list({ q: words })];
          expect(attack.status, raw).toBe(200);
          expect({ skus: attack.skus, total: attack.total }, raw).toEqual({
            skus: plain.skus,
            total: plain.total,
          });
        }
        expect(sorted((await list({ q: '%oil%_filter' })).skus)).toEqual(sorted(skus(5, 6)));
        expect((await list({})).total).toBe(14);
      });

      it('accepts 200 characters and answers 400 for a longer query', async () => {
        expect((await list({ q: 'brake '.repeat(40).slice(0, 200) })).status).toBe(200);
        const long = await list({ q: 'b'.repeat(1000) });
        expect(long.status).toBe(400);
        expect(apiErrorSchema.parse(long.body)).toEqual({
          message: 'Invalid request: q must be at most 200 characters',
          code: 'VALIDATION_FAILED',
          errors: { q: 'q must be at most 200 characters' },
        });
      });
    });

    describe('GET /api/parts?category=&make= (filters)', () => {
      it('filters by category, by make, and by both', async () => {
        expect(await list({ category: ids.brakes! })).toMatchObject({
          skus: skus(1, 2, 3, 4, 12, 13),
          total: 6,
        });
        expect(await list({ make: ids.ford! })).toMatchObject({ skus: skus(3, 6, 9, 11), total: 4 });
        expect(await list({ category: ids.brakes!, make: ids.toyota! })).toMatchObject({
          skus: skus(1, 4, 13),
          total: 3,
        });
      });

      it('accepts ids in any case', async () => {
        expect((await list({ category: ids.filters!.toUpperCase() })).skus).toEqual(skus(5, 6, 7));
      });

      it('combines filters with a search', async () => {
        expect(await list({ q: 'spark plug', make: ids.toyota! })).toMatchObject({
          skus: [sku(14)],
          total: 1,
        });
        expect(await list({ q: 'brake', category: ids.filters! })).toMatchObject({ skus: [], total: 0 });
      });

      it('answers an empty list for an unknown id', async () => {
        const unknown = '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f';
        expect(await list({ category: unknown })).toMatchObject({ status: 200, skus: [], total: 0 });
        expect(await list({ make: unknown, q: 'brake' })).toMatchObject({
          status: 200,
          skus: [],
          total: 0,
        });
        // A make is also named by slug or name: one no make has (quotes included) matches nothing.
        expect(await list({ make: "1' or '1'='1" })).toMatchObject({ status: 200, skus: [], total: 0 });
      });

      it('takes the make by _id, slug or name in any case', async () => {
        const byId = await list({ make: ids.toyota! });
        expect(byId.total).toBeGreaterThan(0);
        for (const make of ['toyota', 'Toyota', 'TOYOTA', ids.toyota!.toUpperCase()])
          expect(await list({ make }), make).toEqual(byId);
      });

      it.each([
        ['category', 'brakes', 'category must be the _id of a category'],
        ['category', '62a1f9c8e4b0a1b2c3d4e5f6', 'category must be the _id of a category'],
      ])('answers 400 naming the parameter for %s=%s', async (field, value, message) => {
        const response = await list({ [field]: value });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          message: `Invalid request: ${message}`,
          code: 'VALIDATION_FAILED',
          errors: { [field]: message },
        });
      });
    });

    describe('GET /api/parts?sort=', () => {
      const byPrice = [...allParts].sort((a, b) => a.priceCents - b.priceCents || a.seq - b.seq);
      const byName = [...allParts].sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : a.seq - b.seq,
      );

      it('sorts by price and by name, both ways', async () => {
        expect((await list({ sort: 'price-asc', limit: 100 })).skus).toEqual(byPrice.map((part) => part.sku));
        expect((await list({ sort: 'price-desc', limit: 100 })).skus).toEqual(
          [...byPrice].reverse().map((part) => part.sku),
        );
        expect((await list({ sort: 'name-asc', limit: 100 })).skus).toEqual(byName.map((part) => part.sku));
        expect((await list({ sort: 'name-desc', limit: 100 })).skus).toEqual(
          [...byName].reverse().map((part) => part.sku),
        );
      });

      it('sorts search results and filtered lists', async () => {
        expect((await list({ q: 'filter', sort: 'price-desc' })).skus).toEqual(skus(7, 6, 5));
        expect((await list({ make: ids.honda!, sort: 'name-asc' })).skus).toEqual(skus(2, 10, 5));
      });

      it('keeps the catalogue order for relevance without a search', async () => {
        expect((await list({ sort: 'relevance', limit: 100 })).skus).toEqual(searchFixtureSkus);
      });

      it('answers 400 for an unknown sort', async () => {
        const response = await list({ sort: 'cheapest' });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          errors: { sort: 'sort must be one of relevance, price-asc, price-desc, name-asc, name-desc' },
        });
      });
    });

    describe('GET /api/parts paging with search and filters', () => {
      it('pages through a filtered list without gaps or repeats, keeping the total', async () => {
        const pages = await Promise.all(
          [0, 4, 8].map((offset) => list({ category: ids.brakes!, limit: 4, offset })),
        );
        expect(pages.map((page) => page.skus)).toEqual([skus(1, 2, 3, 4), skus(12, 13), []]);
        expect(pages.map((page) => page.total)).toEqual([6, 6, 6]);
      });

      it('pages through search results, and reports the total on a page past the end', async () => {
        const first = await list({ q: 'filter', sort: 'price-asc', limit: 2 });
        const second = await list({ q: 'filter', sort: 'price-asc', limit: 2, offset: 2 });
        const beyond = await list({ q: 'filter', sort: 'price-asc', limit: 2, offset: 10 });
        expect([first.skus, second.skus, beyond.skus]).toEqual([skus(5, 6), [sku(7)], []]);
        expect([first.total, second.total, beyond.total]).toEqual([3, 3, 3]);
      });

      it('reports the total of typo matches on a page past the end', async () => {
        expect(await list({ q: 'alternatr', offset: 5 })).toMatchObject({
          status: 200,
          skus: [],
          total: 2,
        });
      });

      it.each([
        ['limit=0', { q: 'brake', limit: 0 }, { limit: 'limit must be at least 1' }],
        ['limit=101', { q: 'brake', limit: 101 }, { limit: 'limit must be at most 100' }],
        [
          'offset=-1',
          { category: '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f', offset: -1 },
          { offset: 'offset must be 0 or more' },
        ],
      ])('answers 400 for %s with a search or filter', async (_label, params, errors) => {
        const response = await list(params);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', errors });
      });

      it('accepts limit=100', async () => {
        expect(await list({ q: 'brake', limit: 100 })).toMatchObject({ status: 200, total: 6 });
      });
    });

    if (config === WAYS[0]![1])
      describe('catalogue cache with search', () => {
        it('keeps one entry for queries that differ only in case, spacing and separators', async () => {
          t.app.catalog.catalogueChanged();
          await list({ q: 'Brake PADS' });
          await list({ q: ' brake,  pads ' });
          await list({ q: 'brake-pads', sort: 'relevance' });
          expect(t.app.catalog.cache.size).toBe(1);
          await list({ q: 'brake pads', sort: 'price-asc' });
          await list({ q: 'brake pads', category: ids.brakes! });
          expect(t.app.catalog.cache.size).toBe(3);
        });

        it('returns parts in the shared Part shape only', async () => {
          const [part] = z.array(partSchema.strict()).parse((await list({ q: 'pollen' })).body) as Part[];
          expect(Object.keys(part!).sort()).toEqual(
            [
              '_id',
              'available',
              'category',
              'description',
              'img',
              'make',
              'minqty',
              'name',
              'packSize',
              'weightKg',
              'coreCharge',
              'price',
              'priceBreaks',
              'sku',
              'universal',
              'interchangeNumbers',
              'supersededBy',
              'replacement',
            ].sort(),
          );
          expect(part).toMatchObject({ price: 9.25, category: ids.filters, make: ids.toyota });
        });
      });
  });
