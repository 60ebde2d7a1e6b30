/**
 * The catalogue in bulk through the real app (docs/requirements.md §13 "Catalogue in bulk"), on the demo catalogue
 * `npm start` seeds (119 curated parts with their fitment, and the vehicle list): `GET /api/admin/parts.csv` and
 * `POST /api/admin/parts/import`, as an admin's spreadsheet round trip sees them. Runs on PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */
import { catalogCsvMessages } from '@partsforge/shared/catalog-csv-messages';
import {
  CATALOG_CSV_COLUMNS,
  messages,
  type CatalogImportInvalid,
  type CatalogImportReport,
  type Part,
} from '@partsforge/shared';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog } from '../../db/catalog-generator.js';
import { parts, stockMovements } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { multipartFile } from '../../test/multipart.js';
import { seedVehicles } from '../vehicles/index.js';
import { createCatalogCsvRepository } from './catalog-csv-repository.js';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ seed: await demoCatalog() });
  await seedVehicles(t.database.db);
  [admin, customer] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('customer'), name: 'Customer' }),
  ]);
}, 120_000);
afterAll(() => t.close());

type Row = Record<(typeof CATALOG_CSV_COLUMNS)[number], string>;

/** `GET /api/admin/parts.csv` as the admin: the raw text. */
async function exportText(): Promise<string> {
  const response = await t.app.inject({ url: '/api/admin/parts.csv', headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** The export read as a spreadsheet would: one object per part, by column. */
async function exportRows(): Promise<Row[]> {
  return Papa.parse<Row>((await exportText()).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true })
    .data;
}

/** The CSV text of `rows` (every column, in the export's order). */
function csvOf(rows: Partial<Row>[], columns: readonly string[] = CATALOG_CSV_COLUMNS): string {
  return Papa.unparse({
    fields: [...columns],
    data: rows.map((row) => columns.map((c) => row[c as keyof Row] ?? '')),
  });
}

/** `POST /api/admin/parts/import` with `csv` as the file, as `user` (the admin by default). */
async function importCsv(csv: string | Buffer, { dryRun = false, user = admin } = {}) {
  const { payload, contentType } = multipartFile(csv);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/parts/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...user.headers, 'content-type': contentType },
    payload,
  });
}

async function partBySku(sku: string): Promise<Part> {
  const [row] = await t.database.db.select({ id: parts.id }).from(parts).where(eq(parts.sku, sku));
  const response = await t.app.inject({ url: `/api/parts/${row!.id}` });
  return response.json<Part>();
}

async function movementCount(): Promise<number> {
  return (await t.database.db.select({ id: stockMovements.id }).from(stockMovements)).length;
}

/** An import report without errors. */
const counted = (created: number, updated: number, unchanged: number): CatalogImportReport => ({
  created,
  updated,
  unchanged,
  errors: [],
});

/** A new part's row: every required column and a fitment row. */
const newRow = (sku: string, overrides: Partial<Row> = {}): Partial<Row> => ({
  sku,
  name: `Imported Part ${sku}`,
  description: 'Added by an import.',
  category: 'brakes',
  make: 'toyota',
  price: '24.50',
  minqty: '2',
  packSize: '2',
  available: '40',
  img: '/images/parts/brake-pads-ceramic.svg',
  priceBreaks: '10:22.00;50:20.00',
  interchangeNumbers: '04465-06090;D1222',
  universal: 'false',
  fitment: 'toyota/camry/2018-2020//SE/Front/2/With sport brakes',
  ...overrides,
});

