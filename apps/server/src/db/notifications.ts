/**
 * LISTEN subscriptions on either database (PostgreSQL NOTIFY, delivered when the sending transaction commits).
 * PostgreSQL: one dedicated connection per subscription (a pooled one would be handed to queries), reconnected
 * with capped exponential backoff after a failure. PGlite: its in-process `listen()`, which never disconnects.
 * Handlers are told when the subscription starts or resumes listening and when it is lost, so a cache that
 * relies on notifications can stop trusting itself while it could miss one.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a subscriber is told. */
export interface NotificationHandlers {
  /** A NOTIFY on the channel was committed (payloads are not used). */
  onNotification(): void;
  /** Listening now; notifications sent before this moment (e.g. while disconnected) were not received. */
  onListening(): void;
  /** No longer listening (the connection failed); a reconnection is scheduled. */
  onLost(error: Error): void;
}

/** An open subscription. */
export interface Subscription {
  /** Stops listening and closes its connection. Idempotent. */
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

/**
 * Subscribes to `channel` on the PostgreSQL server of `connectionString`. Resolves after the first connection
 * attempt, whether it succeeded (onListening was called) or not (onLost was called; retries continue).
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Subscription> {
  let current: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const lose = (client: pg.Client, error: Error) => {
    if (closed || current !== client) return;
    current = undefined;
    client.end().catch(() => {});
    handlers.onLost(error);
    schedule();
  };

  const schedule = () => {
    if (closed) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
    attempt += 1;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification();
    });
    client.on('error', (error) => lose(client, error));
    client.on('end', () => lose(client, new Error('The notification connection ended')));
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(client, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed || current !== client) {
      await client.end().catch(() => {});
      return;
    }
    attempt = 0;
    handlers.onListening();
  };

  await connect();
  return {
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}

/** Subscribes to `channel` on an open PGlite (the same process: nothing to reconnect). */
export async function listenOnPglite(
  client: PGlite,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Subscription> {
  const unsubscribe = await client.listen(channel, () => handlers.onNotification());
  handlers.onListening();
  let closed = false;
  return {
    async close() {
      if (closed || client.closed) return;
      closed = true;
      await unsubscribe();
    },
  };
}
