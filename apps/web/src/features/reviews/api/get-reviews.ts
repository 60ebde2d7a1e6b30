import type { Review } from '@partsforge/shared/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/review`: customer reviews shown on the home page. */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return apiRequest<Review[]>('review', signal ? { signal } : {});
}

export function reviewsQueryOptions() {
  return queryOptions({
    queryKey: ['reviews'],
    queryFn: ({ signal }) => getReviews(signal),
  });
}

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