describe('GET /api/admin/parts.csv', () => {
  it('streams every part by SKU as CSV: header, dollars, slugs, breaks, interchange numbers, fitment', async () => {
    const response = await t.app.inject({ url: '/api/admin/parts.csv', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="parts.csv"');
    expect(response.body.startsWith(`\uFEFF${CATALOG_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);

    const rows = await exportRows();
    expect(rows).toHaveLength(119);
    const skus = rows.map((row) => row.sku);
    expect(skus).toEqual([...skus].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const pads = rows.find((row) => row.sku === 'BP-TOY-48210')!;
    const api = await partBySku('BP-TOY-48210');
    expect(pads).toMatchObject({
      name: api.name,
      price: api.price.toFixed(2),
      minqty: String(api.minqty),
      packSize: String(api.packSize),
      weightKg: '1.2',
      available: String(api.available),
      img: api.img,
      universal: 'false',
      make: 'toyota',
      priceBreaks: api.priceBreaks.map((tier) => `${tier.minQuantity}:${tier.price.toFixed(2)}`).join(';'),
      interchangeNumbers: api.interchangeNumbers.join(';'),
    });
    expect(api.weightKg).toBe(1.2);
    expect(pads.category).toMatch(/^[a-z0-9-]+$/);
    expect(pads.fitment).toMatch(/^toyota\/[a-z0-9-]+\/\d{4}(-\d{4})?/);
    expect(rows.some((row) => row.universal === 'true' && row.fitment === '')).toBe(true);
  });

  it('reads the catalogue in SKU ranges of a page each: every part once, in order, at any page size', async () => {
    const repository = createCatalogCsvRepository(t.database.db);
    const read = async (pageSize: number) => {
      const pages: string[][][] = [];
      for await (const page of repository.csvPages(pageSize)) pages.push(page);
      return pages;
    };
    const whole = (await read(2000)).flat();
    expect(whole).toHaveLength(119);
    for (const pageSize of [1, 7, 119, 120]) {
      const pages = await read(pageSize);
      expect(pages.flat(), `page size ${pageSize}`).toEqual(whole);
      expect(Math.max(...pages.map((page) => page.length))).toBeLessThanOrEqual(pageSize);
    }
  });
});

describe('POST /api/admin/parts/import', () => {
  it('finds every row of an export unchanged, in a dry run and applied', async () => {
    const text = await exportText();
    const dry = await importCsv(text, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<CatalogImportReport>()).toEqual(counted(0, 0, 119));
    const movements = await movementCount();
    const applied = await importCsv(text);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<CatalogImportReport>()).toEqual(counted(0, 0, 119));
    expect(await exportText()).toBe(text);
    expect(await movementCount()).toBe(movements);
  });

  it('changes nothing in a dry run, and tells what it would create and update', async () => {
    const before = await exportText();
    const rows = await exportRows();
    rows[0]!.price = '999.99';
    rows[0]!.priceBreaks = '';
    rows[1]!.fitment = '';
    const csv = csvOf([...rows, newRow('IMP-DRY-0001')]);
    const response = await importCsv(csv, { dryRun: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CatalogImportReport>()).toEqual(counted(1, 2, 117));
    expect(await exportText()).toBe(before);
  });

  it('creates and updates parts by SKU; stock changes go in the ledger as an import by the admin', async () => {
    const rows = await exportRows();
    const target = rows.find((row) => row.sku === 'BP-TOY-48210')!;
    const stockBefore = Number(target.available);
    target.available = String(stockBefore + 25);
    target.price = '88.80';
    target.priceBreaks = '';
    target.name = 'Ceramic Brake Pads, "Quiet" — Front';
    const fresh = newRow('IMP-NEW-0001');
    const response = await importCsv(csvOf([target, rows[5]!, fresh]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CatalogImportReport>()).toEqual(counted(1, 1, 1));

    const updated = await partBySku('BP-TOY-48210');
    expect(updated).toMatchObject({
      name: 'Ceramic Brake Pads, "Quiet" — Front',
      price: 88.8,
      priceBreaks: [],
      available: stockBefore + 25,
    });
    const created = await partBySku('IMP-NEW-0001');
    expect(created).toMatchObject({
      name: 'Imported Part IMP-NEW-0001',
      price: 24.5,
      minqty: 2,
      packSize: 2,
      available: 40,
      priceBreaks: [
        { minQuantity: 10, price: 22 },
        { minQuantity: 50, price: 20 },
      ],
      interchangeNumbers: ['04465-06090', 'D1222'],
      universal: false,
    });
    const fitment = await t.app.inject({ url: `/api/parts/${created._id}/fitment` });
    expect(fitment.json()).toEqual([
      expect.objectContaining({
        make: 'toyota',
        model: 'camry',
        yearFrom: 2018,
        yearTo: 2020,
        engine: null,
        submodel: 'SE',
        position: 'Front',
        quantity: 2,
        note: 'With sport brakes',
      }),
    ]);

    const movements = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.partId, updated._id));
    expect(movements.at(-1)).toMatchObject({
      change: 25,
      levelAfter: stockBefore + 25,
      reason: 'import',
      userId: admin.user.id,
    });
    const createdMovements = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.partId, created._id));
    expect(createdMovements).toEqual([
      expect.objectContaining({ change: 40, levelAfter: 40, reason: 'import', userId: admin.user.id }),
    ]);
    // The catalogue shows the change at once (its caches heard of it).
    const listed = await t.app.inject({ url: '/api/parts?q=IMP-NEW-0001' });
    expect(listed.json<Part[]>().map((part) => part.sku)).toContain('IMP-NEW-0001');
  });

  it('writes nothing when one row is bad: 400 IMPORT_INVALID with the report', async () => {
    const before = await exportText();
    const movements = await movementCount();
    const rows = await exportRows();
    rows[0]!.available = String(Number(rows[0]!.available) + 7);
    rows[1]!.price = (Number(rows[1]!.price) + 1).toFixed(2);
    const csv = csvOf([...rows, newRow('IMP-ROLLBACK-1'), newRow('IMP-ROLLBACK-2', { price: 'cheap' })]);
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(400);
    expect(response.json<CatalogImportInvalid>()).toEqual({
      message: 'The file has 1 error: nothing was imported.',
      code: 'IMPORT_INVALID',
      // Nothing was written, and the report claims nothing.
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: [
        {
          row: rows.length + 3,
          column: 'price',
          message: 'Price must be an amount in dollars, such as 4.50',
        },
      ],
    });
    expect(await exportText()).toBe(before);
    expect(await movementCount()).toBe(movements);
  });

  it('names the row and column of each problem', async () => {
    const rows = await exportRows();
    const universal = rows.find((row) => row.universal === 'true')!;
    const csv = csvOf([
      newRow('IMP-ERR-01', { category: 'no-such-category' }),
      newRow('IMP-ERR-02', { make: 'atlantis' }),
      newRow('IMP-ERR-03', { priceBreaks: '10-4.50' }),
      newRow('IMP-ERR-04', { priceBreaks: '10:30.00' }),
      newRow('IMP-ERR-05', { fitment: 'toyota/flying-carpet/2019' }),
      newRow('IMP-ERR-06', { fitment: 'toyota/camry/2019/9.9L V12' }),
      newRow('IMP-ERR-07', { fitment: 'toyota/camry' }),
      newRow('IMP-ERR-01'),
      newRow('IMP-ERR-09', { name: '', minqty: '0', img: 'javascript:alert(1)' }),
      newRow('IMP-ERR-10', { universal: 'true' }),
      newRow('IMP-ERR-11', { universal: 'maybe', available: 'lots' }),
      newRow('', {}),
      newRow('bad sku!'),
      { ...universal, fitment: 'toyota/camry/2019' },
      newRow('IMP-ERR-OK'),
    ]);
    const response = await importCsv(csv, { dryRun: true });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<CatalogImportReport>();
    expect(report.errors).toEqual([
      {
        row: 2,
        column: 'category',
        message: 'There is no category "no-such-category": use a category\'s slug, such as brakes.',
      },
      { row: 3, column: 'make', message: 'There is no make "atlantis": use a make\'s slug, such as toyota.' },
      {
        row: 4,
        column: 'priceBreaks',
        message:
          'Write price breaks as quantity:unit price, separated by semicolons, such as 10:4.50;50:4.00.',
      },
      {
        row: 5,
        column: 'priceBreaks',
        message: 'Quantity break prices must go down as quantities go up, below the base price',
      },
      {
        row: 6,
        column: 'fitment',
        message: 'Fitment row 1: no Toyota model "flying-carpet" in the vehicle list',
      },
      {
        row: 7,
        column: 'fitment',
        message: 'Fitment row 1: the Toyota Camry has no engine "9.9L V12" from 2019 to 2019',
      },
      {
        row: 8,
        column: 'fitment',
        message:
          'Fitment row 1 must read make/model/years (such as toyota/camry/2018-2020), then optionally /engine/submodel/position/quantity/note.',
      },
      { row: 9, column: 'sku', message: 'The same SKU (in any case) is on row 2.' },
      { row: 10, column: 'name', message: 'Title is Required' },
      { row: 10, column: 'minqty', message: 'Minimum order quantity must be at least 1' },
      { row: 10, column: 'img', message: expect.any(String) },
      { row: 11, column: 'fitment', message: 'A universal part fits every vehicle: it has no fitment rows.' },
      { row: 12, column: 'available', message: 'Quantity must be a whole number' },
      { row: 12, column: 'universal', message: 'universal must be true or false.' },
      { row: 13, column: 'sku', message: 'SKU is Required' },
      { row: 14, column: 'sku', message: expect.any(String) },
      { row: 15, column: 'fitment', message: 'A universal part fits every vehicle: it has no fitment rows.' },
    ]);
    // A file with errors would write nothing, IMP-ERR-OK included: the counts say so.
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 0 });
  });

  it('names missing, unknown and repeated columns on row 1', async () => {
    const response = await importCsv('sku,name,Description,colour,name\r\nX-1,A,B,red,A\r\n', {
      dryRun: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<CatalogImportReport>().errors).toEqual([
      { row: 1, column: 'colour', message: '"colour" is not a column of the parts CSV.' },
      { row: 1, column: 'name', message: 'The column "name" appears twice.' },
      { row: 1, column: 'price', message: 'The column "price" is missing.' },
      { row: 1, column: 'minqty', message: 'The column "minqty" is missing.' },
      { row: 1, column: 'available', message: 'The column "available" is missing.' },
      { row: 1, column: 'img', message: 'The column "img" is missing.' },
    ]);
    const applied = await importCsv('sku,name\r\n');
    expect(applied.statusCode).toBe(400);
    expect(applied.json()).toMatchObject({ code: 'IMPORT_INVALID', created: 0, updated: 0, unchanged: 0 });
  });

  it('reports rows with the wrong number of cells, files that are not UTF-8, and empty files', async () => {
    const header = CATALOG_CSV_COLUMNS.join(',');
    const short = await importCsv(`${header}\r\nX-1,Name,Desc\r\n`, { dryRun: true });
    expect(short.json<CatalogImportReport>().errors).toEqual([
      { row: 2, message: 'This row has 3 cells; the header has 17.' },
    ]);
    const latin1 = await importCsv(Buffer.from(`${header}\r\nX-1,Caf\xe9`, 'latin1'), { dryRun: true });
    expect(latin1.json<CatalogImportReport>().errors).toEqual([
      { row: 1, message: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.' },
    ]);
    const empty = await importCsv('', { dryRun: true });
    expect(empty.json<CatalogImportReport>().errors).toEqual([
      { row: 1, message: 'The file is empty: its first row must name the columns.' },
    ]);
  });

  it('keeps quotes, commas, line breaks and any script through a round trip', async () => {
    const tricky = newRow('IMP-TEXT-0001', {
      name: 'Pads, "Premium" – Ünïcödé ✓ 日本語',
      description: 'Line one, with a comma;\nline two "quoted"\r\nthree: =SUM(A1) and @home 🚗',
      // `/` and `;` inside a field are written %2F and %3B; any other % is itself.
      fitment: 'toyota/camry/2018-2020//LE%2FXLE/Front Left/2/Fits 50% of trims%3B check VIN',
    });
    const created = await importCsv(csvOf([tricky]));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<CatalogImportReport>()).toMatchObject({ created: 1 });
    const part = await partBySku('IMP-TEXT-0001');
    expect(part.name).toBe(tricky.name);
    expect(part.description).toBe(tricky.description);
    const fitment = await t.app.inject({ url: `/api/parts/${part._id}/fitment` });
    expect(fitment.json()).toEqual([
      expect.objectContaining({
        submodel: 'LE/XLE',
        note: 'Fits 50% of trims; check VIN',
        position: 'Front Left',
      }),
    ]);

    const text = await exportText();
    const row = (await exportRows()).find((r) => r.sku === 'IMP-TEXT-0001')!;
    expect(row).toMatchObject({
      name: tricky.name,
      description: tricky.description,
      fitment: 'toyota/camry/2018-2020//LE%2FXLE/Front Left/2/Fits 50%25 of trims%3B check VIN',
    });
    const again = await importCsv(text, { dryRun: true });
    expect(again.json<CatalogImportReport>()).toMatchObject({ created: 0, updated: 0, errors: [] });
  });

  it('reads weightKg in kilograms (a new part without one weighs 1 kg) and names a bad one', async () => {
    const response = await importCsv(
      csvOf([newRow('IMP-KG-01', { weightKg: '18.25' }), newRow('IMP-KG-02', { weightKg: '' })]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await partBySku('IMP-KG-01')).weightKg).toBe(18.25);
    expect((await partBySku('IMP-KG-02')).weightKg).toBe(1);
    const exported = await exportRows();
    expect(exported.find((row) => row.sku === 'IMP-KG-01')!.weightKg).toBe('18.25');

    const bad = await importCsv(
      csvOf([
        newRow('IMP-KG-03', { weightKg: 'heavy' }),
        newRow('IMP-KG-04', { weightKg: '0' }),
        newRow('IMP-KG-05', { weightKg: '1.2345' }),
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<CatalogImportReport>().errors).toEqual([
      { row: 2, column: 'weightKg', message: messages.shippingPages.validation.weightRequired },
      { row: 3, column: 'weightKg', message: messages.shippingPages.validation.weightPositive },
      { row: 4, column: 'weightKg', message: messages.shippingPages.validation.weightGrams },
    ]);
  });

  it('writes and reads coreCharge in dollars (docs/requirements.md §17): none when absent or empty, a bad one named', async () => {
    // The demo catalogue's alternators carry a core deposit, other kinds none.
    const exported = await exportRows();
    expect(exported.find((row) => row.sku === 'ALT-TOY-27060')!.coreCharge).toBe('45.00');
    expect(exported.find((row) => row.sku === 'BP-TOY-48210')!.coreCharge).toBe('0.00');
    expect((await partBySku('ALT-TOY-27060')).coreCharge).toBe(45);

    const response = await importCsv(
      csvOf([newRow('IMP-CORE-01', { coreCharge: '12.50' }), newRow('IMP-CORE-02', { coreCharge: '' })]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await partBySku('IMP-CORE-01')).coreCharge).toBe(12.5);
    expect((await partBySku('IMP-CORE-02')).coreCharge).toBe(0);
    // A file without the column: a new part has none, an updated part keeps its own.
    const without = CATALOG_CSV_COLUMNS.filter((column) => column !== 'coreCharge');
    const partial = await importCsv(
      csvOf([newRow('IMP-CORE-03'), newRow('IMP-CORE-01', { name: 'Renamed core part' })], without),
    );
    expect(partial.statusCode, partial.body).toBe(200);
    expect((await partBySku('IMP-CORE-03')).coreCharge).toBe(0);
    expect(await partBySku('IMP-CORE-01')).toMatchObject({ name: 'Renamed core part', coreCharge: 12.5 });

    const bad = await importCsv(
      csvOf([
        newRow('IMP-CORE-04', { coreCharge: 'lots' }),
        newRow('IMP-CORE-05', { coreCharge: '-5' }),
        newRow('IMP-CORE-06', { coreCharge: '4.555' }),
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<CatalogImportReport>().errors).toEqual([
      { row: 2, column: 'coreCharge', message: catalogCsvMessages.notAPrice('Core charge') },
      { row: 3, column: 'coreCharge', message: catalogCsvMessages.notAPrice('Core charge') },
      { row: 4, column: 'coreCharge', message: messages.coreCharges.validation.cents },
    ]);
  });

  it('reads a file of only some columns, keeping the others of the parts it updates', async () => {
    const before = await partBySku('BP-TOY-48210');
    const csv = `SKU;Name;Description;Price;MinQty;Available;Img\r\nBP-TOY-48210;${before.name};${before.description};${before.price + 1};${before.minqty};${before.available};${before.img}\r\n`;
    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CatalogImportReport>()).toEqual(counted(0, 1, 0));
    const after = await partBySku('BP-TOY-48210');
    expect(after).toEqual({ ...before, price: before.price + 1 });
  });

  it('compares SKUs ignoring case: a row updates the part of that SKU in any case, and one SKU twice is an error', async () => {
    const count = async () => (await t.database.db.select({ id: parts.id }).from(parts)).length;
    const parts0 = await count();
    const target = (await exportRows()).find((row) => row.sku === 'BP-TOY-48210')!;
    const renamed = { ...target, sku: 'bp-toy-48210', name: 'Ceramic Brake Pads, any-case SKU' };
    const response = await importCsv(csvOf([renamed]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CatalogImportReport>()).toEqual(counted(0, 1, 0));
    expect(await count()).toBe(parts0);
    // The part keeps its own spelling of the SKU.
    expect(await partBySku('BP-TOY-48210')).toMatchObject({ name: 'Ceramic Brake Pads, any-case SKU' });

    const twice = await importCsv(csvOf([newRow('IMP-CASE-0001'), newRow('imp-case-0001')]));
    expect(twice.statusCode).toBe(400);
    expect(twice.json<CatalogImportInvalid>()).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: [{ row: 3, column: 'sku', message: 'The same SKU (in any case) is on row 2.' }],
    });
    expect(await count()).toBe(parts0);
  });

  it('refuses a row whose SKU matches, in another case, several parts that differ only in case', async () => {
    const target = (await exportRows()).find((row) => row.sku === 'RAD-CHV-13420')!;
    const twin = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: admin.headers,
      payload: {
        name: 'Twin',
        description: 'Made by hand',
        available: 1,
        minqty: 1,
        price: 1,
        img: target.img,
      },
    });
    expect(twin.statusCode, twin.body).toBe(201);
    const twinId = twin.json<{ insertedId: string }>().insertedId;
    await t.database.db.update(parts).set({ sku: 'rad-chv-13420' }).where(eq(parts.id, twinId));
    try {
      const ambiguous = await importCsv(csvOf([{ ...target, sku: 'Rad-Chv-13420' }]), { dryRun: true });
      expect(ambiguous.json<CatalogImportReport>().errors).toEqual([
        {
          row: 2,
          column: 'sku',
          message:
            'The shop has several parts whose SKUs differ only in case (RAD-CHV-13420, rad-chv-13420): write the SKU exactly as one of them.',
        },
      ]);
      // Written exactly as one of them, it is that one.
      const exact = await importCsv(csvOf([{ ...target, name: 'Radiator, exact SKU' }]), { dryRun: true });
      expect(exact.json<CatalogImportReport>()).toEqual(counted(0, 1, 0));
    } finally {
      await t.app.inject({ method: 'DELETE', url: `/api/parts/${twinId}`, headers: admin.headers });
    }
  });

  it('answers a large file full of errors with a small report: at most 100 errors, values cut short', async () => {
    const long = 'x'.repeat(5000);
    // About 10 MB: 1,000 rows, each with a 5,000-character category and make.
    const rows = Array.from({ length: 1000 }, (_, n) =>
      newRow(`IMP-BIG-${String(n).padStart(4, '0')}`, { category: long, make: long }),
    );
    const csv = csvOf(rows);
    expect(csv.length).toBeGreaterThan(10_000_000);
    for (const dryRun of [true, false]) {
      const response = await importCsv(csv, { dryRun });
      expect(response.statusCode).toBe(dryRun ? 200 : 400);
      expect(response.body.length).toBeLessThan(40_000);
      const report = response.json<CatalogImportReport>();
      expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 0 });
      expect(report.errors).toHaveLength(101);
      expect(report.errors[0]).toEqual({
        row: 2,
        column: 'category',
        message: `There is no category "${'x'.repeat(40)}…": use a category's slug, such as brakes.`,
      });
      expect(report.errors.at(-1)!.message).toBe('…and 1,900 more errors, not listed.');
    }
    // A header of huge unknown column names is quoted short too.
    const header = await importCsv(`${CATALOG_CSV_COLUMNS.join(',')},${'y'.repeat(3_000_000)}\r\n`, {
      dryRun: true,
    });
    expect(header.body.length).toBeLessThan(1000);
    expect(header.json<CatalogImportReport>().errors).toEqual([
      {
        row: 1,
        column: `${'y'.repeat(40)}…`,
        message: `"${'y'.repeat(40)}…" is not a column of the parts CSV.`,
      },
    ]);
  });

  it('needs the file in the multipart field "file", from an admin', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/parts/import',
      headers: admin.headers,
      payload: { file: 'sku' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const { payload, contentType } = multipartFile('sku', { field: 'csv' });
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/admin/parts/import',
      headers: { ...admin.headers, 'content-type': contentType },
      payload,
    });
    expect(wrongField.statusCode).toBe(400);
    expect((await importCsv('sku', { user: customer })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/parts.csv', headers: customer.headers })).statusCode).toBe(
      403,
    );
  });
});

