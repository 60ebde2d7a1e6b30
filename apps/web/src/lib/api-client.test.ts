import { TOTAL_COUNT_HEADER as SHARED_TOTAL_COUNT_HEADER } from '@partsforge/shared/catalog';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fakeAccessToken } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { requestLog, server } from '@/testing/server';
import {
  ApiError,
  apiRequest,
  apiRequestWithTotal,
  buildApiUrl,
  onSessionEnded,
  TOTAL_COUNT_HEADER,
} from './api-client';

/** Answers every API call with `response`; returns the requests it answered. */
function answerAll(response: () => Response) {
  const requests: Request[] = [];
  server.use(
    http.all('/api/*', ({ request }) => {
      requests.push(request.clone());
      return response();
    }),
  );
  return requests;
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
    const requests = answerAll(() =>
      HttpResponse.json([{ _id: 'm1', name: 'Toyota', img: '/images/makes/toyota.svg' }]),
    );
    await expect(apiRequest('make')).resolves.toEqual([
      { _id: 'm1', name: 'Toyota', img: '/images/makes/toyota.svg' },
    ]);
    expect(requests.map((request) => request.url)).toEqual([`${location.origin}/api/make`]);
    expect(buildApiUrl('/parts', { limit: 6, offset: 0, q: undefined, make: null })).toBe(
      '/api/parts?limit=6&offset=0',
    );
  });

  it('returns the X-Total-Count total with a list, and the response headers', async () => {
    answerAll(() =>
      HttpResponse.json([{ _id: 'p1' }], { headers: { 'X-Total-Count': '88012', 'X-Search-Vehicle': 'v' } }),
    );
    const list = await apiRequestWithTotal('parts', { params: { limit: 1 } });
    expect(list).toMatchObject({ data: [{ _id: 'p1' }], total: 88012 });
    expect(list.headers?.get('X-Search-Vehicle')).toBe('v');
    answerAll(() => HttpResponse.json([]));
    await expect(apiRequestWithTotal('parts')).resolves.toMatchObject({ data: [], total: null });
    expect(TOTAL_COUNT_HEADER).toBe(SHARED_TOTAL_COUNT_HEADER);
  });

  it('turns a { message, code, errors } error body into an ApiError with the status', async () => {
    answerAll(() =>
      apiError(400, 'Invalid request', {
        code: 'VALIDATION',
        errors: { quantity: 'Quantity is Required', extra: 3 },
      }),
    );
    const error = await failure(apiRequest('order', { method: 'POST', body: {} }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid request');
    expect(error.code).toBe('VALIDATION');
    expect(error.errors).toEqual({ quantity: 'Quantity is Required' });
  });

  it('keeps the whole error body, e.g. the per-line reasons of a 409', async () => {
    const lines = [{ partId: 'p1', message: 'Only 3 in stock' }];
    answerAll(() => apiError(409, 'Some lines cannot be ordered', { code: 'LINES_UNAVAILABLE', lines }));
    const error = await failure(apiRequest('checkout', { method: 'POST', body: {} }));
    expect(error.code).toBe('LINES_UNAVAILABLE');
    expect(error.body).toEqual({ message: 'Some lines cannot be ordered', code: 'LINES_UNAVAILABLE', lines });
  });

  it('keeps the message of a 404', async () => {
    answerAll(() => apiError(404, 'Part not found'));
    const error = await failure(apiRequest('parts/unknown'));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Part not found');
    expect(error.code).toBeUndefined();
  });

  it('falls back to a readable message when the error body is not JSON', async () => {
    answerAll(
      () =>
        new HttpResponse('<html>Bad gateway</html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const error = await failure(apiRequest('review'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('The request failed with status 502.');
  });

  it('reports an unreachable server as status 0', async () => {
    answerAll(() => HttpResponse.error());
    const error = await failure(apiRequest('category'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Could not reach the server. Check your connection and try again.');
  });

  it('sends a JSON body', async () => {
    const requests = answerAll(() => HttpResponse.json({ insertedId: 'r1' }, { status: 201 }));
    await apiRequest('review', { method: 'POST', body: { name: 'Ann', rating: 5 } });
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(await request!.text()).toBe('{"name":"Ann","rating":5}');
    expect(request!.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends FormData as multipart/form-data with its file', async () => {
    const requests = answerAll(() => HttpResponse.json({ created: 0 }));
    const form = new FormData();
    form.append('file', new File(['sku,name\r\n'], 'parts.csv', { type: 'text/csv' }));
    await apiRequest('admin/parts/import', { method: 'POST', body: form });
    const [request] = requests;
    expect(request!.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const file = (await request!.formData()).get('file') as File;
    expect(await file.text()).toBe('sku,name\r\n');
  });
});

describe('api client with the access token (auth: true)', () => {
  const email = 'ann@example.com';
  const authorization = (request: Request) => request.headers.get('Authorization');

  it('sends the stored token as a bearer token', async () => {
    const token = fakeAccessToken(email);
    localStorage.setItem('accessToken', token);
    const requests = answerAll(() => HttpResponse.json([]));
    await apiRequest('user', { auth: true });
    expect(authorization(requests[0]!)).toBe(`Bearer ${token}`);
  });

  it('renews an expired token once with the session (PUT /user/{email}) and repeats the call', async () => {
    const expired = fakeAccessToken(email, -60);
    const fresh = fakeAccessToken(email, 900);
    localStorage.setItem('accessToken', expired);
    server.use(
      http.get('/api/user', ({ request }) =>
        authorization(request) === `Bearer ${fresh}`
          ? HttpResponse.json([{ email }])
          : apiError(401, 'Your session has expired. Please sign in again.'),
      ),
      http.put('/api/user/ann%40example.com', () => HttpResponse.json({ token: fresh })),
    );
    const log = requestLog();
    await expect(apiRequest('user', { auth: true })).resolves.toEqual([{ email }]);
    expect(log).toEqual(['GET /api/user', 'PUT /api/user/ann%40example.com', 'GET /api/user']);
    expect(localStorage.getItem('accessToken')).toBe(fresh);
  });

  it('ends the session when the token cannot be renewed: clears it, tells the listeners, throws the 401', async () => {
    localStorage.setItem('accessToken', fakeAccessToken(email, -60));
    server.use(
      http.get('/api/user', () => apiError(401, 'expired')),
      http.put('/api/user/ann%40example.com', () => apiError(401, 'Please sign in to continue.')),
    );
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
    server.use(http.get('/api/user', () => apiError(403, 'You do not have access to this.')));
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

describe("api client for a public call priced per buyer (auth: 'optional'; docs/requirements.md §15)", () => {
  const email = 'ann@example.com';
  const authorization = (request: Request) => request.headers.get('Authorization');

  it('sends the stored token when there is one', async () => {
    const token = fakeAccessToken(email);
    localStorage.setItem('accessToken', token);
    const requests = answerAll(() => HttpResponse.json([]));
    await apiRequest('parts', { auth: 'optional' });
    expect(authorization(requests[0]!)).toBe(`Bearer ${token}`);
  });

  it('calls without a token, and without asking for one, when none is stored', async () => {
    const requests = answerAll(() => HttpResponse.json([]));
    await apiRequest('parts', { auth: 'optional' });
    expect(requests.map((request) => [request.method, authorization(request)])).toEqual([['GET', null]]);
  });

  it('renews an expired token before the call (the server would answer it as a visitor’s)', async () => {
    const fresh = fakeAccessToken(email, 900);
    localStorage.setItem('accessToken', fakeAccessToken(email, -60));
    const requests: (string | null)[] = [];
    server.use(
      http.get('/api/parts', ({ request }) => {
        requests.push(authorization(request));
        return HttpResponse.json([]);
      }),
      http.put('/api/user/ann%40example.com', () => HttpResponse.json({ token: fresh })),
    );
    await apiRequest('parts', { auth: 'optional' });
    expect(requests).toEqual([`Bearer ${fresh}`]);
  });

  it('ends the session and calls without a token when the token cannot be renewed', async () => {
    localStorage.setItem('accessToken', fakeAccessToken(email, -60));
    const requests: (string | null)[] = [];
    server.use(
      http.get('/api/parts', ({ request }) => {
        requests.push(authorization(request));
        return HttpResponse.json([]);
      }),
      http.put('/api/user/ann%40example.com', () => apiError(401, 'Please sign in to continue.')),
    );
    let ended = 0;
    const unsubscribe = onSessionEnded(() => {
      ended += 1;
    });
    try {
      await apiRequest('parts', { auth: 'optional' });
      expect(requests).toEqual([null]);
      expect(ended).toBe(1);
      expect(localStorage.getItem('accessToken')).toBeNull();
    } finally {
      unsubscribe();
    }
  });
});
