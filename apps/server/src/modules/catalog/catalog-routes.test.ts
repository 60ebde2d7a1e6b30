import {
  TOTAL_COUNT_HEADER,
  apiErrorSchema,
  categorySchema,
  makeSchema,
  partSchema,
} from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { catalogFixture, fixtureCategories, fixtureMakes, fixtureParts } from '../../test/catalog-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: catalogFixture });
});
afterAll(() => t.close());

const totalHeader = TOTAL_COUNT_HEADER.toLowerCase();
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/parts', () => {
  it('returns the first page of 12 parts in catalogue order, exactly in the shared Part shape', async () => {
    const response = await get('/api/parts');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers[totalHeader]).toBe('15');
    const body = response.json<unknown[]>();
    expect(body).toHaveLength(12);
    const parts = z.array(partSchema.strict()).parse(body);
    expect(parts.map((part) => part.sku)).toEqual(fixtureParts.slice(0, 12).map((part) => part.sku));
  });

  it('sends prices in dollars, stock numbers, pack size and quantity breaks, and category/make ids (null for universal parts)', async () => {
    const [makes, categories] = await Promise.all([get('/api/make'), get('/api/category')]);
    const makeIdBySlug = new Map(
      fixtureMakes.map((make, index) => [make.slug, makes.json<{ _id: string }[]>()[index]!._id]),
    );
    const categoryIdBySlug = new Map(
      fixtureCategories.map((category, index) => [
        category.slug,
        categories.json<{ _id: string }[]>()[index]!._id,
      ]),
    );

    const parts = (await get('/api/parts?limit=3')).json<z.infer<typeof partSchema>[]>();
    expect(parts[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Test Part 1',
      description: 'Description of test part 1.',
      available: 100,
      minqty: 1,
      price: 10.99,
      img: '/images/parts/test-1.svg',
      sku: 'TP-0001',
      category: categoryIdBySlug.get('brakes'),
      make: makeIdBySlug.get('toyota'),
      packSize: 1,
      // A part of no known type (its SKU prefix) weighs 1 kg (seed-data/part-weights.ts).
      weightKg: 1,
      // A part of a kind sold without a core (docs/requirements.md §17, seed-data/part-cores.ts).
      coreCharge: 0,
      priceBreaks: [],
      universal: false,
      interchangeNumbers: [],
      // A current part (docs/requirements.md §17).
      supersededBy: null,
      replacement: null,
    });
    expect(parts[1]!.price).toBe(21.98);
    // Part 2 sells in packs of 2 with quantity breaks, in dollars like its price.
    expect(parts[1]).toMatchObject({
      packSize: 2,
      priceBreaks: [
        { minQuantity: 10, price: 20.5 },
        { minQuantity: 50, price: 19.99 },
      ],
    });
    expect(parts[2]!.make).toBeNull();
    expect(parts[2]!.category).toBe(categoryIdBySlug.get('lighting'));
  });

  it('pages with limit and offset', async () => {
    const first = (await get('/api/parts?limit=6')).json<{ sku: string }[]>();
    const second = await get('/api/parts?limit=6&offset=6');
    const last = await get('/api/parts?limit=6&offset=12');
    const beyond = await get('/api/parts?limit=6&offset=40');
    expect(first.map((part) => part.sku)).toEqual(fixtureParts.slice(0, 6).map((part) => part.sku));
    expect(second.json<{ sku: string }[]>().map((part) => part.sku)).toEqual(
      fixtureParts.slice(6, 12).map((part) => part.sku),
    );
    expect(last.json<unknown[]>()).toHaveLength(3);
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual([]);
    for (const response of [second, last, beyond]) expect(response.headers[totalHeader]).toBe('15');
  });

  it('accepts the bounds limit=1 and limit=100', async () => {
    expect((await get('/api/parts?limit=1')).json<unknown[]>()).toHaveLength(1);
    expect((await get('/api/parts?limit=100')).json<unknown[]>()).toHaveLength(15);
  });

  it.each([
    ['limit=0', 'limit', 'limit must be at least 1'],
    ['limit=101', 'limit', 'limit must be at most 100'],
    ['limit=-1', 'limit', 'limit must be at least 1'],
    ['limit=abc', 'limit', 'limit must be a whole number'],
    ['limit=2.5', 'limit', 'limit must be a whole number'],
    ['limit=1e12', 'limit', 'limit must be at most 100'],
    ['offset=-1', 'offset', 'offset must be 0 or more'],
    ['offset=abc', 'offset', 'offset must be a whole number'],
    ['offset=1e12', 'offset', 'offset is too large'],
  ])('answers 400 naming the parameter for %s', async (query, field, message) => {
    const response = await get(`/api/parts?${query}`);
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual({ [field]: message });
    expect(body.message).toBe(`Invalid request: ${message}`);
  });

  it('reports every bad parameter at once', async () => {
    const response = await get('/api/parts?limit=0&offset=-1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { limit: 'limit must be at least 1', offset: 'offset must be 0 or more' },
    });
  });
});

describe('GET /api/parts/:id', () => {
  it('returns one part by _id', async () => {
    const [listed] = (await get('/api/parts?limit=1')).json<z.infer<typeof partSchema>[]>();
    const response = await get(`/api/parts/${listed!._id}`);
    expect(response.statusCode).toBe(200);
    expect(partSchema.strict().parse(response.json())).toEqual(listed);
  });

  it('finds a part whatever the case of its id', async () => {
    const [listed] = (await get('/api/parts?limit=1')).json<{ _id: string }[]>();
    const response = await get(`/api/parts/${listed!._id.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: listed!._id });
  });

  it.each([
    ['an unknown id', '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f'],
    ['a malformed id', 'not-a-uuid'],
    ['a Mongo-style id', '62a1f9c8e4b0a1b2c3d4e5f6'],
    ['an injection attempt', "1' or '1'='1"],
  ])('answers 404 JSON for %s', async (_label, id) => {
    const response = await get(`/api/parts/${encodeURIComponent(id)}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ message: 'Part not found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/make and /api/category', () => {
  it('lists makes as { _id, name, img } in display order with the total', async () => {
    const response = await get('/api/make');
    expect(response.statusCode).toBe(200);
    expect(response.headers[totalHeader]).toBe('2');
    const makes = z.array(makeSchema.strict()).parse(response.json());
    expect(makes.map(({ name, img }) => ({ name, img }))).toEqual(
      fixtureMakes.map(({ name, img }) => ({ name, img })),
    );
  });

  it('lists categories as { _id, name, img } in display order with the total', async () => {
    const response = await get('/api/category');
    expect(response.statusCode).toBe(200);
    expect(response.headers[totalHeader]).toBe('3');
    const categories = z.array(categorySchema.strict()).parse(response.json());
    expect(categories.map((category) => category.name)).toEqual(['Brakes', 'Filters', 'Lighting']);
  });

  it('pages the lookup lists and validates their parameters', async () => {
    const page = await get('/api/category?limit=1&offset=1');
    expect(page.json<{ name: string }[]>().map((category) => category.name)).toEqual(['Filters']);
    expect(page.headers[totalHeader]).toBe('3');
    const bad = await get('/api/make?limit=101');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { limit: 'limit must be at most 100' } });
  });
});
