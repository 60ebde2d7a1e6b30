import { TOTAL_COUNT_HEADER, reviewSchema } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { parts, reviews } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { catalogFixture, fixtureReviews } from '../../test/catalog-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: catalogFixture });
});
afterAll(() => t.close());

describe('GET /api/review', () => {
  it('lists reviews as { _id, name, img, description, rating }, newest first, with the total', async () => {
    const response = await t.app.inject({ url: '/api/review' });
    expect(response.statusCode).toBe(200);
    expect(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('3');
    const body = z.array(reviewSchema.strict()).parse(response.json());
    expect(body.map(({ name, img, description, rating }) => ({ name, img, description, rating }))).toEqual(
      fixtureReviews,
    );
  });

  it('puts a newly written review first and pages with limit/offset', async () => {
    await t.database.db.insert(reviews).values({
      name: 'Dana Ortiz',
      img: '/images/reviews/dana.svg',
      description: 'Great wipers.',
      rating: 5,
    });
    const first = await t.app.inject({ url: '/api/review?limit=2' });
    expect(first.json<{ name: string }[]>().map((review) => review.name)).toEqual([
      'Dana Ortiz',
      'Alice Carter',
    ]);
    expect(first.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('4');
    const rest = await t.app.inject({ url: '/api/review?limit=2&offset=2' });
    expect(rest.json<{ name: string }[]>().map((review) => review.name)).toEqual(['Bob Nguyen', 'Chen Li']);
  });

  it('rejects bad paging parameters with 400', async () => {
    const response = await t.app.inject({ url: '/api/review?limit=abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Invalid request: limit must be a whole number',
      errors: { limit: 'limit must be a whole number' },
    });
  });
});

describe('POST /api/review', () => {
  const valid = {
    name: 'Ann Lee',
    description: 'Parts arrived in two days.',
    rating: 4,
    img: 'https://example.com/ann.png',
  };
  let customer: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    [customer, admin] = await Promise.all([
      signUpAndGetToken(t.app, { email: uniqueEmail('reviewer'), name: 'Reviewer' }),
      signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
    ]);
  });
  const reviewCount = async () => (await t.database.db.select({ value: count() }).from(reviews))[0]!.value;
  const post = (payload: object, headers: Record<string, string> = customer.headers) =>
    t.app.inject({ method: 'POST', url: '/api/review', headers, payload });

  it('adds the caller’s review, which GET /api/review then lists first', async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, insertedId));
    expect(row?.userId).toBe(customer.user.id);
    const list = (await t.app.inject({ url: '/api/review?limit=1' })).json();
    expect(list).toEqual([{ _id: insertedId, ...valid, partId: null }]);
  });

  it('stores a text with "<" that is not a tag as plain text', async () => {
    const response = await post({ ...valid, description: 'Pads wear < 2 mm & still quiet' });
    expect(response.statusCode).toBe(201);
    const list = (await t.app.inject({ url: '/api/review?limit=1' })).json<{ description: string }[]>();
    expect(list[0]?.description).toBe('Pads wear < 2 mm & still quiet');
  });

  it.each([
    ['missing name', { ...valid, name: undefined }, { name: 'Name is Required' }],
    ['missing description', { ...valid, description: ' ' }, { description: 'Description is Required' }],
    ['missing rating', { ...valid, rating: undefined }, { rating: 'Rating is Required' }],
    ['rating as text', { ...valid, rating: 'five' }, { rating: 'Rating is Required' }],
    ['rating 0', { ...valid, rating: 0 }, { rating: 'Rating must be 1 star' }],
    ['rating 6', { ...valid, rating: 6 }, { rating: 'Rating can be maximum 5 star' }],
    ['a huge rating', { ...valid, rating: 1_000_000 }, { rating: 'Rating can be maximum 5 star' }],
    ['rating 2.5', { ...valid, rating: 2.5 }, { rating: 'Rating must be a whole number' }],
    ['missing image', { ...valid, img: '' }, { img: 'Image is Required' }],
    [
      'a javascript: image',
      { ...valid, img: 'javascript:alert(1)' },
      { img: 'Image must be an http(s) URL or an uploaded image' },
    ],
    [
      'a script tag',
      { ...valid, description: '<script>alert(1)</script>' },
      { description: 'Description must be plain text without HTML tags' },
    ],
    [
      'an img tag',
      { ...valid, name: '<img src=x onerror=alert(1)>' },
      { name: 'Name must be plain text without HTML tags' },
    ],
    [
      'a long description',
      { ...valid, description: 'x'.repeat(1001) },
      { description: 'Description must be at most 1,000 characters' },
    ],
    [
      'a 1 MB name',
      { ...valid, name: 'x'.repeat(1024 * 1024 - 300) },
      { name: 'Name must be at most 100 characters' },
    ],
  ])('rejects %s with 400 and its message, adding nothing', async (_name, payload, errors) => {
    const before = await reviewCount();
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    expect(await reviewCount()).toBe(before);
  });

  it('refuses admins (403) and anonymous callers (401), adding nothing', async () => {
    const before = await reviewCount();
    expect((await post(valid, admin.headers)).statusCode).toBe(403);
    expect((await post(valid, {})).statusCode).toBe(401);
    expect(await reviewCount()).toBe(before);
  });
});

