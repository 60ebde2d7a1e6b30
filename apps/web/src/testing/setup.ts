import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi, type MockInstance } from 'vitest';
import { server } from './server';

/**
 * Every test runs against the MSW server of testing/server.ts (the default handlers of testing/handlers, reset
 * after each test; a request no handler answers fails the test) with an empty localStorage.
 *
 * A console.error in a test is a bug (React warnings, act() problems, failed prop types) and fails the test.
 * A test that expects one calls `allowConsoleError()` first.
 */
let consoleError: MockInstance<typeof console.error>;
let consoleErrorAllowed = false;

export function allowConsoleError(): void {
  consoleErrorAllowed = true;
}

// happy-dom lacks HTMLSelectElement.size and HTMLOptionElement.defaultSelected. react-hook-form reads both when a
// select registers, to tell whether the user changed it before the form was ready; without them every select looks
// changed and loses its default value. These are the browsers' definitions (size 0 unless set; the `selected`
// attribute).
if (!('size' in HTMLSelectElement.prototype))
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size')) || 0;
    },
  });
if (!('defaultSelected' in HTMLOptionElement.prototype))
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
    set(this: HTMLOptionElement, selected: boolean) {
      this.toggleAttribute('selected', selected);
    },
  });

// A lazy route's first import is transformed on demand; on a busy CI machine that takes more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(() => {
  localStorage.clear();
  consoleErrorAllowed = false;
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.head.querySelectorAll('meta[name="partsforge:shop-name"]').forEach((meta) => meta.remove());
  if (!consoleErrorAllowed && calls.length > 0) {
    throw new Error(
      `console.error was called:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
