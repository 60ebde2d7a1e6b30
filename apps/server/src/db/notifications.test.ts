import { createServer, Socket, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenOnPostgres, type NotificationHandlers } from './notifications.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * A TCP relay to PostgreSQL that can go silent: it stops passing bytes either way without closing anything, as
 * a NAT or a failed host does, so neither end is told the connection is gone.
 */
async function silenceableRelay(
  target: URL,
): Promise<{ url: string; silence(): void; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((inbound) => {
    const outbound = new Socket().connect(Number(target.port || 5432), target.hostname);
    inbound.pipe(outbound).pipe(inbound);
    sockets.push(inbound, outbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(target);
  relayed.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: relayed.toString(),
    silence: () => {
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(Boolean(serverUrl))('listenOnPostgres (PostgreSQL)', () => {
  let notifier: pg.Client;
  beforeAll(async () => {
    notifier = new pg.Client({ connectionString: serverUrl });
    await notifier.connect();
  });
  afterAll(() => notifier.end());

  const recorder = () => {
    const events: string[] = [];
    const handlers: NotificationHandlers = {
      onNotification: () => events.push('notification'),
      onListening: () => events.push('listening'),
      onLost: () => events.push('lost'),
    };
    return { events, handlers };
  };

  it('receives committed notices, and none after close()', async () => {
    const { events, handlers } = recorder();
    const subscription = await listenOnPostgres(serverUrl!, 'partsforge_test_channel', handlers);
    await notifier.query(`select pg_notify('partsforge_test_channel', '')`);
    await vi.waitFor(() => expect(events).toEqual(['listening', 'notification']));
    await subscription.close();
    await notifier.query(`select pg_notify('partsforge_test_channel', '')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual(['listening', 'notification']);
  });

  it('finds a connection that went silent by its heartbeat, and listens again through a new one', async () => {
    const relay = await silenceableRelay(new URL(serverUrl!));
    const { events, handlers } = recorder();
    const subscription = await listenOnPostgres(relay.url, 'partsforge_test_channel', handlers, {
      intervalMs: 100,
      timeoutMs: 200,
    });
    try {
      expect(events).toEqual(['listening']);
      relay.silence();
      await vi.waitFor(() => expect(events).toEqual(['listening', 'lost', 'listening']), { timeout: 5000 });
      await notifier.query(`select pg_notify('partsforge_test_channel', '')`);
      await vi.waitFor(() => expect(events.at(-1)).toBe('notification'));
    } finally {
      await subscription.close();
      await relay.close();
    }
  });
});
