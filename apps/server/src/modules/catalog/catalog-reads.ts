/**
 * The catalogue read path's one owner (docs/design.md "Catalogue reads"; docs/decisions/010, 015). The routes ask
 * it for bodies; it answers from its caches (catalog-cache.ts: responses, and search result lists) or from the
 * repository (catalog-repository.ts, SQL only), and it alone learns of changes:
 * - writers in this process call its CatalogChanges (`app.catalog` is handed to the order and admin services as
 *   that interface);
 * - other processes' catalogue changes arrive by PostgreSQL NOTIFY (catalog-change-listener.ts), subscribed when
 *   the app is ready and closed with it;
 * - after a catalogue change it rebuilds the page marks (one process at a time, debounced), so deep pages stay
 *   cheap without a cache.
 * Registered by app.ts as `catalogPlugin`, which decorates `app.catalog`.
 *
 * Buyers' prices (docs/requirements.md §15; docs/decisions/027-trade-terms.md): the cached bodies are list-priced and
 * shared by everyone. A member's answer is the cached body's parts repriced with their price book (pricePart) and
 * serialised for the request, so no cache ever holds a member's prices. Sorted by price, a member's page is their
 * own order: ranked by their net prices in the search index (a rank array per book and index build, kept in a
 * small LRU), or, when the index cannot answer, by the database ordering by the same prices (catalog-sql.ts
 * netPriceKey); neither touches the response cache, whose keys stay as they are.
 */
import type { PageQuery, Part, PartsQuery, SearchVehicle } from '@partsforge/shared';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { createDebouncedTask } from '../../lib/debounced-task.js';
import { messages } from '@partsforge/shared';
import type { AppDatabase } from '../../db/connect.js';
import type { Subscription } from '../../db/notifications.js';
import type { Page } from '../../lib/page.js';
import { NotFoundError } from '../../lib/http-errors.js';
import {
  createCatalogCache,
  type CachedBody,
  type CatalogCache,
  type CatalogChanges,
} from './catalog-cache.js';
import { listenForCatalogChanges } from './catalog-change-listener.js';
import { createCatalogRepository, type CatalogRepository, type SeqPage } from './catalog-repository.js';
import {
  exactQuery,
  toPartsSearch,
  partsCacheKey,
  partsResultKey,
  typoQuery,
  wordsToStem,
  type Lexemes,
  type PartsSearch,
  type TextQuery,
} from './catalog-search.js';
import { MAX_INDEXED_PARTS, SearchIndexBuilder, type PriceOrder, type SearchIndex } from './search-index.js';
import { createVehicleDirectory, type VehicleDirectory, type VehicleFilter } from '../vehicles/index.js';
import { discounted, pricePart, type PriceBook } from '../trade-terms/index.js';
import { netPriceKey, type NetPriceTerms } from './catalog-sql.js';

/** A `GET /api/parts` request made ready to run: its search, and the vehicle its words were read as. */
export interface ResolvedPartsQuery {
  search: PartsSearch;
  /** What `q` was read as (docs/requirements.md §12), for the X-Search-Vehicle header; absent when nothing. */
  understood?: SearchVehicle;
}

