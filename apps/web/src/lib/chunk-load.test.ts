import { CHUNK_LOAD_TIMEOUT_MS } from '@partsforge/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunk } from './chunk-load';

describe('loadChunk', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the module when the import succeeds', async () => {
    const module = { Page: () => null };
    await expect(loadChunk('blogs', () => Promise.resolve(module))).resolves.toBe(module);
  });

  it('turns a failed import into a ChunkLoadError "Loading chunk {name} failed"', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/blogs-x1.js');
    const error = await loadChunk('blogs', () => Promise.reject(cause)).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as ChunkLoadError).message).toBe('Loading chunk blogs failed');
    expect((error as ChunkLoadError).name).toBe('ChunkLoadError');
    expect((error as ChunkLoadError).chunk).toBe('blogs');
    expect((error as ChunkLoadError).cause).toBe(cause);
  });

  it('gives up after CHUNK_LOAD_TIMEOUT_MS (120 s) when the chunk never arrives', async () => {
    vi.useFakeTimers();
    const loading = loadChunk('dashboard', () => new Promise<never>(() => undefined));
    const settled = vi.fn();
    loading.catch(settled);

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledOnce();
    const error = settled.mock.calls[0]![0] as unknown;
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).message).toBe('Loading chunk dashboard failed');
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('does not treat other errors as chunk load errors', () => {
    expect(isChunkLoadError(new Error('Loading chunk blogs failed'))).toBe(false);
  });
});
