import { TOTAL_COUNT_HEADER as SHARED_TOTAL_COUNT_HEADER } from '@partsforge/shared';
import { describe, expect, it, vi } from 'vitest';
import { fakeAccessToken, jsonResponse, stubApi } from '@/testing/stub-api';
import {
  ApiError,
  apiRequest,
  apiRequestWithTotal,
  buildApiUrl,
  onSessionEnded,
  TOTAL_COUNT_HEADER,
} from './api-client';

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

describe('api client with the access token (auth: true)', () => {
  const email = 'ann@example.com';
  const authorization = (init: RequestInit | undefined) =>
    (init?.headers as Record<string, string>).Authorization;

  it('sends the stored token as a bearer token', async () => {
    const token = fakeAccessToken(email);
    localStorage.setItem('accessToken', token);
    const fetchMock = stubApi({ '/api/user': () => jsonResponse([]) });
    await apiRequest('user', { auth: true });
    expect(authorization(fetchMock.mock.calls[0]![1])).toBe(`Bearer ${token}`);
  });

  it('renews an expired token once with the session (PUT /user/{email}) and repeats the call', async () => {
    const expired = fakeAccessToken(email, -60);
    const fresh = fakeAccessToken(email, 900);
    localStorage.setItem('accessToken', expired);
    const fetchMock = stubApi({
      '/api/user': (_url, init) =>
        authorization(init) === `Bearer ${fresh}`
          ? jsonResponse([{ email }])
          : jsonResponse({ message: 'Your session has expired. Please sign in again.' }, { status: 401 }),
      '/api/user/ann%40example.com': () => jsonResponse({ token: fresh }),
    });
    await expect(apiRequest('user', { auth: true })).resolves.toEqual([{ email }]);
    expect(fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`)).toEqual([
      'GET /api/user',
      'PUT /api/user/ann%40example.com',
      'GET /api/user',
    ]);
    expect(localStorage.getItem('accessToken')).toBe(fresh);
  });

  it('ends the session when the token cannot be renewed: clears it, tells the listeners, throws the 401', async () => {
    localStorage.setItem('accessToken', fakeAccessToken(email, -60));
    stubApi({
      '/api/user': () => jsonResponse({ message: 'expired' }, { status: 401 }),
      '/api/user/ann%40example.com': () =>
        jsonResponse({ message: 'Please sign in to continue.' }, { status: 401 }),
    });
    let ended = 0;
    const unsubscribe = onSessionEnded(() => {
      ended += 1;
    });
    try {
      const error = await failure(apiRequest('user', { auth: true }));
      expect(error.status).toBe(401);
      expect(ended).toBe(1);
      expect(localStorage.getItem('accessToken')).toBeNull();
    } finally {
      unsubscribe();
    }
  });

  it('does not sign out on a 403: the caller is signed in but not allowed', async () => {
    localStorage.setItem('accessToken', fakeAccessToken(email));
    stubApi({
      '/api/user': () => jsonResponse({ message: 'You do not have access to this.' }, { status: 403 }),
    });
    let ended = 0;
    const unsubscribe = onSessionEnded(() => {
      ended += 1;
    });
    try {
      expect((await failure(apiRequest('user', { auth: true }))).status).toBe(403);
      expect(ended).toBe(0);
      expect(localStorage.getItem('accessToken')).not.toBeNull();
    } finally {
      unsubscribe();
    }
  });
});