/** The catalogue's reads as response bodies, and the change notices writers give it. */
export interface CatalogReads extends CatalogChanges {
  /**
   * Resolves a validated `GET /api/parts` query (docs/requirements.md §12): the make (`_id`, slug or name) to the
   * catalogue make's `_id` (an unknown one matches nothing), `year`/`make`/`model`/`engine` to a vehicle filter
   * (an unknown vehicle matches nothing), and a vehicle read from `q`, which takes the place of both.
   */
  resolve(query: PartsQuery): Promise<ResolvedPartsQuery>;
  /**
   * A page of parts (`GET /api/parts`): the JSON body, its total and its parts' ids. With `book` (a member's price
   * book), their prices (`price`/`priceBreaks` theirs, `listPrice`/`listPriceBreaks` the list ones) and, sorted
   * by price, their order: a body of its own, never cached.
   */
  parts(search: PartsSearch, book?: PriceBook | null): Promise<CachedBody>;
  /**
   * One part by `_id` (`GET /api/parts/:id`), at `book`'s prices when given; throws NotFoundError for an unknown
   * or malformed id.
   */
  part(id: string, book?: PriceBook | null): Promise<CachedBody>;
  /** A page of makes (`GET /api/make`). */
  makes(page: PageQuery): Promise<CachedBody>;
  /** A page of categories (`GET /api/category`). */
  categories(page: PageQuery): Promise<CachedBody>;
  /** The vehicle list the vehicle filters and readings use. */
  readonly vehicles: VehicleDirectory;
  /** The caches behind it (sizes, for tests and metrics). */
  readonly cache: CatalogCache;
  /** Parts in the search index when it is current and answers searches, else undefined (tests, metrics). */
  readonly searchIndexParts: number | undefined;
  /**
   * The search index for metrics (docs/operations.md "Metrics and logs"): its state, and when the index that answers
   * now was built (ms since the epoch; undefined when none answers).
   */
  readonly searchIndexState: SearchIndexState;
  /**
   * True while the search index is first built after start (seconds at 1,000,000 parts): the app answers
   * meanwhile, searches from the database, and GET /api/ready says 503 WARMING_UP.
   */
  readonly warmingUp: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue read path (catalog-reads.ts); writers get it only as CatalogChanges. */
    catalog: CatalogReads;
  }
}

/** Options of catalogPlugin. */
export interface CatalogPluginOptions {
  /** Response lifetime in ms (CATALOG_CACHE_TTL_MS); 0 turns response caching off. */
  responseTtlMs: number;
  /** Bound on search result lists in bytes (CATALOG_RESULT_CACHE_MB); 0 turns them off. */
  maxResultBytes: number;
  /** Whether searches use the in-process search index (CATALOG_SEARCH_INDEX); off, they run on the database. */
  searchIndex: boolean;
}

/** Wait after a catalogue change before rebuilding the page marks and the search index: a burst costs one rebuild. */
const REBUILD_DELAY_MS = 500;
/**
 * Whether `q` is written as a part number of three or more pieces with a digit ('BP-KIA-58101'): its words are
 * not read as a vehicle ('kia' is a piece of the number there, not the make).
 */
function looksLikePartNumber(q: string | undefined): boolean {
  return q !== undefined && /^[A-Za-z0-9]+(?:[-.][A-Za-z0-9]+){2,}$/.test(q) && /\d/.test(q);
}

/** A make `_id` no make has: an unknown make filters to nothing, as an unknown `_id` always did. */
const NO_SUCH_MAKE = '00000000-0000-0000-0000-000000000000';

/** Buyers' price orders kept per search index (each 12 bytes a part: 1 MB at 88,000 parts). */
const KEPT_PRICE_ORDERS = 16;
/** Buyers' prices as SQL parameters kept (catalog-sql.ts NetPriceTerms), by price book key. */
const KEPT_NET_PRICE_TERMS = 64;

/** Whether `sort` orders by price (a member's list then follows their prices). */
const sortsByPrice = (sort: PartsSearch['sort']) => sort === 'price-asc' || sort === 'price-desc';

/** Query words whose lexemes are remembered (stemming is a pure function of the word). */
const LEXEME_MEMO_WORDS = 10_000;

function serialisePage<T>(page: Page<T>): CachedBody {
  return { body: JSON.stringify(page.items), total: page.total };
}

/**
 * The in-process search index and when it may answer (docs/decisions/016-in-process-search-index.md): only while
 * the change subscription listens and no catalogue change arrived since its build began. Otherwise searches run
 * on the database (same results), and a rebuild is scheduled.
 */
