import { CHUNK_LOAD_TIMEOUT_MS } from '@partsforge/shared/constants';
import { messages } from '@partsforge/shared/messages';

/**
 * A lazily loaded script chunk could not be downloaded or evaluated, or took longer than
 * CHUNK_LOAD_TIMEOUT_MS (docs/requirements.md §8: "Loading chunk {n} failed", ChunkLoadError).
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly chunk: string;

  constructor(chunk: string, options: { cause?: unknown } = {}) {
    super(messages.errors.chunkLoad(chunk), options);
    this.chunk = chunk;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/**
 * Runs a dynamic import named `chunk`; a rejection, or no answer within `timeoutMs`, becomes a ChunkLoadError
 * so the router's error element can offer a reload instead of leaving a blank page.
 */
export function loadChunk<T>(
  chunk: string,
  importer: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk)), timeoutMs);
    let loading: Promise<T>;
    try {
      loading = importer();
    } catch (error) {
      loading = Promise.reject(error);
    }
    loading.then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isChunkLoadError(error) ? error : new ChunkLoadError(chunk, { cause: error }));
      },
    );
  });
}
