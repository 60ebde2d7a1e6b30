/**
 * Lists without search words come from the indexes (docs/decisions/015-catalogue-pages-without-scans.md): totals
 * from part_counts, deep pages from the nearest page mark. On 2,600 generated parts (three marks per order), every
 * filter and sort is compared page by page with what ORDER BY ... OFFSET says, while the marks are current, while
 * they are stale after a change, and after they are rebuilt; part_counts is compared with count(*) after inserts,
 * moves, deletes and a truncate.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect.js';
import { demoCatalog } from '../../db/catalog-generator.js';
import { catalogState, categories, makes, partCounts, parts } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { buildPageMarks } from './catalog-repository.js';

const PARTS = 2600;
const LIMIT = 7;

let t: TestApp;
let ids: { category: string; make: string };
beforeAll(async () => {
  // Caches off: every request goes to the database.
  t = await buildTestApp({
    seed: await demoCatalog(PARTS),
    config: { catalogCacheTtlMs: 0, catalogResultCacheMb: 0 },
  });
  const [category] = await t.database.db.select({ id: categories.id }).from(categories).limit(1);
  const [make] = await t.database.db.select({ id: makes.id }).from(makes).limit(1);
  ids = { category: category!.id, make: make!.id };
}, 120_000);
afterAll(() => t.close());

const list = async (query: string) => {
  const response = await t.app.inject({ url: `/api/parts?${query}` });
  expect(response.statusCode).toBe(200);
  return {
    names: response.json<{ _id: string }[]>().map((part) => part._id),
    total: Number(response.headers['x-total-count']),
  };
};

const sorts = {
  relevance: [asc(parts.seq)],
  'price-asc': [asc(parts.priceCents), asc(parts.seq)],
  'price-desc': [desc(parts.priceCents), desc(parts.seq)],
  'name-asc': [asc(sql`${parts.name} collate "C"`), asc(parts.seq)],
  'name-desc': [desc(sql`${parts.name} collate "C"`), desc(parts.seq)],
} satisfies Record<string, SQL[]>;

/** What ORDER BY ... OFFSET answers for the same page, and count(*) for the total. */
async function expected(where: SQL | undefined, sort: keyof typeof sorts, offset: number) {
  const rows = await t.database.db
    .select({ id: parts.id })
    .from(parts)
    .where(where)
    .orderBy(...sorts[sort])
    .limit(LIMIT)
    .offset(offset);
  const [counted] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(parts)
    .where(where);
  return { names: rows.map((row) => row.id), total: counted!.n };
}

/** Compares every sort of every filter at offsets around each mark and at the very end. */
async function expectPagesAsOffsetSays() {
  const filters: [string, SQL | undefined][] = [
    ['', undefined],
    [`category=${ids.category}`, eq(parts.categoryId, ids.category)],
    [`make=${ids.make}`, eq(parts.makeId, ids.make)],
    [
      `category=${ids.category}&make=${ids.make}`,
      and(eq(parts.categoryId, ids.category), eq(parts.makeId, ids.make)),
    ],
  ];
  for (const [filter, where] of filters) {
    const total = (await expected(where, 'relevance', 0)).total;
    const offsets = [0, 999, 1000, 1001, 1995, 2000, total - LIMIT, total - 3, total - 1, total].filter(
      (offset) => offset >= 0 && offset <= total,
    );
    for (const sort of Object.keys(sorts) as (keyof typeof sorts)[])
      for (const offset of new Set(offsets))
        expect(
          await list(`${filter}&sort=${sort}&limit=${LIMIT}&offset=${offset}`),
          `${filter} ${sort} ${offset}`,
        ).toEqual(await expected(where, sort, offset));
  }
}

const marksCurrent = async () => {
  const [state] = await t.database.db.select().from(catalogState);
  return state!.marksVersion === state!.version;
};

describe('catalogue pages without scans', () => {
  it('serves every filter, sort and deep page as ORDER BY ... OFFSET would, from current marks', async () => {
    await buildPageMarks(t.database.db);
    expect(await marksCurrent()).toBe(true);
    await expectPagesAsOffsetSays();
  }, 120_000);

  it('stays right while the marks are stale after a change, and after they are rebuilt', async () => {
    const [cheapest] = await t.database.db
      .select({ id: parts.id })
      .from(parts)
      .orderBy(asc(parts.priceCents), asc(parts.seq))
      .limit(1);
    // The cheapest part becomes the dearest: every price position moves.
    await t.database.db.update(parts).set({ priceCents: 99_999_999 }).where(eq(parts.id, cheapest!.id));
    expect(await marksCurrent()).toBe(false);
    await expectPagesAsOffsetSays();
    // The app rebuilds them after the change's notice.
    await expect.poll(marksCurrent, { timeout: 20_000 }).toBe(true);
    await expectPagesAsOffsetSays();
  }, 120_000);

  it('keeps part_counts equal to count(*) per category and make through inserts, moves, deletes and truncates', async () => {
    const counts = async () =>
      queryRows<{ category_id: string | null; make_id: string | null; parts: number }>(
        t.database.db,
        sql`select category_id, make_id, parts from ${partCounts} where parts > 0 order by 1, 2`,
      );
    const counted = async () =>
      queryRows<{ category_id: string | null; make_id: string | null; parts: number }>(
        t.database.db,
        sql`select category_id, make_id, count(*)::int as parts from ${parts} group by 1, 2 order by 1, 2`,
      );
    expect(await counts()).toEqual(await counted());
    const [moved] = await t.database.db
      .select({ id: parts.id })
      .from(parts)
      .where(eq(parts.makeId, ids.make))
      .limit(1);
    await t.database.db.update(parts).set({ makeId: null, categoryId: null }).where(eq(parts.id, moved!.id));
    await t.database.db.delete(parts).where(eq(parts.categoryId, ids.category));
    expect(await counts()).toEqual(await counted());
    expect((await list('')).total).toBe((await counted()).reduce((sum, row) => sum + row.parts, 0));
    expect((await list(`category=${ids.category}`)).total).toBe(0);
    await t.database.db.execute(sql`truncate ${parts} cascade`);
    expect(await counts()).toEqual([]);
    expect(await list('')).toEqual({ names: [], total: 0 });
  }, 60_000);
});