export interface SearchIndexKeeper {
  /** The index when it is current, else undefined. */
  current(): SearchIndex | undefined;
  /** A catalogue change (or a gap in the notices): the index is stale until the next rebuild. */
  changed(): void;
  /** Whether the change subscription listens (the index is trusted only while it does). */
  setListening(listening: boolean): void;
  /** Builds now and waits (start-up). */
  build(): Promise<void>;
  /** True until the first build attempt has ended (built, failed or already stale), when the index is on. */
  readonly warmingUp: boolean;
  /** Its state and the current index's build time (SearchIndexState). */
  readonly state: SearchIndexState;
  close(): Promise<void>;
}

/**
 * Where the search index stands: `off` (CATALOG_SEARCH_INDEX=false), `warming_up` (first build after start),
 * `current` (answers searches) or `stale` (a change or a failed build since: searches run on the database until the
 * next build).
 */
export interface SearchIndexState {
  state: 'off' | 'warming_up' | 'current' | 'stale';
  builtAt: number | undefined;
}

/** Longest wait before retrying a failed search index build (the wait doubles from 1 s after each failure). */
const MAX_BUILD_RETRY_MS = 60_000;

function createSearchIndexKeeper(
  repository: CatalogRepository,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  enabled: boolean,
): SearchIndexKeeper {
  let index: SearchIndex | undefined;
  let builtAt: number | undefined;
  let changes = 0;
  let builtAfter = -1;
  let listening = false;
  let warmingUp = enabled;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  /** A stale index never answers again: let it go, so a rebuild does not hold two. */
  const stale = () => {
    changes += 1;
    index = undefined;
  };
  const task = createDebouncedTask(
    async () => {
      const startedAfter = changes;
      const started = performance.now();
      const builder = new SearchIndexBuilder();
      const catalogue = await repository.readSearchDocuments(
        (document) => builder.add(document),
        (row) => builder.addFitment(row),
      );
      if (builder.size > MAX_INDEXED_PARTS) throw new Error(`${builder.size} parts: too many to index`);
      const built = await builder.build(catalogue);
      failures = 0;
      if (startedAfter !== changes) return; // changed meanwhile: the change scheduled the next build
      index = built;
      builtAt = Date.now();
      builtAfter = startedAfter;
      log.info(
        { parts: built.size, ms: Math.round(performance.now() - started) },
        'Catalogue search index built',
      );
    },
    REBUILD_DELAY_MS,
    (error) => {
      // Retried with a growing wait; until then searches run on the database.
      const wait = Math.min(MAX_BUILD_RETRY_MS, 1000 * 2 ** failures);
      failures += 1;
      log.warn(
        { err: error, retryInMs: wait },
        'Catalogue search index not built; searches run on the database',
      );
      if (!closed) retry = setTimeout(() => task.schedule(), wait);
    },
  );
  const build = () => task.flush().finally(() => (warmingUp = false));
  const current = () => (listening && builtAfter === changes ? index : undefined);
  return {
    current,
    changed() {
      stale();
      if (enabled) task.schedule();
    },
    setListening(value) {
      if (!value) stale();
      listening = value;
    },
    build: () => (enabled ? build() : Promise.resolve()),
    get warmingUp() {
      return warmingUp;
    },
    get state(): SearchIndexState {
      if (!enabled) return { state: 'off', builtAt: undefined };
      if (current()) return { state: 'current', builtAt };
      return { state: warmingUp ? 'warming_up' : 'stale', builtAt: undefined };
    },
    close: () => {
      closed = true;
      clearTimeout(retry);
      return task.close();
    },
  };
}

