/**
 * The list of columns that make a part edit a catalogue change exists once (schema/catalog.ts
 * partListedColumns): the database's update trigger that tells other processes (migration 0005) must name
 * exactly those columns, and compare exactly those.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/build-test-app.js';
import { queryRows } from './connect.js';
import { partListedColumns } from './schema/index.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

describe('the catalogue change trigger', () => {
  it('fires on exactly the listed columns', async () => {
    const [row] = await queryRows<{ definition: string }>(
      test.database.db,
      sql`select pg_get_triggerdef(oid) as definition from pg_trigger where tgname = 'parts_notify_on_update'`,
    );
    const definition = row?.definition ?? '';
    const ofColumns = /UPDATE OF (.+?) ON /.exec(definition)?.[1] ?? '';
    const listed = Object.values(partListedColumns)
      .map((column) => column.name)
      .sort();
    expect(
      ofColumns
        .split(',')
        .map((column) => column.trim().replaceAll('"', ''))
        .sort(),
    ).toEqual(listed);
    const compared = [...definition.matchAll(/old\.("?)(\w+)\1 IS DISTINCT FROM/gi)]
      .map((match) => match[2])
      .sort();
    expect(compared).toEqual(listed);
  });
});
