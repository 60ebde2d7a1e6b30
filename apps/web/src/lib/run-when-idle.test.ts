import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runWhenIdle } from './run-when-idle';

describe('runWhenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  function pageStillLoading() {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  }

  it('on a loaded page, runs the callback when the browser reports idle time', () => {
    let idle: (() => void) | undefined;
    const requestIdleCallback = vi.fn((callback: () => void) => {
      idle = callback;
      return 7;
    });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const callback = vi.fn();

    runWhenIdle(callback, { idleTimeoutMs: 1500 });
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1500 });
    expect(callback).not.toHaveBeenCalled();
    idle?.();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('while the page loads, waits for the load event', async () => {
    pageStillLoading();
    const callback = vi.fn();

    runWhenIdle(callback);
    await vi.advanceTimersByTimeAsync(1000);
    expect(callback).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does not wait for a load event that never comes longer than maxWaitMs', async () => {
    pageStillLoading();
    const callback = vi.fn();

    runWhenIdle(callback, { maxWaitMs: 3000 });
    await vi.advanceTimersByTimeAsync(2999);
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect(callback).toHaveBeenCalledOnce();
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(10);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('cancels the idle callback it has already requested', async () => {
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const callback = vi.fn();

    // Without requestIdleCallback (Safari), a timer stands in for the idle callback.
    const cancelWithTimer = runWhenIdle(callback);
    cancelWithTimer();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(callback).not.toHaveBeenCalled();

    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn(() => 7),
    );
    runWhenIdle(callback)();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('never runs the callback when cancelled before the page has loaded', async () => {
    pageStillLoading();
    const callback = vi.fn();

    const cancel = runWhenIdle(callback);
    cancel();
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(callback).not.toHaveBeenCalled();
  });
});
