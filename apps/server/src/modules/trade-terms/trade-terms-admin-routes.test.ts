/**
 * The admins' trade terms as a client sees them (docs/requirements.md §15 "Trade terms"): the price levels (percent
 * round trip, category discounts, validation, a level in use cannot go, versions), a company's contract prices (SKUs
 * in any case, unknown SKUs refused with nothing written, replacement), their CSV import (report, all or nothing, dry
 * run) and a company's terms as GET /api/admin/companies/:id shows them. Admins only (the access-control matrix has
 * the rows; a few are checked here too). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import {
  DEFAULT_COMPANY_TERMS,
  adminCompanySchema,
  myCompanySchema,
  categorySchema,
  companySchema,
  partSchema,
  type ContractPrice,
  type PriceLevel,
} from '@partsforge/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parts } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { catalogFixture } from '../../test/catalog-fixture.js';
import { multipartFile } from '../../test/multipart.js';
import { seedTradeTerms } from './index.js';

let t: TestApp;
let admin: TestUser;
/** Category ids by name (the fixture's Brakes, Filters, Lighting). */
let category: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ seed: catalogFixture, config: { writeLimits: false } });
  admin = await signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' });
  const categories = z.array(categorySchema).parse((await t.app.inject('/api/category')).json());
  category = Object.fromEntries(categories.map((c) => [c.name, c._id]));
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, user?: TestUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(user ? { headers: user.headers } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

/** A new customer owning a new company: the owner and the company's `_id`. */
async function newCompany(): Promise<{ owner: TestUser; id: string }> {
  const owner = await signUpAndGetToken(t.app, { email: uniqueEmail('owner'), name: 'Olga Owner' });
  const response = await call('POST', '/api/companies', owner, {
    name: `Garage ${owner.user.id.slice(0, 6)}`,
  });
  expectStatus(response, 201);
  return { owner, id: companySchema.parse(response.json())._id };
}

/** Part `sku` as `user` sees it (`GET /api/parts/:id`: their prices, and the list ones beside them). */
async function partAs(user: TestUser, sku: string) {
  const [row] = await t.database.db.select({ id: parts.id }).from(parts).where(eq(parts.sku, sku));
  const response = await call('GET', `/api/parts/${row!.id}`, user);
  expectStatus(response, 200);
  return partSchema.parse(response.json());
}

const levels = async (): Promise<PriceLevel[]> => {
  const response = await call('GET', '/api/admin/price-levels', admin);
  expectStatus(response, 200);
  return response.json();
};
const putLevels = (body: unknown) => call('PUT', '/api/admin/price-levels', admin, body);
const adminCompany = async (id: string) => {
  const response = await call('GET', `/api/admin/companies/${id}`, admin);
  expectStatus(response, 200);
  return adminCompanySchema.parse(response.json());
};
const prices = async (id: string): Promise<ContractPrice[]> => {
  const response = await call('GET', `/api/admin/companies/${id}/prices`, admin);
  expectStatus(response, 200);
  return response.json();
};
const importPrices = (id: string, csv: string, query = '') => {
  const file = multipartFile(csv, { filename: 'prices.csv' });
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/companies/${id}/prices/import${query}`,
    headers: { ...admin.headers, 'content-type': file.contentType },
    payload: file.payload,
  });
};

const baseLevels = (): PriceLevel[] => [
  { code: 'list', name: 'List', discountPercent: 0, categoryDiscounts: [] },
  { code: 'jobber', name: 'Jobber', discountPercent: 15, categoryDiscounts: [] },
  { code: 'dealer', name: 'Dealer', discountPercent: 25, categoryDiscounts: [] },
];

describe('price levels', () => {
  it('starts with list, jobber and dealer, and round-trips percents with two decimals and category discounts', async () => {
    expect(await levels()).toEqual(baseLevels());
    const next: PriceLevel[] = [
      ...baseLevels(),
      {
        code: 'fleet',
        name: 'Fleet',
        discountPercent: 12.35,
        categoryDiscounts: [
          { categoryId: category.Brakes!, discountPercent: 20.5 },
          { categoryId: category.Filters!, discountPercent: 0.01 },
        ],
      },
    ];
    const response = await putLevels(next);
    expectStatus(response, 200);
    expect(response.json()).toEqual(next);
    expect(await levels()).toEqual(next);
    // Back to the three, in another order: the order given is the display order.
    const reordered = [baseLevels()[2]!, baseLevels()[0]!, baseLevels()[1]!];
    expectStatus(await putLevels(reordered), 200);
    expect(await levels()).toEqual(reordered);
    expectStatus(await putLevels(baseLevels()), 200);
  });

  it('refuses invalid lists with 400 and changes nothing', async () => {
    const before = await levels();
    const invalid: unknown[] = [
      [...baseLevels(), { code: 'Bad Code', name: 'X', discountPercent: 1, categoryDiscounts: [] }],
      [...baseLevels(), { code: 'fleet', name: '', discountPercent: 1, categoryDiscounts: [] }],
      [...baseLevels(), { code: 'fleet', name: 'Fleet', discountPercent: 100.5, categoryDiscounts: [] }],
      [...baseLevels(), { code: 'fleet', name: 'Fleet', discountPercent: 1.234, categoryDiscounts: [] }],
      [...baseLevels(), { code: 'jobber', name: 'Again', discountPercent: 1, categoryDiscounts: [] }],
      [
        ...baseLevels(),
        {
          code: 'fleet',
          name: 'Fleet',
          discountPercent: 1,
          categoryDiscounts: [
            { categoryId: category.Brakes!, discountPercent: 1 },
            { categoryId: category.Brakes!, discountPercent: 2 },
          ],
        },
      ],
    ];
    for (const body of invalid) {
      const response = await putLevels(body);
      expectStatus(response, 400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const unknownCategory = '00000000-0000-4000-8000-000000000000';
    const response = await putLevels([
      ...baseLevels(),
      {
        code: 'fleet',
        name: 'Fleet',
        discountPercent: 1,
        categoryDiscounts: [{ categoryId: unknownCategory, discountPercent: 2 }],
      },
    ]);
    expectStatus(response, 400);
    expect(response.json<{ message: string }>().message).toContain(unknownCategory);
    expect(await levels()).toEqual(before);
  });

  it('refuses to delete a level a company has (409 LEVEL_IN_USE), or list, and changes nothing', async () => {
    const { id } = await newCompany();
    expectStatus(
      await call('PUT', `/api/admin/companies/${id}/terms`, admin, {
        priceLevel: 'dealer',
        paymentTerms: 'card',
        creditLimit: 0,
        taxExempt: false,
      }),
      200,
    );
    const before = await levels();
    const response = await putLevels([
      { ...baseLevels()[0]!, name: 'List renamed' },
      { ...baseLevels()[1]!, discountPercent: 40 },
    ]);
    expectStatus(response, 409);
    expect(response.json()).toMatchObject({
      code: 'LEVEL_IN_USE',
      message: expect.stringContaining('dealer'),
    });
    expect(await levels()).toEqual(before);

    const withoutList = await putLevels(baseLevels().slice(1));
    expectStatus(withoutList, 409);
    expect(withoutList.json()).toMatchObject({
      code: 'LEVEL_IN_USE',
      message: expect.stringContaining('list'),
    });
    expect(await levels()).toEqual(before);

    // A level no company has goes.
    expectStatus(
      await putLevels([...baseLevels(), { ...baseLevels()[1]!, code: 'spare', name: 'Spare' }]),
      200,
    );
    expectStatus(await putLevels(baseLevels()), 200);
    expect((await levels()).map((level) => level.code)).toEqual(['list', 'jobber', 'dealer']);
  });

  it("changes a member's prices when the level changes, and only then (the level's version)", async () => {
    const { owner, id } = await newCompany();
    expectStatus(
      await call('PUT', `/api/admin/companies/${id}/terms`, admin, {
        priceLevel: 'jobber',
        paymentTerms: 'card',
        creditLimit: 0,
        taxExempt: false,
      }),
      200,
    );
    const book = () => t.app.priceBooks.forUser(owner.user.id);
    const first = (await book())!;
    // TP-0001 (Brakes) lists at $10.99; TP-0002 (Filters) at $21.98 with breaks at 10 ($20.50) and 50 ($19.99).
    expect(await partAs(owner, 'TP-0001')).toMatchObject({ price: 9.34, listPrice: 10.99 });
    expect((await partAs(owner, 'TP-0002')).priceBreaks).toEqual([
      { minQuantity: 10, price: 17.43 },
      { minQuantity: 50, price: 16.99 },
    ]);
    // The same list again: the level keeps its version, the book is the same one.
    expectStatus(await putLevels(baseLevels()), 200);
    expect((await book())!.key).toBe(first.key);
    const withBrakes = baseLevels();
    withBrakes[1]!.categoryDiscounts = [{ categoryId: category.Brakes!, discountPercent: 20 }];
    expectStatus(await putLevels(withBrakes), 200);
    expect((await book())!.key).not.toBe(first.key);
    expect(await partAs(owner, 'TP-0001')).toMatchObject({ price: 8.79, listPrice: 10.99 });
    expect(await partAs(owner, 'TP-0002')).toMatchObject({ price: 18.68, listPrice: 21.98 });
    expectStatus(await putLevels(baseLevels()), 200);
    expect(await partAs(owner, 'TP-0001')).toMatchObject({ price: 9.34 });
  });
});

describe('contract prices', () => {
  it('replaces the list, matching SKUs in any case, and answers it by SKU as the parts spell it', async () => {
    const { id } = await newCompany();
    expect(await prices(id)).toEqual([]);
    const response = await call('PUT', `/api/admin/companies/${id}/prices`, admin, [
      { sku: 'tp-0003', price: 9.5 },
      { sku: 'TP-0001', price: 7 },
    ]);
    expectStatus(response, 200);
    const expected = [
      { sku: 'TP-0001', price: 7 },
      { sku: 'TP-0003', price: 9.5 },
    ];
    expect(response.json()).toEqual(expected);
    expect(await prices(id)).toEqual(expected);
    // Giving prices created the default terms, so that they apply.
    expect((await adminCompany(id)).terms).toEqual(DEFAULT_COMPANY_TERMS);

    const replaced = await call('PUT', `/api/admin/companies/${id}/prices`, admin, [
      { sku: 'Tp-0002', price: 1.99 },
    ]);
    expectStatus(replaced, 200);
    expect(await prices(id)).toEqual([{ sku: 'TP-0002', price: 1.99 }]);
    expectStatus(await call('PUT', `/api/admin/companies/${id}/prices`, admin, []), 200);
    expect(await prices(id)).toEqual([]);
  });

  it('refuses unknown SKUs (400 naming them), SKUs twice and bad prices, writing nothing', async () => {
    const { id } = await newCompany();
    expectStatus(
      await call('PUT', `/api/admin/companies/${id}/prices`, admin, [{ sku: 'TP-0005', price: 3 }]),
      200,
    );
    const unknown = await call('PUT', `/api/admin/companies/${id}/prices`, admin, [
      { sku: 'TP-0001', price: 2 },
      { sku: 'NOPE-1', price: 2 },
      { sku: 'NOPE-2', price: 2 },
    ]);
    expectStatus(unknown, 400);
    expect(unknown.json<{ message: string }>().message).toMatch(/NOPE-1.*NOPE-2/);
    for (const body of [
      [
        { sku: 'TP-0001', price: 2 },
        { sku: 'tp-0001', price: 3 },
      ],
      [{ sku: 'TP-0001', price: 0 }],
      [{ sku: 'TP-0001', price: 1.234 }],
      [{ sku: '', price: 1 }],
    ])
      expectStatus(await call('PUT', `/api/admin/companies/${id}/prices`, admin, body), 400);
    expect(await prices(id)).toEqual([{ sku: 'TP-0005', price: 3 }]);
  });

  it("gives a member the contract price at every quantity (the company's prices version)", async () => {
    const { owner, id } = await newCompany();
    expectStatus(
      await call('PUT', `/api/admin/companies/${id}/prices`, admin, [{ sku: 'TP-0002', price: 5 }]),
      200,
    );
    expect(await partAs(owner, 'TP-0002')).toMatchObject({ price: 5, priceBreaks: [], listPrice: 21.98 });
    expectStatus(
      await call('PUT', `/api/admin/companies/${id}/prices`, admin, [{ sku: 'TP-0002', price: 4 }]),
      200,
    );
    expect(await partAs(owner, 'TP-0002')).toMatchObject({ price: 4, priceBreaks: [] });
    // Default terms (level list): the other parts at list prices.
    expect(await partAs(owner, 'TP-0001')).toMatchObject({ price: 10.99 });
  });

  it('answers 404 for an unknown company', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expectStatus(await call('GET', `/api/admin/companies/${id}/prices`, admin), 404);
      expectStatus(await call('PUT', `/api/admin/companies/${id}/prices`, admin, []), 404);
      expectStatus(await importPrices(id, 'sku,price\r\nTP-0001,1\r\n'), 404);
    }
  });
});

describe('contract prices from CSV', () => {
  it('replaces the list from a sku,price file and reports what changed; a dry run only reports', async () => {
    const { id } = await newCompany();
    expectStatus(
      await call('PUT', `/api/admin/companies/${id}/prices`, admin, [
        { sku: 'TP-0001', price: 5 },
        { sku: 'TP-0002', price: 6 },
        { sku: 'TP-0003', price: 7 },
      ]),
      200,
    );
    const csv = 'SKU,Price\r\ntp-0001,5\r\nTP-0002,6.5\r\nTP-0004,"8.25"\r\n\r\n';
    const dry = await importPrices(id, csv, '?dryRun=true');
    expectStatus(dry, 200);
    expect(dry.json()).toEqual({ created: 1, updated: 1, unchanged: 1, removed: 1, errors: [] });
    expect(await prices(id)).toHaveLength(3);

    const response = await importPrices(id, csv);
    expectStatus(response, 200);
    expect(response.json()).toEqual({ created: 1, updated: 1, unchanged: 1, removed: 1, errors: [] });
    expect(await prices(id)).toEqual([
      { sku: 'TP-0001', price: 5 },
      { sku: 'TP-0002', price: 6.5 },
      { sku: 'TP-0004', price: 8.25 },
    ]);
    // Either column order.
    expectStatus(await importPrices(id, 'price,sku\n1.5,TP-0009\n'), 200);
    expect(await prices(id)).toEqual([{ sku: 'TP-0009', price: 1.5 }]);
  });

  it('lists every error with its row and column and writes nothing when there is any', async () => {
    const { id } = await newCompany();
    expectStatus(
      await call('PUT', `/api/admin/companies/${id}/prices`, admin, [{ sku: 'TP-0001', price: 5 }]),
      200,
    );
    const csv = [
      'sku,price',
      'TP-0002,3',
      'NOPE-9,3',
      'TP-0003,abc',
      'tp-0002,4',
      ',2',
      'TP-0004,0',
      'TP-0005,1.999',
      'TP-0006',
    ].join('\r\n');
    const response = await importPrices(id, csv);
    expectStatus(response, 400);
    expect(response.json()).toMatchObject({
      code: 'IMPORT_INVALID',
      message: expect.stringContaining('7 errors'),
      created: 0,
      updated: 0,
      unchanged: 0,
      removed: 0,
    });
    const errors = response.json<{ errors: { row: number; column?: string; message: string }[] }>().errors;
    expect(errors.map((error) => [error.row, error.column])).toEqual([
      [3, 'sku'],
      [4, 'price'],
      [5, 'sku'],
      [6, 'sku'],
      [7, 'price'],
      [8, 'price'],
      [9, undefined],
    ]);
    expect(errors[0]!.message).toContain('NOPE-9');
    expect(await prices(id)).toEqual([{ sku: 'TP-0001', price: 5 }]);

    // A dry run reports the same errors with 200.
    const dry = await importPrices(id, csv, '?dryRun=true');
    expectStatus(dry, 200);
    expect(dry.json<{ errors: unknown[] }>().errors).toHaveLength(7);
  });

  it('checks the header and lists at most 100 errors, then one counting the rest', async () => {
    const { id } = await newCompany();
    const header = await importPrices(id, 'sku,cost\r\nTP-0001,1\r\n');
    expectStatus(header, 400);
    expect(header.json<{ errors: { row: number; column?: string }[] }>().errors).toEqual([
      expect.objectContaining({ row: 1, column: 'cost' }),
      expect.objectContaining({ row: 1, column: 'price' }),
    ]);
    const many = ['sku,price', ...Array.from({ length: 150 }, (_, n) => `MISSING-${n},1`)].join('\n');
    const response = await importPrices(id, many);
    expectStatus(response, 400);
    const errors = response.json<{ errors: { row: number; message: string }[] }>().errors;
    expect(errors).toHaveLength(101);
    expect(errors[100]!.message).toContain('50 more');
    expect(response.json<{ message: string }>().message).toContain('150 errors');

    const noFile = await call('POST', `/api/admin/companies/${id}/prices/import`, admin, { sku: 'x' });
    expectStatus(noFile, 400);
  });
});

describe('company terms', () => {
  it('shows default terms until an admin sets them, then the terms set (also to the members)', async () => {
    const { id, owner } = await newCompany();
    const mine = async () => {
      const response = await call('GET', '/api/companies/mine', owner);
      expectStatus(response, 200);
      return myCompanySchema.parse(response.json()).terms;
    };
    expect((await adminCompany(id)).terms).toEqual(DEFAULT_COMPANY_TERMS);
    expect(await mine()).toEqual(DEFAULT_COMPANY_TERMS);
    const terms = {
      priceLevel: 'jobber',
      paymentTerms: 'net30',
      creditLimit: 25_000,
      taxExempt: true,
      resaleCertificate: ' CA-SR-100-123456 ',
    };
    const response = await call('PUT', `/api/admin/companies/${id}/terms`, admin, terms);
    expectStatus(response, 200);
    const answer = { ...terms, resaleCertificate: 'CA-SR-100-123456' };
    expect(response.json()).toEqual(answer);
    expect((await adminCompany(id)).terms).toEqual(answer);
    expect(await mine()).toEqual(answer);

    const card = { priceLevel: 'dealer', paymentTerms: 'card', creditLimit: 0.5, taxExempt: false };
    expectStatus(await call('PUT', `/api/admin/companies/${id}/terms`, admin, card), 200);
    expect((await adminCompany(id)).terms).toEqual({ ...card, resaleCertificate: null });
  });

  it('refuses an unknown level (400 errors.priceLevel) and invalid terms; 404 for an unknown company', async () => {
    const { id } = await newCompany();
    const valid = { priceLevel: 'jobber', paymentTerms: 'net15', creditLimit: 100, taxExempt: false };
    const unknown = await call('PUT', `/api/admin/companies/${id}/terms`, admin, {
      ...valid,
      priceLevel: 'gold',
    });
    expectStatus(unknown, 400);
    expect(unknown.json()).toMatchObject({ errors: { priceLevel: expect.stringContaining('gold') } });
    for (const body of [
      { ...valid, paymentTerms: 'net90' },
      { ...valid, creditLimit: -1 },
      { ...valid, creditLimit: 1.001 },
      { ...valid, taxExempt: 'yes' },
      { ...valid, resaleCertificate: 'x'.repeat(61) },
    ])
      expectStatus(await call('PUT', `/api/admin/companies/${id}/terms`, admin, body), 400);
    expect((await adminCompany(id)).terms).toEqual(DEFAULT_COMPANY_TERMS);
    expectStatus(
      await call('PUT', '/api/admin/companies/00000000-0000-4000-8000-000000000000/terms', admin, valid),
      404,
    );
  });
});

describe('access', () => {
  it('is for admins only: 401 without a token, 403 for a customer', async () => {
    const { owner, id } = await newCompany();
    const routes: [Method, string, unknown][] = [
      ['GET', '/api/admin/price-levels', undefined],
      ['PUT', '/api/admin/price-levels', baseLevels()],
      ['GET', `/api/admin/companies/${id}/prices`, undefined],
      ['PUT', `/api/admin/companies/${id}/prices`, []],
      [
        'PUT',
        `/api/admin/companies/${id}/terms`,
        { priceLevel: 'list', paymentTerms: 'card', creditLimit: 0, taxExempt: false },
      ],
      ['POST', `/api/admin/companies/${id}/prices/import`, undefined],
    ];
    for (const [method, url, body] of routes) {
      expectStatus(await call(method, url, undefined, body), 401);
      expectStatus(await call(method, url, owner, body), 403);
    }
    expect(await prices(id)).toEqual([]);
  });
});

describe('the demo seed', () => {
  it('gives the demo levels their category discounts once, and leaves levels an admin edited alone', async () => {
    const seedApp = await buildTestApp({ seed: catalogFixture, config: { writeLimits: false } });
    try {
      const seedAdmin = await signUpAndGetToken(seedApp.app, {
        email: uniqueEmail('admin'),
        name: 'Sid Seed',
        role: 'admin',
      });
      const categories = z.array(categorySchema).parse((await seedApp.app.inject('/api/category')).json());
      const id = Object.fromEntries(categories.map((c) => [c.name, c._id]));
      const read = async () =>
        (await seedApp.app.inject({ url: '/api/admin/price-levels', headers: seedAdmin.headers })).json<
          PriceLevel[]
        >();
      // The fixture has brakes and filters, not ignition-electrical: those discounts are left out.
      expect(await seedTradeTerms(seedApp.database.db)).toEqual(['jobber', 'dealer']);
      const seeded = await read();
      expect(seeded).toEqual([
        { code: 'list', name: 'List', discountPercent: 0, categoryDiscounts: [] },
        {
          code: 'jobber',
          name: 'Jobber',
          discountPercent: 15,
          categoryDiscounts: [{ categoryId: id.Brakes, discountPercent: 20 }],
        },
        {
          code: 'dealer',
          name: 'Dealer',
          discountPercent: 25,
          categoryDiscounts: [{ categoryId: id.Filters, discountPercent: 30 }],
        },
      ]);
      expect(await seedTradeTerms(seedApp.database.db)).toEqual([]);
      expect(await read()).toEqual(seeded);
    } finally {
      await seedApp.close();
    }
  });
});
