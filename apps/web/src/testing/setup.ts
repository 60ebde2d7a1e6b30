import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { signedOutHandlers, stubApi } from './stub-api';

/**
 * A console.error in a test is a bug (React warnings, act() problems, failed prop types) and fails the test.
 * A test that expects one calls `allowConsoleError()` first.
 */
let consoleError: MockInstance<typeof console.error>;
let consoleErrorAllowed = false;

export function allowConsoleError(): void {
  consoleErrorAllowed = true;
}

beforeEach(() => {
  localStorage.clear();
  stubApi(signedOutHandlers);
  consoleErrorAllowed = false;
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
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
