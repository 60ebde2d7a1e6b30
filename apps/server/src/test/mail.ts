/**
 * Test helpers for email (docs/requirements.md §13): a real SMTP server in process (smtp-server) that parses what
 * arrives (mailparser), can refuse the first deliveries like a server in trouble, and waits for messages; and a
 * reader of the `.eml` files of the outbox folder.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Messages accepted so far, parsed, in arrival order. */
  received: ParsedMail[];
  /** Deliveries refused so far. */
  refused: number;
  /** Resolves with the first `count` messages once that many arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** Starts an SMTP server on a free port; the first `refuseFirst` messages get a temporary failure (451). */
export async function startSmtpServer(options: { refuseFirst?: number } = {}): Promise<TestSmtpServer> {
  let toRefuse = options.refuseFirst ?? 0;
  const received: ParsedMail[] = [];
  const state = { refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS of the client: this machine reaches no DNS server, and the lookup would stall every session.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          state.refused += 1;
          const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refused() {
      return state.refused;
    },
    waitFor: (count, timeoutMs = 15_000) =>
      waitUntil(
        () => (received.length >= count ? received.slice(0, count) : undefined),
        timeoutMs,
        `${count} message(s)`,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` every 50 ms until it returns a value; rejects after `timeoutMs`. */
export async function waitUntil<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The `.eml` files in `folder`, parsed, by file name. */
export async function readOutbox(folder: string): Promise<Map<string, ParsedMail>> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const parsed = new Map<string, ParsedMail>();
  for (const name of names.sort()) parsed.set(name, await simpleParser(await readFile(join(folder, name))));
  return parsed;
}
