/**
 * The catalogue's two read-through caches (docs/design.md "Stack"; docs/decisions/010-catalogue-result-lists.md):
 *
 * - responses: the serialised JSON body (and, for lists, the total) of each catalogue request, keyed by route
 *   and normalised query, so hot reads pay no query, serialisation or compression. Short-lived: stock shown in
 *   a body may be that old in other processes (CATALOG_CACHE_TTL_MS, default 2000 ms; 0 turns it off).
 * - partResults: for each parts search without its page (words, category, make, sort), the `seq` of every
 *   matching part in result order. A page is a slice of it whose rows are read fresh by `seq`, so paging and
 *   repeated searches cost one primary-key read instead of matching and ranking again. It depends only on which
 *   parts exist and on their name, description, part number, price, category and make, so it lives until one of
 *   those changes (at most RESULT_LIST_MAX_AGE_MS; bounded by CATALOG_RESULT_CACHE_MB; 0 turns it off).
 *
 * Writers never see the caches: they get CatalogChanges (`stockChanged(partId)`, `catalogueChanged()`), which
 * the order and catalogue-admin services take when they are built and call after each commit. Other processes learn of catalogue changes through PostgreSQL NOTIFY (listenForCatalogChanges in
 * catalog-change-listener.ts); while that listener is down partResults is suspended.
 */
import { createReadThroughCache, type ReadThroughCache } from '../../lib/read-through-cache.js';
import { DEFAULT_RESULT_CACHE_MB } from '../../config.js';

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
 * What writers tell the catalogue after their transaction commits: the stock of one part (`_id`) changed, or
 * the catalogue itself did (which parts exist and what they say; makes and categories). The only way a write
 * reaches the caches.
 */
export interface CatalogChanges {
  /** Forgets the responses showing part `partId`. */
  stockChanged(partId: string): void;
  /** Forgets every response and every result list. */
  catalogueChanged(): void;
}

/** The catalogue's caches; create them with createCatalogCache. */
export interface CatalogCache extends CatalogChanges {
  /** The cached response of `key` if fresh, else the result of `load()` (stored unless it throws). */
  getOrLoad(key: string, load: () => Promise<CachedBody>): Promise<CachedBody>;
  /** Ordered `seq`s of each search's matches (catalog-repository.ts keys and loads them). */
  readonly partResults: ReadThroughCache<Float64Array>;
  /** Number of cached responses (for tests and metrics). */
  readonly size: number;
}

/** Options of createCatalogCache. */
export interface CatalogCacheOptions {
  /** Lifetime of a cached response in milliseconds; 0 disables response caching. */
  ttlMs: number;
  /** Upper bound on the cached responses' estimated memory (entryBytes), least recently used evicted first. */
  maxResponseBytes?: number;
  /** Upper bound on the result lists' estimated memory (entryBytes); 0 disables result lists. */
  maxResultBytes?: number;
  /** Clock in milliseconds (tests inject one). */
  now?: () => number;
}

const MB = 1024 * 1024;
/** Default bounds: 32 MB of responses; 32 MB of result lists (every sort and filter of 88,000 parts fits). */
export const DEFAULT_RESPONSE_CACHE_MB = 32;
/**
 * Longest life of a result list even without a change notice: a defence against a notification connection
 * that fails without either end noticing (the listener's heartbeat finds it within seconds).
 */
export const RESULT_LIST_MAX_AGE_MS = 10 * 60 * 1000;

/**
 * Estimated memory of one entry in bytes: its payload, its key (keys are client-controlled: up to 200
 * characters of search words) as a two-byte string, and the Map entry, record and array headers around them.
 */
function entryBytes(payloadBytes: number, key: string): number {
  return payloadBytes + 2 * key.length + 200;
}

/** Creates empty in-process catalogue caches. */
export function createCatalogCache({
  ttlMs,
  maxResponseBytes = DEFAULT_RESPONSE_CACHE_MB * MB,
  maxResultBytes = DEFAULT_RESULT_CACHE_MB * MB,
  now = Date.now,
}: CatalogCacheOptions): CatalogCache {
  const responses = createReadThroughCache<CachedBody>({
    ttlMs,
    maxCost: maxResponseBytes,
    // The JSON text (two bytes a character once it holds a non-ASCII one such as the em dash in part names),
    // plus its UTF-8 and compressed copies (cached-response.ts): about three bytes a character in all.
    costOf: (response, key) => entryBytes(3 * response.body.length, key),
    tagsOf: (response) => response.partIds ?? [],
    now,
  });
  const partResults = createReadThroughCache<Float64Array>({
    ttlMs: RESULT_LIST_MAX_AGE_MS,
    maxCost: maxResultBytes,
    costOf: (seqs, key) => entryBytes(seqs.byteLength, key),
    now,
  });
  return {
    getOrLoad: responses.getOrLoad,
    partResults,
    stockChanged(partId) {
      responses.invalidateTag(partId.toLowerCase());
    },
    catalogueChanged() {
      responses.invalidate();
      partResults.invalidate();
    },
    get size() {
      return responses.size;
    },
  };
}
