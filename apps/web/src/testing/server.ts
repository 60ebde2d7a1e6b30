import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers';

/** The API of every web test (started in setup.ts); `server.use(...)` overrides it for one test. */
export const server = setupServer(...defaultHandlers);

/**
 * The requests the app makes from now on, in order, as "METHOD /path?query" (e.g. "GET /api/parts?limit=6&offset=0").
 */
export function requestLog(): string[] {
  const log: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    log.push(`${request.method} ${url.pathname}${url.search}`);
  });
  return log;
}

/** A promise with its resolve function, to hold an API answer until the test releases it. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
