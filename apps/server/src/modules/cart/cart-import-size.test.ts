/**
 * The size of a quick-order answer (docs/requirements.md §11 "Quick order"): `POST /api/cart/import` answers a line
 * per line it reads (at most MAX_IMPORT_LINES), one more for all the lines past that, and quotes a SKU back at most
 * PART_SKU_MAX_LENGTH characters long, so its answer stays small whatever the text (at most 100,000 characters).
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { MAX_IMPORT_LINES, PART_SKU_MAX_LENGTH, messages, type CartChangeResult } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart } from '../../test/orders.js';

let t: TestApp;
let ann: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ config: { writeLimits: false } });
  ann = await signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' });
});
afterAll(() => t.close());

const importText = (text: string, dryRun: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api/cart/import${dryRun ? '?dryRun=true' : ''}`,
    headers: ann.headers,
    payload: { text },
  });

describe('POST /api/cart/import answer size', () => {
  it.each([true, false])(
    'answers 100,000 characters of short lines with one result per read line and one for the rest (dryRun %s)',
    async (dryRun) => {
      const sku = `SZ-${dryRun ? 'D' : 'A'}0001`;
      await insertPart(t.database.db, { sku, minqty: 1, available: 1_000_000 });
      const lines = Array.from({ length: 25_000 }, (_, n) => (n % 2 ? `${sku} 1` : `NO${n} 1`));
      const text = lines.join('\n').slice(0, 100_000);
      const response = await importText(text, dryRun);
      expect(response.statusCode).toBe(200);
      // 500 results of about 130 characters; every line answered, it was about 1 MB.
      expect(response.body.length).toBeLessThan(100_000);
      const { results } = response.json<CartChangeResult>();
      expect(results).toHaveLength(MAX_IMPORT_LINES + 1);
      const total = text.split('\n').length;
      expect(results.at(-1)).toEqual({
        line: MAX_IMPORT_LINES + 1,
        sku: `NO${MAX_IMPORT_LINES}`,
        quantity: 1,
        status: 'error',
        message: messages.cart.linesLeftOut(MAX_IMPORT_LINES, total - MAX_IMPORT_LINES),
      });
    },
  );

  it('quotes a SKU of the text back cut to the longest SKU, however long it is', async () => {
    const long = `A${'b'.repeat(99_990)}`;
    const response = await importText(`${long} 2`, true);
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(1000);
    const cut = `${long.slice(0, PART_SKU_MAX_LENGTH)}…`;
    expect(response.json<CartChangeResult>().results).toEqual([
      { line: 1, sku: cut, quantity: 2, status: 'error', message: messages.cart.unknownSku(cut) },
    ]);
  });
});
