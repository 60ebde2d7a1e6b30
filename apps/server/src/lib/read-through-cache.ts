/**
 * An in-process read-through cache: `getOrLoad(key, load)` answers a fresh stored value or runs `load()` and
 * stores what it resolves to. Concurrent misses of one key share a single load; a load that started before
 * `invalidate()` (or `invalidateTag()`) is answered but not stored, so a write is never hidden by an older read;
 * a load that throws stores nothing. Entries are bounded by a total cost (default: 1 per entry), least recently
 * used evicted first. Entries may carry tags (e.g. the ids of the records they show), to drop only those.
 */

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

interface Entry<V> {
  value: V;
  cost: number;
  tags: readonly string[];
  expiresAt: number;
}

/** Creates an empty cache with `options`. */
export function createReadThroughCache<V>({
  ttlMs,
  maxCost,
  costOf = () => 1,
  tagsOf = () => [],
  now = Date.now,
}: ReadThroughCacheOptions<V>): ReadThroughCache<V> {
  const entries = new Map<string, Entry<V>>();
  const inFlight = new Map<string, Promise<V>>();
  /** The keys of the stored entries carrying each tag. */
  const keysByTag = new Map<string, Set<string>>();
  const enabled = ttlMs > 0 && maxCost > 0;
  let suspended = false;
  let generation = 0;
  let totalCost = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalCost -= entry.cost;
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  };

  const store = (key: string, value: V) => {
    const cost = costOf(value, key);
    remove(key);
    if (cost > maxCost) return;
    const tags = tagsOf(value);
    entries.set(key, { value, cost, tags, expiresAt: now() + ttlMs });
    totalCost += cost;
    for (const tag of tags) {
      const keys = keysByTag.get(tag) ?? new Set<string>();
      keys.add(key);
      keysByTag.set(tag, keys);
    }
    // Map iteration order is insertion order, and hits re-insert: the first key is the least recently used.
    while (totalCost > maxCost) remove(entries.keys().next().value as string);
  };

  const clear = () => {
    generation += 1;
    entries.clear();
    inFlight.clear();
    keysByTag.clear();
    totalCost = 0;
  };

  return {
    async getOrLoad(key, load) {
      if (!enabled) return load();
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) {
        entries.delete(key);
        entries.set(key, entry);
        return entry.value;
      }
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
      for (const key of [...(keysByTag.get(tag) ?? [])]) remove(key);
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
      return totalCost;
    },
  };
}
