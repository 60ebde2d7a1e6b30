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
 */
import type { PageQuery, Part } from '@partsforge/shared';
import fp from 'fastify-plugin';
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
import { createCatalogRepository, type CatalogRepository } from './catalog-repository.js';
import { partsCacheKey, partsResultKey, type PartsSearch } from './catalog-search.js';

/** The catalogue's reads as response bodies, and the change notices writers give it. */
export interface CatalogReads extends CatalogChanges {
  /** A page of parts (`GET /api/parts`): the JSON body, its total and its parts' ids. */
  parts(search: PartsSearch): Promise<CachedBody>;
  /** One part by `_id` (`GET /api/parts/:id`); throws NotFoundError for an unknown or malformed id. */
  part(id: string): Promise<CachedBody>;
  /** A page of makes (`GET /api/make`). */
  makes(page: PageQuery): Promise<CachedBody>;
  /** A page of categories (`GET /api/category`). */
  categories(page: PageQuery): Promise<CachedBody>;
  /** The caches behind it (sizes, for tests and metrics). */
  readonly cache: CatalogCache;
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
}

/** Wait after a catalogue change before rebuilding the page marks, so a burst of changes costs one rebuild. */
const MARKS_REBUILD_DELAY_MS = 500;

function serialisePage<T>(page: Page<T>): CachedBody {
  return { body: JSON.stringify(page.items), total: page.total };
}

/**
 * Rebuilds the page marks after catalogue changes: at most one rebuild at a time in this process, one more
 * after it when a change arrived meanwhile. `close()` stops it and waits for a rebuild under way.
 */
function createMarksRebuilder(repository: CatalogRepository, log: { warn(o: object, m: string): void }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const run = () => {
    timer = undefined;
    running = repository
      .refreshPageMarks()
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'Catalogue page marks not rebuilt'),
      )
      .finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          schedule();
        }
      });
  };
  function schedule() {
    if (closed) return;
    if (running) again = true;
    else timer ??= setTimeout(run, MARKS_REBUILD_DELAY_MS);
  }
  return {
    schedule,
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Builds the read path on `db` with fresh caches. */
export function createCatalogReads(
  db: AppDatabase,
  options: CatalogPluginOptions,
): { reads: CatalogReads; repository: CatalogRepository } {
  const cache = createCatalogCache({ ttlMs: options.responseTtlMs, maxResultBytes: options.maxResultBytes });
  const repository = createCatalogRepository(db);

  /** A search's page: a slice of its cached result list, or (result lists off) ranked for this page alone. */
  async function searchPage(search: PartsSearch): Promise<Page<Part>> {
    const { seqs, total } = cache.partResults.enabled
      ? await cache.partResults
          .getOrLoad(partsResultKey(search), () => repository.searchResultList(search))
          .then((list) => ({
            seqs: list.subarray(search.offset, search.offset + search.limit),
            total: list.length,
          }))
      : await repository.searchPage(search);
    return { items: await repository.partsBySeq(seqs), total };
  }

  const reads: CatalogReads = {
    cache,
    stockChanged: (partId) => cache.stockChanged(partId),
    catalogueChanged: () => cache.catalogueChanged(),
    parts: (search) =>
      cache.getOrLoad(partsCacheKey(search), async () => {
        const { items, total } = search.terms.length
          ? await searchPage(search)
          : await repository.listedPage(search);
        return { body: JSON.stringify(items), total, partIds: items.map((part) => part._id) };
      }),
    part: (id) => {
      const key = id.toLowerCase();
      return cache.getOrLoad(`parts/${key}`, async () => {
        const found = await repository.findPart(key);
        if (!found) throw new NotFoundError(messages.errors.partNotFound);
        return { body: JSON.stringify(found), partIds: [found._id] };
      });
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
  return { reads, repository };
}

/**
 * Decorates `app.catalog` and, once the app is ready, subscribes it to catalogue change notices and keeps the
 * page marks current (rebuilt at start when behind, then after each change); both stop when the app closes.
 */
export const catalogPlugin = fp<CatalogPluginOptions>(
  async (app, options) => {
    const { reads, repository } = createCatalogReads(app.database.db, options);
    app.decorate('catalog', reads);
    const marks = createMarksRebuilder(repository, app.log);
    let subscription: Subscription | undefined;
    app.addHook('onReady', async () => {
      subscription = await listenForCatalogChanges(app.database, reads.cache, app.log, marks.schedule);
    });
    app.addHook('onClose', async () => {
      await subscription?.close();
      await marks.close();
    });
  },
  { name: 'catalog' },
);
