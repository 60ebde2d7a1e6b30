import {
  QUERY_CACHE_TIME_MS,
  QUERY_RETRY_BASE_DELAY_MS,
  QUERY_RETRY_COUNT,
  QUERY_RETRY_MAX_DELAY_MS,
} from '@partsforge/shared/constants';
import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Delay before retry number `failureCount + 1`: 1 s, 2 s, 4 s, ... capped at 30 s (docs/requirements.md §8). */
export function retryDelay(failureCount: number): number {
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** failureCount, QUERY_RETRY_MAX_DELAY_MS);
}

/**
 * Up to QUERY_RETRY_COUNT retries (docs/requirements.md §9). A client error (4xx other than 408 and 429) gives the same
 * answer every time, so it is not retried: the visitor sees the message at once instead of after 7 seconds.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    if (error.status !== 408 && error.status !== 429) return false;
  }
  return failureCount < QUERY_RETRY_COUNT;
}

export const queryConfig = {
  queries: {
    retry: shouldRetry,
    retryDelay,
    gcTime: QUERY_CACHE_TIME_MS,
    // Catalogue lists change rarely: do not refetch on every remount or window focus within a minute.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