/** Builds the read path on `db` with fresh caches. */
export function createCatalogReads(
  db: AppDatabase,
  options: CatalogPluginOptions,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): {
  reads: CatalogReads;
  repository: CatalogRepository;
  searchIndex: SearchIndexKeeper;
  /**
   * Forgets the catalogue's makes, its old part numbers and the categories of buyers' SQL prices (another process
   * changed the catalogue: a reseed gives makes and categories new `_id`s, an edit supersedes a part).
   */
  forgetMakes: () => void;
} {
  const cache = createCatalogCache({ ttlMs: options.responseTtlMs, maxResultBytes: options.maxResultBytes });
  const repository = createCatalogRepository(db);
  const searchIndex = createSearchIndexKeeper(repository, log, options.searchIndex);
  const lexemeMemo = new LRUCache<string, readonly string[]>({ max: LEXEME_MEMO_WORDS });

  /** The lexemes of `words`, from the memo or (the others, in one query) the database. */
  async function lexemesOf(words: string[]): Promise<Lexemes> {
    const missing = words.filter((word) => !lexemeMemo.has(word));
    if (missing.length)
      for (const [word, lexemes] of await repository.lexemes([...new Set(missing)]))
        lexemeMemo.set(word, lexemes);
    return new Map(words.map((word) => [word, lexemeMemo.get(word) ?? []]));
  }

  /**
   * Runs a search's stages with `run`: exact words, then, when they find nothing (`found`), typos, with the
   * corrections of `correct`. Both the index and the database run the same TextQuery.
   */
  async function runStages<T>(
    search: PartsSearch,
    run: (query: TextQuery) => T | Promise<T>,
    found: (result: T) => boolean,
    correct: (terms: string[]) => Map<string, string> | Promise<Map<string, string>>,
  ): Promise<T> {
    const exact = await run(exactQuery(search.terms, await lexemesOf(wordsToStem(search.terms))));
    if (found(exact)) return exact;
    const corrections = await correct(search.terms);
    const typo = typoQuery(
      search.terms,
      await lexemesOf(wordsToStem(search.terms, corrections)),
      corrections,
    );
    return typo ? run(typo) : exact;
  }

  /**
   * A search's page: from the search index when it is current; otherwise from the database, as a slice of the
   * search's cached result list, or (result lists off) ranked for this page alone.
   */
  async function searchPage(search: PartsSearch): Promise<Page<Part>> {
    const index = searchIndex.current();
    const { seqs, total } = index
      ? await runStages(
          search,
          (query) => index.page(query, search),
          (page) => page.total > 0,
          (terms) => index.corrections(terms),
        )
      : cache.partResults.enabled
        ? await cache.partResults
            .getOrLoad(partsResultKey(search), () =>
              runStages(
                search,
                (query) => repository.searchList(query, search),
                (list) => list.length > 0,
                repository.corrections,
              ),
            )
            .then((list) => ({
              seqs: list.subarray(search.offset, search.offset + search.limit),
              total: list.length,
            }))
        : await runStages(
            search,
            (query) => repository.searchPage(query, search),
            (page) => page.total > 0,
            repository.corrections,
          );
    return { items: await repository.partsBySeq(seqs), total };
  }

  /** A page of a list without words but with a vehicle: from the search index when current, else SQL. */
  async function filteredPage(search: PartsSearch): Promise<Page<Part>> {
    const index = searchIndex.current();
    const { seqs, total } = index ? index.filteredPage(search) : await repository.filteredPage(search);
    return { items: await repository.partsBySeq(seqs), total };
  }

  /** `items` with how each fits `vehicle`: its rows' position and note, or universal. */
  async function withFitment(items: Part[], vehicle: VehicleFilter): Promise<Part[]> {
    const details = await repository.fitmentDetails(
      items.map((part) => part._id),
      vehicle,
    );
    return items.map((part) => {
      const detail = details.get(part._id);
      if (detail) return { ...part, fitment: { status: 'fits', ...detail } };
      return part.universal ? { ...part, fitment: { status: 'universal' } } : part;
    });
  }

  /** Parsed bodies of responses (cached or not), to reprice them for members: parsed once per entry. */
  const parsedBodies = new WeakMap<CachedBody, Part | Part[]>();
  /** `entry` with `book`'s prices: its parts through pricePart, serialised for this request. */
  function repriced(entry: CachedBody, book: PriceBook): CachedBody {
    let parsed = parsedBodies.get(entry);
    if (!parsed) parsedBodies.set(entry, (parsed = JSON.parse(entry.body) as Part | Part[]));
    const priced = Array.isArray(parsed)
      ? parsed.map((part) => pricePart(book, part))
      : pricePart(book, parsed);
    return { body: JSON.stringify(priced), total: entry.total };
  }
  /** A body just built from `items`: kept parsed only when nothing caches it (a cached one is parsed on demand). */
  function built(entry: CachedBody, items: Part | Part[]): CachedBody {
    if (options.responseTtlMs === 0) parsedBodies.set(entry, items);
    return entry;
  }

  /** Buyers' price orders, per search index (let go with it) and price book key. */
  const priceOrders = new WeakMap<SearchIndex, LRUCache<string, Promise<PriceOrder>>>();
  /** `book`'s price order in `index`: from the kept ones, else ranked now (its contract prices' seqs read once). */
  function priceOrderOf(index: SearchIndex, book: PriceBook): Promise<PriceOrder> {
    let kept = priceOrders.get(index);
    if (!kept) priceOrders.set(index, (kept = new LRUCache({ max: KEPT_PRICE_ORDERS })));
    let order = kept.get(book.key);
    if (!order) {
      order = (async () => {
        const contractCents = new Map<number, number>();
        for (const [partId, seq] of await repository.seqsOfParts([...book.contractPrices.keys()])) {
          const doc = index.docOf(seq);
          if (doc >= 0) contractCents.set(doc, book.contractPrices.get(partId)!);
        }
        return index.priceOrderOf(
          (doc, listPriceCents, categoryId) =>
            contractCents.get(doc) ?? discounted(listPriceCents, book.discountOf(categoryId)),
        );
      })();
      const pending = order;
      const orders = kept;
      pending.catch(() => orders.get(book.key) === pending && orders.delete(book.key));
      kept.set(book.key, order);
    }
    return order;
  }

  /** Buyers' prices as SQL parameters, by price book key (forgotten on catalogue changes: categories may change). */
  const netPriceTerms = new LRUCache<string, Promise<NetPriceTerms>>({ max: KEPT_NET_PRICE_TERMS });
  async function netPriceOf(book: PriceBook) {
    let terms = netPriceTerms.get(book.key);
    if (!terms) {
      terms = repository.categoryIds().then((ids) => {
        const basisPoints = book.discountOf(null);
        const categoryDiscounts: Record<string, number> = {};
        for (const id of ids) {
          const own = book.discountOf(id);
          if (own !== basisPoints) categoryDiscounts[id] = own;
        }
        return {
          contractPrices: JSON.stringify(Object.fromEntries(book.contractPrices)),
          categoryDiscounts: JSON.stringify(categoryDiscounts),
          basisPoints,
        };
      });
      const pending = terms;
      pending.catch(() => netPriceTerms.get(book.key) === pending && netPriceTerms.delete(book.key));
      netPriceTerms.set(book.key, terms);
    }
    return netPriceKey(await terms);
  }

  /**
   * A page sorted by `book`'s prices (price-asc/desc; ties by catalogue order as for list prices): from the search
   * index with the book's price order when the index is current, else from the database ordering by the same
   * prices (every match sorted: slower, same answer).
   */
  async function buyerSortedPage(search: PartsSearch, book: PriceBook): Promise<Page<Part>> {
    const index = searchIndex.current();
    let page: SeqPage;
    if (index) {
      const prices = await priceOrderOf(index, book);
      page = search.terms.length
        ? await runStages(
            search,
            (query) => index.page(query, search, prices),
            (found) => found.total > 0,
            (terms) => index.corrections(terms),
          )
        : search.vehicle !== undefined
          ? index.filteredPage(search, prices)
          : index.listedPage(search, prices);
    } else {
      const price = await netPriceOf(book);
      page = search.terms.length
        ? await runStages(
            search,
            (query) => repository.searchPage(query, search, price),
            (found) => found.total > 0,
            repository.corrections,
          )
        : await repository.filteredPage(search, price);
    }
    return { items: await repository.partsBySeq(page.seqs), total: page.total };
  }

  /**
   * The old part numbers (repository.supersededNumbers), read once and again after each catalogue change (this
   * process's or, by its notice, another's): a search that is none of them reads nothing more. A failed read is
   * not kept.
   */
  let oldNumbers: Promise<Set<string>> | undefined;
  function oldPartNumbers(): Promise<Set<string>> {
    if (!oldNumbers) {
      const pending = repository.supersededNumbers();
      oldNumbers = pending;
      pending.catch(() => oldNumbers === pending && (oldNumbers = undefined));
    }
    return oldNumbers;
  }

  /**
   * Superseded part numbers (docs/requirements.md §17): the first page of a search whose words are exactly an old
   * part's SKU or interchange number (any case and separators) starts with that part's replacement (the end of
   * its chain), marked `replaces` with the old SKU; the replacement is not repeated further down the page and the
   * total counts it once. Both search paths (index and SQL) come through here, so they agree.
   */
  async function withReplacement(search: PartsSearch, page: Page<Part>): Promise<Page<Part>> {
    if (search.offset !== 0 || search.terms.length === 0 || search.vehicle === null) return page;
    const normalized = search.terms.join('');
    if (!(await oldPartNumbers()).has(normalized)) return page;
    const old = await repository.findSuperseded(normalized);
    if (!old) return page;
    const replacement = await repository.findPart(old.replacementId);
    if (!replacement) return page;
    const rest = page.items.filter((part) => part._id !== replacement._id);
    return {
      items: [{ ...replacement, replaces: old.sku }, ...rest].slice(0, search.limit),
      total: rest.length === page.items.length ? page.total + 1 : page.total,
    };
  }

  const directory = createVehicleDirectory(db);
  /** The catalogue's makes by `_id`, slug and lower-case name (read once; makes change only by seeding). */
  let makeKeys: Promise<Map<string, { id: string; slug: string }>> | undefined;
  async function makeOf(make: string): Promise<{ id: string; slug: string } | undefined> {
    makeKeys ??= repository.makeKeys().then((keys) => {
      if (keys.size === 0) makeKeys = undefined;
      return keys;
    });
    return (await makeKeys).get(make.toLowerCase());
  }
  /** The `_id` of the catalogue make `make` names (`_id`, slug or name), or one no make has. */
  const makeIdOf = async (make: string) => (await makeOf(make))?.id ?? NO_SUCH_MAKE;

  const reads: CatalogReads = {
    vehicles: directory,
    async resolve(query) {
      const search = toPartsSearch(query);
      const vehicleGiven = query.year !== undefined && query.make !== undefined && query.model !== undefined;
      const reading =
        search.terms.length && !looksLikePartNumber(query.q) ? await directory.read(search.terms) : null;
      // A vehicle in q takes the place of the vehicle given; a make or a model alone does not.
      if (reading && (!vehicleGiven || reading.year !== undefined)) {
        const understood: SearchVehicle = {
          ...(reading.year !== undefined ? { year: reading.year } : {}),
          make: reading.make,
          ...(reading.model ? { model: reading.model } : {}),
          label: reading.label,
          remainder: reading.remainingTerms.join(' '),
        };
        return {
          search: {
            ...search,
            terms: reading.remainingTerms,
            make: reading.filter ? undefined : await makeIdOf(reading.make.slug),
            ...(reading.filter ? { vehicle: reading.filter } : {}),
          },
          understood,
        };
      }
      if (vehicleGiven)
        return {
          search: {
            ...search,
            make: undefined,
            vehicle: await directory.resolve({
              year: query.year!,
              // A catalogue make's `_id` names its vehicles' make by slug.
              make: (await makeOf(query.make!))?.slug ?? query.make!,
              model: query.model!,
              engine: query.engine,
            }),
          },
        };
      return { search: { ...search, make: search.make ? await makeIdOf(search.make) : undefined } };
    },
    cache,
    get searchIndexParts() {
      return searchIndex.current()?.size;
    },
    get warmingUp() {
      return searchIndex.warmingUp;
    },
    get searchIndexState() {
      return searchIndex.state;
    },
    stockChanged: (partId) => cache.stockChanged(partId),
    catalogueChanged: () => {
      cache.catalogueChanged();
      searchIndex.changed();
      makeKeys = undefined;
      oldNumbers = undefined;
      netPriceTerms.clear();
    },
    parts: async (search, book) => {
      if (book && sortsByPrice(search.sort)) {
        const page = await withReplacement(search, await buyerSortedPage(search, book));
        const items = search.vehicle ? await withFitment(page.items, search.vehicle) : page.items;
        return { body: JSON.stringify(items.map((part) => pricePart(book, part))), total: page.total };
      }
      const entry = await cache.getOrLoad(partsCacheKey(search), async () => {
        const page = search.terms.length
          ? await withReplacement(search, await searchPage(search))
          : search.vehicle !== undefined
            ? await filteredPage(search)
            : await repository.listedPage(search);
        const items = search.vehicle ? await withFitment(page.items, search.vehicle) : page.items;
        return built(
          { body: JSON.stringify(items), total: page.total, partIds: items.map((part) => part._id) },
          items,
        );
      });
      return book ? repriced(entry, book) : entry;
    },
    part: async (id, book) => {
      const key = id.toLowerCase();
      const entry = await cache.getOrLoad(`parts/${key}`, async () => {
        const found = await repository.findPart(key);
        if (!found) throw new NotFoundError(messages.errors.partNotFound);
        return built({ body: JSON.stringify(found), partIds: [found._id] }, found);
      });
      return book ? repriced(entry, book) : entry;
    },
    makes: ({ limit, offset }) =>
      cache.getOrLoad(`make?limit=${limit}&offset=${offset}`, async () =>
        serialisePage(await repository.listMakes({ limit, offset })),
      ),
    categories: ({ limit, offset }) =>
      cache.getOrLoad(`category?limit=${limit}&offset=${offset}`, async () =>
        serialisePage(await repository.listCategories({ limit, offset })),
      ),
  };
  const forgetMakes = () => {
    makeKeys = undefined;
    oldNumbers = undefined;
    netPriceTerms.clear();
  };
  return { reads, repository, searchIndex, forgetMakes };
}

