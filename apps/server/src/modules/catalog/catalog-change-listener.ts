/**
 * Keeps this process's catalogue caches in step with catalogue changes made by any process on the same database
 * (docs/decisions/010-catalogue-result-lists.md): a trigger on `parts` (migration 0005) sends NOTIFY on
 * CATALOG_CHANNEL when a transaction that adds, removes or re-describes parts commits; this subscription then
 * invalidates the caches. Result lists are only trusted while the subscription listens: they are suspended
 * until it first listens and whenever its connection is lost, and start empty when it listens again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.js';
import type { Subscription } from '../../db/notifications.js';
import type { CatalogCache } from './catalog-cache.js';

/** The NOTIFY channel of catalogue changes (the name used by migration 0005's trigger). */
export const CATALOG_CHANNEL = 'partsforge_catalog';

/**
 * Subscribes `cache` to catalogue changes on `database`; close the subscription before the database.
 * `onCatalogueChanged` also runs on every notice and whenever the subscription (re)starts listening, when
 * changes may have been missed.
 */
export async function listenForCatalogChanges(
  database: Database,
  cache: CatalogCache,
  log: FastifyBaseLogger,
  onCatalogueChanged: () => void = () => {},
): Promise<Subscription> {
  cache.partResults.suspend();
  let lost = false;
  return database.listen(CATALOG_CHANNEL, {
    onNotification: () => {
      cache.catalogueChanged();
      onCatalogueChanged();
    },
    onListening: () => {
      cache.catalogueChanged();
      onCatalogueChanged();
      cache.partResults.resume();
      if (lost) log.info('Catalogue change notifications restored; search result lists are cached again');
      lost = false;
    },
    onLost: (error) => {
      cache.partResults.suspend();
      if (!lost)
        log.warn({ err: error }, 'Catalogue change notifications lost; search result lists not cached');
      lost = true;
    },
  });
}
