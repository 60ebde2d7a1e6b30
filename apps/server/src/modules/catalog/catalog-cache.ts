/**
 * The catalogue's two read-through caches (DESIGN.md "Stack"; docs/decisions/010-catalogue-result-lists.md):
 *
 * - responses: the serialised JSON body (and, for lists, the total) of each catalogue request, keyed by route
 *   and normalised query, so hot reads pay no query, serialisation or compression. Short-lived: stock shown in
 *   a body may be that old in other processes (CATALOG_CACHE_TTL_MS, default 2000 ms; 0 turns it off).
 * - partResults: for each parts search without its page (words, category, make, sort), the `seq` of every
 *   matching part in result order. A page is a slice of it whose rows are read fresh by `seq`, so paging and
 *   repeated searches cost one primary-key read instead of matching and ranking again. It depends only on which
 *   parts exist and on their name, description, part number, price, category and make, so it lives until one of
 *   those changes (bounded by CATALOG_RESULT_CACHE_SEQS positions in total; 0 turns it off).
 *
 * RULE: every write in this process must call `invalidate(change)` after its transaction commits: `{ stockOf }`
 * for a part's stock change (placing, cancelling orders), 'catalogue' (the default) for anything else (parts,
 * makes, categories). Other processes learn of catalogue changes through PostgreSQL NOTIFY (listenForCatalogChanges in
 * catalog-change-listener.ts); while that listener is down partResults is suspended.
 */
import { createReadThroughCache, type ReadThroughCache } from '../../lib/read-through-cache.js';

/**
 * A cached response: the exact JSON body to send, for paged lists the X-Total-Count value, and the `_id`s of the
 * parts it shows (so a stock change drops only the responses showing that part).
 */
export interface CachedBody {
  body: string;
  total?: number;
  partIds?: readonly string[];
}

/**
 * What a write changed: the stock of one part (`_id`), or the catalogue itself (which parts exist and what
 * they say; makes and categories).
 */
export type CatalogChange = { stockOf: string } | 'catalogue';

/** The catalogue's caches; create them with createCatalogCache. */
export interface CatalogCache {
  /** The cached response of `key` if fresh, else the result of `load()` (stored unless it throws). */
  getOrLoad(key: string, load: () => Promise<CachedBody>): Promise<CachedBody>;
  /** Ordered `seq`s of each search's matches (catalog-repository.ts keys and loads them). */
  readonly partResults: ReadThroughCache<Float64Array>;
  /**
   * Forgets what `change` may have made stale: for a stock change, the responses showing that part; for a
   * catalogue change, every response and every result list.
   */
  invalidate(change?: CatalogChange): void;
  /** Number of cached responses (for tests and metrics). */
  readonly size: number;
}

/** Options of createCatalogCache. */
export interface CatalogCacheOptions {
  /** Lifetime of a cached response in milliseconds; 0 disables response caching. */
  ttlMs: number;
  /**
   * Upper bound on the cached responses' summed body length (characters of JSON, about bytes), least recently
   * used evicted first: keys are client-controlled. Default 32 MB.
   */
  maxResponseChars?: number;
  /** Upper bound on the result lists' summed length (8 bytes each); 0 disables result lists. */
  maxResultSeqs?: number;
  /** Clock in milliseconds (tests inject one). */
  now?: () => number;
}

/** Default bound of the result lists: 2,000,000 positions, 16 MB (every sort and filter of 88,000 parts fits). */
export const DEFAULT_RESULT_CACHE_SEQS = 2_000_000;

/** Creates empty in-process catalogue caches. */
export function createCatalogCache({
  ttlMs,
  maxResponseChars = 32 * 1024 * 1024,
  maxResultSeqs = DEFAULT_RESULT_CACHE_SEQS,
  now = Date.now,
}: CatalogCacheOptions): CatalogCache {
  const responses = createReadThroughCache<CachedBody>({
    ttlMs,
    maxCost: maxResponseChars,
    costOf: (response) => response.body.length,
    tagsOf: (response) => response.partIds ?? [],
    now,
  });
  const partResults = createReadThroughCache<Float64Array>({
    ttlMs: Infinity,
    maxCost: maxResultSeqs,
    // An empty list still holds a key: count it as one position.
    costOf: (seqs) => seqs.length + 1,
    now,
  });
  return {
    getOrLoad: responses.getOrLoad,
    partResults,
    invalidate(change = 'catalogue') {
      if (change === 'catalogue') {
        responses.invalidate();
        partResults.invalidate();
      } else responses.invalidateTag(change.stockOf.toLowerCase());
    },
    get size() {
      return responses.size;
    },
  };
}
