import { vi } from 'vitest';
import { categoriesFixture, makesFixture, partsFixture, reviewsFixture } from './api-fixtures';

type Handler = (url: URL) => Response | Promise<Response>;

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** The home page's four calls answered with the fixtures (the API answers every requested part: 8 > 6). */
export const homeHandlers: Record<string, Handler> = {
  '/api/parts': () =>
    jsonResponse(partsFixture, { headers: { 'X-Total-Count': String(partsFixture.length) } }),
  '/api/review': () => jsonResponse(reviewsFixture),
  '/api/category': () => jsonResponse(categoriesFixture),
  '/api/make': () => jsonResponse(makesFixture),
};

/**
 * Replaces the global fetch with one that answers by path from `handlers` (404 `{ message }` otherwise) and
 * returns the mock, whose calls hold the requested URLs.
 */
export function stubApi(handlers: Record<string, Handler> = homeHandlers) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const handler = handlers[url.pathname];
    return handler ? handler(url) : jsonResponse({ message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A promise with its resolve function, to hold an API answer until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
