import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect.js';
import type { NotificationHandlers } from '../../db/notifications.js';
import { createCatalogCache } from './catalog-cache.js';
import { CATALOG_CHANNEL, listenForCatalogChanges } from './catalog-change-listener.js';

/** A database whose subscription the test drives by hand. */
function fakeDatabase() {
  let handlers: NotificationHandlers | undefined;
  const database = {
    listen: async (channel: string, subscriber: NotificationHandlers) => {
      expect(channel).toBe(CATALOG_CHANNEL);
      handlers = subscriber;
      return { close: async () => {} };
    },
  } as unknown as Database;
  return { database, handlers: () => handlers! };
}

describe('listenForCatalogChanges', () => {
  const log = pino({ level: 'silent' });
  const list = Float64Array.of(1, 2);
  /** True when a list stored now is served afterwards (the result lists are trusted). */
  const listsAreKept = async (cache: ReturnType<typeof createCatalogCache>) => {
    await cache.partResults.getOrLoad('k', async () => list);
    return (await cache.partResults.getOrLoad('k', async () => Float64Array.of(9))) === list;
  };

  it('trusts result lists only while listening, and starts them empty each time it listens', async () => {
    const cache = createCatalogCache({ ttlMs: 1000 });
    const fake = fakeDatabase();
    await listenForCatalogChanges(fake.database, cache, log);
    expect(await listsAreKept(cache)).toBe(false);

    fake.handlers().onListening();
    expect(await listsAreKept(cache)).toBe(true);

    fake.handlers().onLost(new Error('connection reset'));
    expect(cache.partResults.size).toBe(0);
    expect(await listsAreKept(cache)).toBe(false);

    fake.handlers().onListening();
    expect(cache.partResults.size).toBe(0);
    expect(await listsAreKept(cache)).toBe(true);
  });

  it('drops result lists and responses on every notification', async () => {
    const cache = createCatalogCache({ ttlMs: 1000 });
    const fake = fakeDatabase();
    await listenForCatalogChanges(fake.database, cache, log);
    fake.handlers().onListening();
    await cache.partResults.getOrLoad('k', async () => list);
    await cache.getOrLoad('parts', async () => ({ body: '[]' }));
    fake.handlers().onNotification();
    expect([cache.size, cache.partResults.size]).toEqual([0, 0]);
  });
});