/**
 * Decorates `app.catalog` and, once the app is ready, subscribes it to catalogue change notices, starts building
 * the search index and keeps it and the page marks current (rebuilt at start when behind, then after each change); all of it
 * stops when the app closes.
 */
export const catalogPlugin = fp<CatalogPluginOptions>(
  async (app, options) => {
    const { reads, repository, searchIndex, forgetMakes } = createCatalogReads(
      app.database.db,
      options,
      app.log,
    );
    app.decorate('catalog', reads);
    const marks = createDebouncedTask(
      () => repository.refreshPageMarks(),
      REBUILD_DELAY_MS,
      (error) => app.log.warn({ err: error }, 'Catalogue page marks not rebuilt'),
    );
    let subscription: Subscription | undefined;
    app.addHook('onReady', async () => {
      subscription = await listenForCatalogChanges(app.database, reads.cache, app.log, {
        changed: () => {
          marks.schedule();
          searchIndex.changed();
          forgetMakes();
        },
        listening: (listening) => searchIndex.setListening(listening),
      });
      // In the background: the app answers meanwhile (searches from the database).
      void searchIndex.build();
    });
    app.addHook('onClose', async () => {
      await subscription?.close();
      await Promise.all([marks.close(), searchIndex.close()]);
    });
  },
  { name: 'catalog' },
);
