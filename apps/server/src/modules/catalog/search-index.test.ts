/**
 * The in-process search index answers exactly as the database does (docs/decisions/016-in-process-search-index.md):
 * on 3,000 generated parts, hundreds of searches drawn from the catalogue (words of names and descriptions,
 * prefixes, stop words, misspellings, part numbers whole, in pieces and misspelt), with and without filters, in
 * every sort and at several pages, give the same page, total and typo corrections from the index as from the
 * SQL stages (catalog-sql.ts searchStage); and with drawn vehicle filters (docs/decisions/020-fitment-model.md),
 * searches and lists keep the same parts as the SQL fitment filter.
 */
import { PART_SORTS } from '@partsforge/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/connect.js';
import { createRandom, demoCatalog } from '../../db/catalog-generator.js';
import { categories, makes, partFitments, parts } from '../../db/schema/index.js';
import type { VehicleFilter } from '../vehicles/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createCatalogRepository, type CatalogRepository } from './catalog-repository.js';
import { exactQuery, searchTerms, typoQuery, type PartsSearch } from './catalog-search.js';
import { SearchIndexBuilder, trigramsOf, type SearchIndex } from './search-index.js';

const PARTS = 3000;

let t: TestApp;
let repository: CatalogRepository;
let index: SearchIndex;
let names: string[];
let numbers: string[];
let categoryIds: string[];
let makeIds: string[];
let fitmentRows: { make: string; model: string; yearFrom: number; yearTo: number; engine: string | null }[];
beforeAll(async () => {
  t = await buildTestApp({ seed: await demoCatalog(PARTS) });
  // Application rows and universal flags of our own, with and without engines, over every part.
  const { db } = t.database;
  await db.execute(sql`update parts set universal = (seq % 11 = 0)`);
  await db.execute(sql`insert into part_fitments (part_id, make_slug, model_slug, year_from, year_to, engine, position)
    select id, (array['toyota', 'ford', 'honda'])[1 + seq % 3], (array['camry', 'f-150', 'civic', 'rav4'])[1 + (seq / 3) % 4],
      2000 + seq % 15, 2000 + seq % 15 + seq % 7, case when seq % 5 = 0 then '2.5L 4-cyl' end, case when seq % 2 = 0 then 'Front' end
    from parts where seq % 11 <> 0 and seq % 4 <> 1`);
  fitmentRows = await db
    .selectDistinct({
      make: partFitments.makeSlug,
      model: partFitments.modelSlug,
      yearFrom: partFitments.yearFrom,
      yearTo: partFitments.yearTo,
      engine: partFitments.engine,
    })
    .from(partFitments);
  repository = createCatalogRepository(t.database.db);
  const builder = new SearchIndexBuilder();
  index = await builder.build(
    await repository.readSearchDocuments(
      (document) => builder.add(document),
      (row) => builder.addFitment(row),
    ),
  );
  const rows = await t.database.db
    .select({ name: parts.name, sku: parts.sku, description: parts.description })
    .from(parts);
  names = rows.flatMap((row) => [row.name, row.description]);
  numbers = rows.map((row) => row.sku);
  categoryIds = (await t.database.db.select({ id: categories.id }).from(categories)).map((row) => row.id);
  makeIds = (await t.database.db.select({ id: makes.id }).from(makes)).map((row) => row.id);
}, 120_000);
afterAll(() => t.close());

const random = createRandom(20261125);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** A query a buyer might type, drawn from the catalogue. */
function drawQuery(): string {
  const words = searchTerms(pick(names));
  const start = Math.floor(random() * words.length);
  const phrase = words.slice(start, start + 1 + Math.floor(random() * 2));
  const number = pick(numbers);
  switch (Math.floor(random() * 8)) {
    case 0: // still typing the last word
      return [...phrase.slice(0, -1), phrase.at(-1)!.slice(0, 3 + Math.floor(random() * 3))].join(' ');
    case 1: {
      // a letter dropped
      const word = phrase[0]!;
      const at = Math.floor(random() * word.length);
      return [word.slice(0, at) + word.slice(at + 1), ...phrase.slice(1)].join(' ');
    }
    case 2: // the whole part number, spaced
      return number.replaceAll('-', ' ');
    case 3: // a piece of it
      return number.replaceAll('-', '').slice(2, 7);
    case 4: {
      // a misspelt part number
      const digits = number.replaceAll('-', '');
      return digits.slice(0, -2) + digits.at(-1) + digits.at(-2);
    }
    case 5: // with a stop word
      return ['the', ...phrase, 'for'].join(' ');
    default:
      return phrase.join(' ');
  }
}

/** A search of `q` with random filters, sort and page. */
function drawSearch(q: string): PartsSearch {
  const filter = random();
  return {
    terms: searchTerms(q),
    category: filter < 0.2 ? pick(categoryIds) : undefined,
    make: filter > 0.85 ? pick(makeIds) : undefined,
    sort: pick(PART_SORTS),
    limit: 12,
    offset: pick([0, 0, 12, 36]),
  };
}

