/**
 * An in-process read-through cache: `getOrLoad(key, load)` answers a fresh stored value or runs `load()` and
 * stores what it resolves to. Concurrent misses of one key share a single load; a load that started before
 * `invalidate()` (or `invalidateTag()`) is answered but not stored, so a write is never hidden by an older read;
 * a load that throws stores nothing. Entries are bounded by a total cost (default: 1 per entry), least recently
 * used evicted first. Entries may carry tags (e.g. the ids of the records they show), to drop only those.
 */
import { LRUCache } from 'lru-cache';

/** Options of createReadThroughCache. */
export interface ReadThroughCacheOptions<V> {
  /** Lifetime of an entry in milliseconds (Infinity: until invalidated or evicted); 0 disables the cache. */
  ttlMs: number;
  /** Upper bound on the summed cost of the stored entries; 0 disables the cache. */
  maxCost: number;
  /** Cost of one entry (e.g. its size in bytes, key included); default 1, so maxCost counts entries. */
  costOf?: (value: V, key: string) => number;
  /** Tags of one value, for invalidateTag(); default none. */
  tagsOf?: (value: V) => readonly string[];
  /** Clock in milliseconds (tests inject one). */
  now?: () => number;
}

/** The cache's interface; create one with createReadThroughCache. */
export interface ReadThroughCache<V> {
  /** False when the TTL or the bound is 0: every getOrLoad loads, and callers may skip building cacheable values. */
  readonly enabled: boolean;
  /** The stored value of `key` if fresh, else the result of `load()` (stored unless it throws). */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V>;
  /** Forgets every entry, including loads already in flight. */
  invalidate(): void;
  /** Forgets the entries tagged `tag`; loads already in flight are not stored (they may show it too). */
  invalidateTag(tag: string): void;
  /**
   * Stops serving and storing until resume(), forgetting everything: for when the cache can no longer learn of
   * changes (e.g. its change notifications are disconnected). Concurrent misses of a key still share one load.
   */
  suspend(): void;
  /** Serves and stores again after suspend(), starting empty (loads begun while suspended are not stored). */
  resume(): void;
  /** Number of stored entries (fresh or expired). */
  readonly size: number;
  /** Summed cost of the stored entries. */
  readonly cost: number;
}

/**
 * Creates an empty cache with `options`. Storage, recency, expiry and the cost bound are lru-cache's (`maxSize`,
 * `sizeCalculation`, `ttl`); this module adds what the catalogue needs on top: one shared load per key, loads
 * begun before an invalidation answered but not stored, tags, and suspension. lru-cache's own `fetch` is not
 * used because it rejects a load that an invalidation aborts, where this cache must still answer it.
 */
export function createReadThroughCache<V extends NonNullable<unknown>>({
  ttlMs,
  maxCost,
  costOf = () => 1,
  tagsOf = () => [],
  now = Date.now,
}: ReadThroughCacheOptions<V>): ReadThroughCache<V> {
  const enabled = ttlMs > 0 && maxCost > 0;
  /** The keys of the stored entries carrying each tag, and each stored key's tags. */
  const keysByTag = new Map<string, Set<string>>();
  const tagsByKey = new Map<string, readonly string[]>();
  const unindex = (key: string) => {
    for (const tag of tagsByKey.get(key) ?? []) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
    tagsByKey.delete(key);
  };
  const entries = new LRUCache<string, V>({
    maxSize: Math.max(1, maxCost),
    maxEntrySize: Math.max(1, maxCost),
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(costOf(value, key))),
    ...(Number.isFinite(ttlMs) ? { ttl: ttlMs } : {}),
    // Check expiry against the clock on every read (the clock may be a test's).
    ttlResolution: 0,
    perf: { now },
    dispose: (_value, key) => unindex(key),
  });
  const inFlight = new Map<string, Promise<V>>();
  let suspended = false;
  let generation = 0;

  const store = (key: string, value: V) => {
    entries.set(key, value);
    if (!entries.has(key)) return; // costlier than the whole cache
    const tags = tagsOf(value);
    tagsByKey.set(key, tags);
    for (const tag of tags) {
      const keys = keysByTag.get(tag) ?? new Set<string>();
      keys.add(key);
      keysByTag.set(tag, keys);
    }
  };

  const clear = () => {
    generation += 1;
    entries.clear();
    inFlight.clear();
    keysByTag.clear();
    tagsByKey.clear();
  };

  return {
    enabled,
    async getOrLoad(key, load) {
      if (!enabled) return load();
      const stored = entries.get(key);
      if (stored !== undefined) return stored;
      const pending = inFlight.get(key);
      if (pending) return pending;

      const startedIn = generation;
      const loading = load().then((value) => {
        if (startedIn === generation && !suspended) store(key, value);
        return value;
      });
      inFlight.set(key, loading);
      try {
        return await loading;
      } finally {
        if (inFlight.get(key) === loading) inFlight.delete(key);
      }
    },
    invalidate: clear,
    invalidateTag(tag) {
      generation += 1;
      inFlight.clear();
      for (const key of [...(keysByTag.get(tag) ?? [])]) entries.delete(key);
    },
    suspend() {
      suspended = true;
      clear();
    },
    resume() {
      clear();
      suspended = false;
    },
    get size() {
      return entries.size;
    },
    get cost() {
      return entries.calculatedSize;
    },
  };
}