describe('the supersededBy column (docs/requirements.md §17)', () => {
  it('links parts by SKU, a chain in one file resolving to its last part, and exports the links', async () => {
    const response = await importCsv(
      csvOf([
        newRow('SS-OLD-1', { supersededBy: 'SS-MID-2', fitment: '' }),
        newRow('SS-MID-2', { supersededBy: 'ss-new-3', fitment: '' }),
        newRow('SS-NEW-3', { fitment: '' }),
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CatalogImportReport>()).toEqual(counted(3, 0, 0));
    const old = await partBySku('SS-OLD-1');
    expect(old.supersededBy).toBe('SS-MID-2');
    expect(old.replacement).toMatchObject({ sku: 'SS-NEW-3' });
    const exported = (await exportRows()).filter((row) => row.sku.startsWith('SS-'));
    expect(exported.map((row) => [row.sku, row.supersededBy])).toEqual([
      ['SS-MID-2', 'SS-NEW-3'],
      ['SS-NEW-3', ''],
      ['SS-OLD-1', 'SS-MID-2'],
    ]);
    // The same file again changes nothing.
    const again = await importCsv(
      csvOf([
        newRow('SS-OLD-1', { supersededBy: 'SS-MID-2', fitment: '' }),
        newRow('SS-MID-2', { supersededBy: 'SS-NEW-3', fitment: '' }),
      ]),
    );
    expect(again.json<CatalogImportReport>()).toEqual(counted(0, 0, 2));
  });

  it('refuses cycles across the file and the catalogue, unknown SKUs and the part itself, writing nothing', async () => {
    // The catalogue holds SS-OLD-1 -> SS-MID-2 -> SS-NEW-3 (the test before).
    const response = await importCsv(
      csvOf([
        newRow('SS-NEW-3', { supersededBy: 'SS-OLD-1', fitment: '' }),
        newRow('SS-OTHER-4', { supersededBy: 'NO-SUCH-SKU', fitment: '' }),
        newRow('SS-SELF-5', { supersededBy: 'ss-self-5', fitment: '' }),
        newRow('SS-A-6', { supersededBy: 'SS-B-7', fitment: '' }),
        newRow('SS-B-7', { supersededBy: 'SS-A-6', fitment: '' }),
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'IMPORT_INVALID', created: 0, updated: 0, unchanged: 0 });
    expect(response.json<CatalogImportReport>().errors).toEqual([
      { row: 2, column: 'supersededBy', message: messages.supersessionPages.cycle('SS-NEW-3') },
      { row: 3, column: 'supersededBy', message: messages.supersessionPages.unknownSku('NO-SUCH-SKU') },
      { row: 4, column: 'supersededBy', message: messages.supersessionPages.self },
      { row: 5, column: 'supersededBy', message: messages.supersessionPages.cycle('SS-A-6') },
      { row: 6, column: 'supersededBy', message: messages.supersessionPages.cycle('SS-B-7') },
    ]);
    expect((await partBySku('SS-NEW-3')).supersededBy).toBeNull();

    // Clearing the middle link in the file makes the same link from SS-NEW-3 no cycle.
    const cleared = await importCsv(
      csvOf([
        newRow('SS-MID-2', { supersededBy: '', fitment: '' }),
        newRow('SS-NEW-3', { supersededBy: 'SS-OLD-1', fitment: '' }),
      ]),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await partBySku('SS-MID-2')).replacement).toBeNull();
    expect((await partBySku('SS-NEW-3')).replacement?.sku).toBe('SS-MID-2');
  });
});
