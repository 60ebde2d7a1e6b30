import { TOTAL_COUNT_HEADER as SHARED_TOTAL_COUNT_HEADER } from '@partsforge/shared';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/stub-api';
import { ApiError, apiRequest, apiRequestWithTotal, buildApiUrl, TOTAL_COUNT_HEADER } from './api-client';

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    typeof response === 'function' ? response() : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('calls /api/<path> with the query string and returns the JSON body', async () => {
    const fetchMock = stubFetch(
      jsonResponse([{ _id: 'm1', name: 'Toyota', img: '/images/makes/toyota.svg' }]),
    );
    await expect(apiRequest('make')).resolves.toEqual([
      { _id: 'm1', name: 'Toyota', img: '/images/makes/toyota.svg' },
    ]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/make');
    expect(buildApiUrl('/parts', { limit: 6, offset: 0, q: undefined, make: null })).toBe(
      '/api/parts?limit=6&offset=0',
    );
  });

  it('returns the X-Total-Count total with a list', async () => {
    stubFetch(jsonResponse([{ _id: 'p1' }], { headers: { 'X-Total-Count': '88012' } }));
    await expect(apiRequestWithTotal('parts', { params: { limit: 1 } })).resolves.toEqual({
      data: [{ _id: 'p1' }],
      total: 88012,
    });
    stubFetch(jsonResponse([]));
    await expect(apiRequestWithTotal('parts')).resolves.toEqual({ data: [], total: null });
    expect(TOTAL_COUNT_HEADER).toBe(SHARED_TOTAL_COUNT_HEADER);
  });

  it('turns a { message, code, errors } error body into an ApiError with the status', async () => {
    stubFetch(
      jsonResponse(
        {
          message: 'Invalid request',
          code: 'VALIDATION',
          errors: { quantity: 'Quantity is Required', extra: 3 },
        },
        { status: 400 },
      ),
    );
    const error = await failure(apiRequest('order', { method: 'POST', body: {} }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid request');
    expect(error.code).toBe('VALIDATION');
    expect(error.errors).toEqual({ quantity: 'Quantity is Required' });
  });

  it('keeps the message of a 404', async () => {
    stubFetch(jsonResponse({ message: 'Part not found' }, { status: 404 }));
    const error = await failure(apiRequest('parts/unknown'));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Part not found');
    expect(error.code).toBeUndefined();
  });

  it('falls back to a readable message when the error body is not JSON', async () => {
    stubFetch(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const error = await failure(apiRequest('review'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('The request failed with status 502.');
  });

  it('reports an unreachable server as status 0', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(apiRequest('category'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Could not reach the server. Check your connection and try again.');
  });

  it('sends a JSON body', async () => {
    const fetchMock = stubFetch(jsonResponse({ insertedId: 'r1' }, { status: 201 }));
    await apiRequest('review', { method: 'POST', body: { name: 'Ann', rating: 5 } });
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Ann","rating":5}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});
