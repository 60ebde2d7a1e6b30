import { TOTAL_COUNT_HEADER, reviewSchema } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { reviews } from '../../db/schema/index.js';
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