describe('reviews of a part (docs/requirements.md §12, part pages)', () => {
  const valid = {
    name: 'Pat Moreno',
    description: 'These pads stop well and stay quiet.',
    rating: 5,
    img: 'https://example.com/pat.png',
  };
  /** A well-formed id that no part has. */
  const unknownId = '7b1f6a3e-0c4d-4e8a-9f1b-0000000000ff';
  let customer: TestUser;
  let admin: TestUser;
  let partA: string;
  let partB: string;
  beforeAll(async () => {
    [customer, admin] = await Promise.all([
      signUpAndGetToken(t.app, { email: uniqueEmail('part-reviewer'), name: 'Part Reviewer' }),
      signUpAndGetToken(t.app, { email: uniqueEmail('part-admin'), name: 'Admin', role: 'admin' }),
    ]);
    const rows = await t.database.db.select({ id: parts.id }).from(parts).orderBy(asc(parts.sku)).limit(2);
    [partA, partB] = rows.map((row) => row.id) as [string, string];
  });
  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/review', headers: customer.headers, payload });
  const list = (query: string) => t.app.inject({ url: `/api/review?${query}` });
  const totalOf = (response: { headers: Record<string, unknown> }) =>
    response.headers[TOTAL_COUNT_HEADER.toLowerCase()];
  const countOf = async (partId: string) =>
    (await t.database.db.select({ value: count() }).from(reviews).where(eq(reviews.partId, partId)))[0]!
      .value;
  /** The shop-wide list as the home page asks for it: names and total. */
  const shopWide = async () => {
    const response = await t.app.inject({ url: '/api/review' });
    return {
      names: response.json<{ name: string }[]>().map((review) => review.name),
      total: totalOf(response),
    };
  };

  it("adds a review of a part, which GET /api/review?part= lists with its partId, and the shop-wide list doesn't", async () => {
    const before = await shopWide();
    const response = await post({ ...valid, partId: partA });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, insertedId));
    expect(row).toMatchObject({ userId: customer.user.id, partId: partA });

    const ofPart = await list(`part=${partA}`);
    expect(ofPart.statusCode).toBe(200);
    expect(totalOf(ofPart)).toBe('1');
    expect(z.array(reviewSchema.strict()).parse(ofPart.json())).toEqual([
      { _id: insertedId, ...valid, partId: partA },
    ]);
    expect((await list(`part=${partB}`)).json()).toEqual([]);
    expect(await shopWide()).toEqual(before);
  });

  it('takes a part id in capitals, and a null partId as a shop-wide review', async () => {
    const upper = await post({ ...valid, description: 'Capital id.', partId: partA.toUpperCase() });
    expect(upper.statusCode).toBe(201);
    const [row] = await t.database.db
      .select({ partId: reviews.partId })
      .from(reviews)
      .where(eq(reviews.id, upper.json<{ insertedId: string }>().insertedId));
    expect(row?.partId).toBe(partA);

    const shop = await post({ ...valid, description: 'For the whole shop.', partId: null });
    expect(shop.statusCode).toBe(201);
    const first = (await t.app.inject({ url: '/api/review?limit=1' })).json<
      { _id: string; partId: null }[]
    >();
    expect(first).toEqual([
      {
        _id: shop.json<{ insertedId: string }>().insertedId,
        ...valid,
        description: 'For the whole shop.',
        partId: null,
      },
    ]);
  });

  it("lists one part's reviews newest first, paged with limit/offset, with the total in X-Total-Count", async () => {
    const base = Date.parse('2030-01-01T00:00:00Z');
    await t.database.db.insert(reviews).values(
      Array.from({ length: 12 }, (_, index) => ({
        name: `Buyer ${index + 1}`,
        img: '/images/reviews/buyer.svg',
        description: `Review ${index + 1} of part B.`,
        rating: (index % 5) + 1,
        partId: partB,
        createdAt: new Date(base + index * 60_000),
      })),
    );
    const first = await list(`part=${partB}&limit=10`);
    expect(totalOf(first)).toBe('12');
    const names = first.json<{ name: string; partId: string }[]>();
    expect(names.map((review) => review.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Buyer ${12 - index}`),
    );
    expect(names.every((review) => review.partId === partB)).toBe(true);
    const rest = await list(`part=${partB}&limit=10&offset=10`);
    expect(totalOf(rest)).toBe('12');
    expect(rest.json<{ name: string }[]>().map((review) => review.name)).toEqual(['Buyer 2', 'Buyer 1']);
  });

  it('keeps the shop-wide list to the reviews of no part, its total too', async () => {
    const [rows, partRows] = await Promise.all([
      t.database.db.select({ id: reviews.id }).from(reviews).where(isNull(reviews.partId)),
      t.database.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.partId, partB)),
    ]);
    expect(partRows.length).toBeGreaterThan(0);
    const response = await t.app.inject({ url: '/api/review?limit=100' });
    expect(totalOf(response)).toBe(String(rows.length));
    const listed = z.array(reviewSchema.strict()).parse(response.json());
    expect(listed.map((review) => review._id).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(listed.every((review) => review.partId === null)).toBe(true);
    expect(listed.map((review) => review.name)).toContain('Alice Carter');
  });

  it.each([
    ['an unknown part id', unknownId],
    ['a malformed part id', 'not-a-part'],
    ['a number', 42],
  ])('refuses %s with 400 naming partId, adding nothing', async (_name, partId) => {
    const before = (await t.database.db.select({ value: count() }).from(reviews))[0]!.value;
    const response = await post({ ...valid, partId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Invalid request: partId must be the id of an existing part',
      code: 'VALIDATION_FAILED',
      errors: { partId: 'partId must be the id of an existing part' },
    });
    expect((await t.database.db.select({ value: count() }).from(reviews))[0]!.value).toBe(before);
  });

  it('lists nothing for an unknown part and refuses a malformed part with 400 naming it', async () => {
    const unknown = await list(`part=${unknownId}`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    expect(totalOf(unknown)).toBe('0');
    const malformed = await list('part=brake-pads');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      message: 'Invalid request: part must be the id of a part',
      errors: { part: 'part must be the id of a part' },
    });
  });

  it("deletes a part's reviews with the part, and no other review", async () => {
    expect(await countOf(partB)).toBeGreaterThan(0);
    const before = await shopWide();
    const partAReviews = await countOf(partA);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/parts/${partB}`,
      headers: admin.headers,
    });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect(await countOf(partB)).toBe(0);
    expect(await countOf(partA)).toBe(partAReviews);
    expect(await shopWide()).toEqual(before);
    const after = await list(`part=${partB}`);
    expect(after.json()).toEqual([]);
  });
});

describe('OpenAPI of the reviews', () => {
  it('documents GET /api/review?part= and POST /api/review’s partId', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>
      >;
    }>();
    const list = document.paths['/api/review']!.get!;
    expect(list.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`).sort()).toEqual([
      'query:limit',
      'query:offset',
      'query:part',
    ]);
    expect(JSON.stringify(document.paths['/api/review']!.post!.requestBody)).toContain('"partId"');
  });
});
