/**
 * Read-through cache of serialised catalogue responses (DESIGN.md "Stack": the hot catalogue reads must not
 * pay per-request serialisation). Key = route + normalised query; value = the JSON body string and, for
 * lists, the total row count.
 *
 * RULE: every catalogue write in this process (parts, makes, categories, and any stock change such as placing
 * or cancelling an order) must call `invalidate()` after its transaction commits. Other processes on the same
 * database converge within the TTL (CATALOG_CACHE_TTL_MS, default 2000 ms; 0 disables caching).
 * Only successful loads are stored: a loader that throws (404, database down) caches nothing.
 */

/** A cached response: the exact JSON body to send and, for paged lists, the X-Total-Count value. */
export interface CachedBody {
  body: string;
  total?: number;
}

/** The cache's interface; create one with createCatalogCache. */
export interface CatalogCache {
  /** The cached value of `key` if fresh, else the result of `load()` (stored unless it throws). */
  getOrLoad(key: string, load: () => Promise<CachedBody>): Promise<CachedBody>;
  /** Forgets everything, including loads already in flight. Call after every catalogue write. */
  invalidate(): void;
  /** Number of fresh-or-stale entries held (for tests and metrics). */
  readonly size: number;
}

/** Options of createCatalogCache. */
export interface CatalogCacheOptions {
  /** Lifetime of an entry in milliseconds; 0 disables the cache (every call loads). */
  ttlMs: number;
  /** Upper bound on entries, oldest evicted first: paged keys are client-controlled. Default 1000. */
  maxEntries?: number;
  /** Clock in milliseconds (tests inject one). */
  now?: () => number;
}

interface Entry {
  value: CachedBody;
  expiresAt: number;
}

/**
 * Creates an in-process catalogue cache. Concurrent misses of one key share a single load; a load started
 * before invalidate() is not stored, so a write is never hidden by an older read.
 */
export function createCatalogCache({
  ttlMs,
  maxEntries = 1000,
  now = Date.now,
}: CatalogCacheOptions): CatalogCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<CachedBody>>();
  let generation = 0;

  return {
    async getOrLoad(key, load) {
      if (ttlMs <= 0) return load();
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return entry.value;
      const pending = inFlight.get(key);
      if (pending) return pending;

      const startedIn = generation;
      const loading = load().then((value) => {
        if (startedIn === generation) {
          entries.delete(key);
          entries.set(key, { value, expiresAt: now() + ttlMs });
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
        }
        return value;
      });
      inFlight.set(key, loading);
      try {
        return await loading;
      } finally {
        if (inFlight.get(key) === loading) inFlight.delete(key);
      }
    },
    invalidate() {
      generation += 1;
      entries.clear();
      inFlight.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
