/**
 * Vitest setup for the server project (root vitest.config.ts): a test that makes anything call console.error
 * fails (Epic Stack habit: errors are asserted, never printed and ignored).
 */
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

process.env.NODE_ENV ??= 'test';

let consoleError: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = consoleError?.mock.calls ?? [];
  consoleError?.mockRestore();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
