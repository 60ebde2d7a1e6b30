/**
 * Keeps this process's catalogue caches in step with catalogue changes made by any process on the same database
 * (docs/decisions/010-catalogue-result-lists.md): a trigger on `parts` (migration 0005) sends NOTIFY on
 * CATALOG_CHANNEL when a transaction that adds, removes or re-describes parts commits; this subscription then
 * invalidates the caches and tells the page marks and the search index (handlers). Result lists and the search
 * index are only trusted while the subscription listens: result lists are suspended until it first listens and
 * whenever its connection is lost, and start empty when it listens again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.js';
import type { Subscription } from '../../db/notifications.js';
import type { CatalogCache } from './catalog-cache.js';

/** The NOTIFY channel of catalogue changes (the name used by migration 0005's trigger). */
export const CATALOG_CHANNEL = 'partsforge_catalog';

/** What else follows the catalogue's changes (catalog-reads.ts: page marks, search index). */
export interface CatalogChangeHandlers {
  /** Runs on every notice and whenever the subscription (re)starts listening, when changes may have been missed. */
  changed(): void;
  /** Runs with true when the subscription (re)starts listening, with false when it is lost. */
  listening(listening: boolean): void;
}

/** Subscribes `cache` and `handlers` to catalogue changes on `database`; close it before the database. */
export async function listenForCatalogChanges(
  database: Database,
  cache: CatalogCache,
  log: FastifyBaseLogger,
  handlers: CatalogChangeHandlers = { changed: () => {}, listening: () => {} },
): Promise<Subscription> {
  cache.partResults.suspend();
  let lost = false;
  return database.listen(CATALOG_CHANNEL, {
    onNotification: () => {
      cache.catalogueChanged();
      handlers.changed();
    },
    onListening: () => {
      cache.catalogueChanged();
      handlers.changed();
      handlers.listening(true);
      cache.partResults.resume();
      if (lost) log.info('Catalogue change notifications restored; search result lists are cached again');
      lost = false;
    },
    onLost: (error) => {
      cache.partResults.suspend();
      handlers.listening(false);
      if (!lost)
        log.warn({ err: error }, 'Catalogue change notifications lost; search result lists not cached');
      lost = true;
    },
  });
}
