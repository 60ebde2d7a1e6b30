/**
 * One word-splitting rule for the search (docs/decisions/005-catalogue-search.md): the TypeScript that splits
 * a query (searchTerms) and the SQL that splits part text (the search column's regexp_replace, and the typo
 * dictionary's trigger) give the same words for a table of inputs, tricky Unicode included. Runs on PGlite, and
 * on PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect.js';
import { createTestDatabase, type TestDatabase } from '../../test/build-test-app.js';
import { insertPart } from '../../test/orders.js';
import { correctableTerms, searchTerms } from './catalog-search.js';

const INPUTS = [
  'BP-TOY-48210',
  'Brake  PADS, front/rear',
  'Spark plug (iridium) x4',
  'ALT_2.5L V6',
  'Straße Kühler',
  'İgnition coil',
  '\u212Aelvin KIT',
  'ﬁlter ﬂange',
  '２０２４ Model',
  'Ω-ring 10mm',
  "Driver's side",
  '  leading and trailing  ',
];

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

describe('search words', () => {
  it('are split the same way by queries and by the search column', async () => {
    for (const input of INPUTS) {
      const [row] = await queryRows<{ words: string[] }>(
        test.database.db,
        sql`select coalesce(array_remove(regexp_split_to_array(lower(trim(regexp_replace(${input}, '[^a-zA-Z0-9]+', ' ', 'g'))), ' '), ''), '{}') as words`,
      );
      expect(searchTerms(input), input).toEqual(row?.words);
    }
  });

  it('are split the same way by queries and by the typo dictionary of part names', async () => {
    // Half the names arrive with a new part, the other half by renaming one (the two triggers of the dictionary).
    for (const [index, input] of INPUTS.entries()) {
      if (index % 2 === 0) await insertPart(test.database.db, { name: input });
      else
        await test.database.db.execute(
          sql`update parts set name = ${input} where id = ${await insertPart(test.database.db, { name: 'Placeholder' })}`,
        );
      const rows = await queryRows<{ word: string }>(test.database.db, sql`select word from search_words`);
      const dictionary = new Set(rows.map((row) => row.word));
      for (const word of correctableTerms(searchTerms(input)))
        expect(dictionary.has(word), `${input}: ${word}`).toBe(true);
    }
    const rows = await queryRows<{ word: string }>(
      test.database.db,
      sql`select word from search_words order by word`,
    );
    const expected = new Set(
      [...INPUTS, 'Placeholder'].flatMap((input) => correctableTerms(searchTerms(input))),
    );
    expect(rows.map((row) => row.word).filter((word) => !expected.has(word))).toEqual([]);
  });

  it('are the words of the search column itself: the same lexemes as the query words of name, number and description', async () => {
    for (const input of INPUTS) {
      const id = await insertPart(test.database.db, { name: input });
      const [part] = await queryRows<{ sku: string; description: string }>(
        test.database.db,
        sql`select sku, description from parts where id = ${id}`,
      );
      const words = [input, part!.sku, part!.description].flatMap((text) => searchTerms(text)).join(' ');
      const [row] = await queryRows<{ same: boolean }>(
        test.database.db,
        sql`select strip(search_vector) = strip(to_tsvector('english', ${words})) as same from parts where id = ${id}`,
      );
      expect(row?.same, input).toBe(true);
    }
  });
});
