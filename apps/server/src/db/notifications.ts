/**
 * LISTEN subscriptions on either database (PostgreSQL NOTIFY, delivered when the sending transaction commits).
 * PostgreSQL: one dedicated connection per subscription (a pooled one would be handed to queries), with TCP
 * keep-alive and a heartbeat query every few seconds (a connection that died without either end being told,
 * e.g. behind a NAT that dropped it, is found within seconds), reconnected with capped exponential backoff. PGlite: its in-process `listen()`, which never disconnects.
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
const MAX_RETRY_MS = 5000;
/** How often the listening connection is checked, and how long the check may take (defaults). */
const HEARTBEAT_MS = 5000;
const HEARTBEAT_TIMEOUT_MS = 3000;

/** Timing of the PostgreSQL subscription's heartbeat (tests shorten it). */
export interface HeartbeatOptions {
  /** Time between checks in milliseconds (default 5000). */
  intervalMs?: number;
  /** Longest wait for a check's answer before the connection counts as lost (default 3000). */
  timeoutMs?: number;
}

/**
 * Subscribes to `channel` on the PostgreSQL server of `connectionString`. Resolves after the first connection
 * attempt, whether it succeeded (onListening was called) or not (onLost was called; retries continue).
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
  { intervalMs = HEARTBEAT_MS, timeoutMs = HEARTBEAT_TIMEOUT_MS }: HeartbeatOptions = {},
): Promise<Subscription> {
  let current: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lose = (client: pg.Client, error: Error) => {
    if (closed || current !== client) return;
    current = undefined;
    clearInterval(heartbeat);
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
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000, keepAlive: true });
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
    heartbeat = setInterval(() => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('The notification connection stopped answering')),
          timeoutMs,
        );
      });
      Promise.race([client.query('SELECT 1'), timeout])
        .catch((error: unknown) => lose(client, error instanceof Error ? error : new Error(String(error))))
        .finally(() => clearTimeout(timer));
    }, intervalMs);
    heartbeat.unref();
    handlers.onListening();
  };

  await connect();
  return {
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
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
