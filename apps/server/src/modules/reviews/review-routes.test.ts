import { TOTAL_COUNT_HEADER, reviewSchema } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { reviews } from '../../db/schema/index.js';
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
    expect(list).toEqual([{ _id: insertedId, ...valid }]);
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
