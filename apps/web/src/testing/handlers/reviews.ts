import type { Review } from '@partsforge/shared/catalog';
import { http, HttpResponse } from 'msw';
import { reviewsFixture } from '../api-fixtures';
import { page } from './respond';

/** `count` reviews of the part `partId`, newest first ("Buyer 1" is the newest). */
export function partReviewsFixture(partId: string, count: number): Review[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: `part-rev-${index + 1}`,
    name: `Buyer ${index + 1}`,
    img: `/images/reviews/${(index % 3) + 1}.svg`,
    description: `Review ${index + 1} of this part.`,
    rating: (index % 5) + 1,
    partId,
  }));
}

/**
 * `GET /api/review`: without `part`, the customers' (shop-wide) reviews from the fixtures, as the home page gets
 * them; with `part`, that part's reviews from `byPart` (none for a part it does not list), paged by `limit` and
 * `offset` with their total in X-Total-Count, as the API pages them.
 */
export function reviewsHandler(byPart: Record<string, Review[]> = {}) {
  return http.get('/api/review', ({ request }) => {
    const search = new URL(request.url).searchParams;
    const part = search.get('part');
    if (part === null) return HttpResponse.json(reviewsFixture);
    const reviews = byPart[part] ?? [];
    const offset = Number(search.get('offset') ?? '0');
    const limit = Number(search.get('limit') ?? '12');
    return page(reviews.slice(offset, offset + limit), reviews.length);
  });
}

/** The customers' reviews from the fixtures, and no reviews of any part. */
export const reviewsHandlers = [reviewsHandler()];
