import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

describe('query client defaults', () => {
  it('waits 1 s, 2 s, 4 s ... up to 30 s between retries', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a failed query 3 times, but not a client error', () => {
    const serverError = new ApiError(503, 'The database is unavailable.');
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, serverError))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new ApiError(0, 'offline'))).toBe(true);
    expect(shouldRetry(0, new ApiError(429, 'Too many requests'))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'Not found'))).toBe(false);
  });

  it('keeps unused data for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.gcTime).toBe(5 * 60 * 1000);
    expect(defaults?.retry).toBe(shouldRetry);
    expect(defaults?.retryDelay).toBe(retryDelay);
  });
});
