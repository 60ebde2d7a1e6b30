/**
 * Runs `callback` once the page has loaded (the window's load event, or after `maxWaitMs` if loading stalls) and
 * then the browser is idle, so that code the first screen does not need never competes with it for the network
 * or the main thread. Returns a function that cancels the call.
 */
export function runWhenIdle(
  callback: () => void,
  { idleTimeoutMs = 2000, maxWaitMs = 5000 }: { idleTimeoutMs?: number; maxWaitMs?: number } = {},
): () => void {
  let cancelIdle: (() => void) | undefined;
  let fallback: ReturnType<typeof setTimeout> | undefined;

  const scheduleWhenIdle = () => {
    window.removeEventListener('load', scheduleWhenIdle);
    clearTimeout(fallback);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => callback(), { timeout: idleTimeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(callback, 0);
      cancelIdle = () => clearTimeout(id);
    }
  };

  if (document.readyState === 'complete') scheduleWhenIdle();
  else {
    window.addEventListener('load', scheduleWhenIdle);
    fallback = setTimeout(scheduleWhenIdle, maxWaitMs);
  }
  return () => {
    window.removeEventListener('load', scheduleWhenIdle);
    clearTimeout(fallback);
    cancelIdle?.();
  };
}
