/**
 * A background job that runs after a quiet period (docs/design.md "Catalogue reads"): `schedule()` asks for a run
 * `delayMs` later, so a burst of requests costs one run; one run at a time, and one more after it when asked
 * meanwhile. Failures go to `onError`; the task never throws to its callers.
 */
export interface DebouncedTask {
  /** Asks for a run after the delay (or after the run under way). */
  schedule(): void;
  /** Runs now (after the run under way, if any) and resolves when that run ends. */
  flush(): Promise<void>;
  /** Stops scheduling and waits for the run under way. */
  close(): Promise<void>;
}

/** Creates a DebouncedTask running `run`. */
export function createDebouncedTask(
  run: () => Promise<unknown>,
  delayMs: number,
  onError: (error: unknown) => void,
): DebouncedTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const start = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    again = false;
    running = run()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
        if (again) schedule();
      });
    return running;
  };
  function schedule() {
    if (closed) return;
    if (running) again = true;
    else timer ??= setTimeout(start, delayMs);
  }
  return {
    schedule,
    async flush() {
      while (running) await running;
      if (!closed) await start();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