describe('the search index', () => {
  it('answers 400 drawn searches with the same page, total and corrections as the database', async () => {
    let found = 0;
    let typos = 0;
    for (let draw = 0; draw < 400; draw += 1) {
      const q = drawQuery();
      const search = drawSearch(q);
      const lexemes = await repository.lexemes(search.terms);
      const exact = exactQuery(search.terms, lexemes);
      const fromIndex = index.page(exact, search);
      const fromDatabase = await repository.searchPage(exact, search);
      expect({ q, search, ...fromIndex, seqs: [...fromIndex.seqs] }).toEqual({
        q,
        search,
        ...fromDatabase,
        seqs: [...fromDatabase.seqs],
      });
      if (fromIndex.total > 0) {
        found += 1;
        continue;
      }
      const corrections = index.corrections(search.terms);
      expect(corrections).toEqual(await repository.corrections(search.terms));
      const typo = typoQuery(
        search.terms,
        await repository.lexemes([...search.terms, ...corrections.values()]),
        corrections,
      );
      if (!typo) continue;
      typos += 1;
      const typoFromIndex = index.page(typo, search);
      const typoFromDatabase = await repository.searchPage(typo, search);
      expect({ q, ...typoFromIndex, seqs: [...typoFromIndex.seqs] }).toEqual({
        q,
        ...typoFromDatabase,
        seqs: [...typoFromDatabase.seqs],
      });
    }
    // The draw exercises both stages.
    expect(found).toBeGreaterThan(200);
    expect(typos).toBeGreaterThan(20);
  }, 120_000);

  it('keeps the same parts as the database for drawn vehicles, in searches and in lists without words', async () => {
    let fitting = 0;
    for (let draw = 0; draw < 300; draw += 1) {
      const row = pick(fitmentRows);
      const vehicle: VehicleFilter | null =
        random() < 0.05
          ? null
          : {
              make: row.make,
              model: random() < 0.8 ? row.model : undefined,
              year:
                random() < 0.85
                  ? row.yearFrom + Math.floor(random() * (row.yearTo - row.yearFrom + 3))
                  : undefined,
              engine: random() < 0.3 ? pick(['2.5L 4-cyl', '3.5L 6-cyl']) : undefined,
              universal: random() < 0.5,
            };
      const q = random() < 0.5 ? '' : drawQuery();
      const search = { ...drawSearch(q), vehicle };
      if (search.terms.length === 0) {
        const fromIndex = index.filteredPage(search);
        const fromDatabase = await repository.filteredPage(search);
        expect({ search, ...fromIndex, seqs: [...fromIndex.seqs] }).toEqual({
          search,
          ...fromDatabase,
          seqs: [...fromDatabase.seqs],
        });
        if (fromIndex.total > 0) fitting += 1;
        continue;
      }
      const exact = exactQuery(search.terms, await repository.lexemes(search.terms));
      const fromIndex = index.page(exact, search);
      const fromDatabase = await repository.searchPage(exact, search);
      expect({ q, search, ...fromIndex, seqs: [...fromIndex.seqs] }).toEqual({
        q,
        search,
        ...fromDatabase,
        seqs: [...fromDatabase.seqs],
      });
    }
    expect(fitting).toBeGreaterThan(50);
  }, 120_000);

  it('matches a short prefix across many lexemes, keeping each part once with its best weight', async () => {
    const builder = new SearchIndexBuilder();
    const vectors = [
      "'pad1':1A 'pad2':2B 'pad3':3B",
      "'pad4':1B 'pad5':2B",
      "'pad6':1A 'pad7':1A 'pad8':2B 'pad9':3B 'pad10':4B",
      "'rotor':1A",
    ];
    vectors.forEach((vector, doc) =>
      builder.add({
        seq: doc + 1,
        partNumber: `x${doc}`,
        categoryId: null,
        makeId: null,
        universal: false,
        priceCents: 100,
        vector,
      }),
    );
    const seqs = Float64Array.from(vectors, (_, doc) => doc + 1);
    const small = await builder.build({ byPrice: seqs, byName: seqs, words: [] });
    const search: PartsSearch = {
      terms: ['pad'],
      category: undefined,
      make: undefined,
      sort: 'relevance',
      limit: 10,
      offset: 0,
    };
    const query = exactQuery(['pad'], new Map([['pad', ['pad']]]));
    // Ten lexemes start with 'pad': parts 1 and 3 hold one in the name (10 points), part 2 only in the description
    // (4); ties go to the later part.
    expect([...small.page(query, search).seqs]).toEqual([3, 1, 2]);
    expect(small.page(query, { ...search, offset: 5 })).toEqual({ seqs: new Float64Array(0), total: 3 });
  });

  it('stops answering once the catalogue changes, and answers again after its rebuild', async () => {
    // A build takes seconds on a busy machine (vi.waitFor's default is one second).
    const rebuilt = { timeout: 30_000, interval: 50 };
    await t.app.ready();
    await vi.waitFor(() => expect(t.app.catalog.searchIndexParts).toBe(PARTS), rebuilt);
    t.app.catalog.catalogueChanged();
    expect(t.app.catalog.searchIndexParts).toBeUndefined();
    await vi.waitFor(() => expect(t.app.catalog.searchIndexParts).toBe(PARTS), rebuilt);
  });

  it('splits words into trigrams as pg_trgm does', async () => {
    for (const word of ['a', 'ab', 'toyota', 'bptoy48210', 'aaaa']) {
      const [row] = await queryRows<{ trigrams: string[] }>(
        t.database.db,
        sql`select show_trgm(${word}) as trigrams`,
      );
      expect(trigramsOf(word).sort()).toEqual([...row!.trigrams].sort());
    }
  });
});
