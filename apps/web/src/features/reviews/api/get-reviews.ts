import type { Review } from '@partsforge/shared/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal, type ListResult } from '@/lib/api-client';

/** `GET /api/review`: customer reviews shown on the home page. */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return apiRequest<Review[]>('review', signal ? { signal } : {});
}

/** Cache key of every review list: creating a review refreshes them all (the home page's and each part's). */
const reviewsQueryKey = ['reviews'] as const;

export function reviewsQueryOptions() {
  return queryOptions({
    queryKey: reviewsQueryKey,
    queryFn: ({ signal }) => getReviews(signal),
  });
}

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}

/** Reviews per page of a part's reviews on its page (docs/requirements.md §12). */
export const PART_REVIEWS_PAGE_SIZE = 10;

/** A page of a part's reviews. */
export interface PartReviewsPage {
  limit: number;
  offset: number;
}

/**
 * `GET /api/review?part=&limit=&offset=` (docs/requirements.md §12, part pages): a page of the reviews of the
 * part `partId`, newest first, and their total from `X-Total-Count` (an unknown part has none). Throws ApiError
 * (400 when `partId` is not an id).
 */
export function getPartReviews(
  partId: string,
  { limit, offset }: PartReviewsPage,
  signal?: AbortSignal,
): Promise<ListResult<Review[]>> {
  return apiRequestWithTotal<Review[]>('review', {
    params: { part: partId, limit, offset },
    ...(signal ? { signal } : {}),
  });
}

/** The query of one page of a part's reviews (getPartReviews), under the reviews' key. */
export function partReviewsQueryOptions(partId: string, page: PartReviewsPage) {
  return queryOptions({
    queryKey: [...reviewsQueryKey, 'part', partId, page],
    queryFn: ({ signal }) => getPartReviews(partId, page, signal),
  });
}

/**
 * One page of a part's reviews; the page on screen stays while the next one loads (`isPlaceholderData` tells
 * them apart).
 */
export function usePartReviews(partId: string, page: PartReviewsPage) {
  return useQuery({ ...partReviewsQueryOptions(partId, page), placeholderData: keepPreviousData });
}
