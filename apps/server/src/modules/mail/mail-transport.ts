/**
 * How mail leaves the shop (docs/requirements.md §13): nodemailer over SMTP when SMTP_URL is set; otherwise every
 * message is written as an `.eml` file (RFC 5322, as nodemailer builds it for SMTP) in `${DATA_DIR}/outbox`, named
 * after its outbox id so a retried delivery rewrites the same file.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';

/** A message ready to send: nodemailer's fields; `messageId` is the outbox id as `<id@host>`. */
export type TransportMessage = Mail.Options & { messageId: string };

/** Sends one message; rejects when the server refuses it or cannot be reached (the queue retries). */
export interface MailTransport {
  /** Where messages go, for the start-up log: 'smtp' or the outbox folder. */
  readonly target: string;
  send(message: TransportMessage, fileName: string): Promise<void>;
  close(): void;
}

/** SMTP connections kept open at most: the delivery worker's concurrency (mail-delivery.ts). */
export const SMTP_CONNECTIONS = 10;

/** Seconds an SMTP connection, greeting or command may take before the attempt fails. */
const SMTP_TIMEOUT_MS = 20_000;

/** SMTP at `smtpUrl`, or `.eml` files in `outboxDir` when no URL is given. */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
}): MailTransport {
  if (options.smtpUrl) {
    // Pooled: the delivery worker sends several messages at once over a few kept-open connections.
    const smtp = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      target: 'smtp',
      send: async (message) => {
        await smtp.sendMail(message);
      },
      close: () => smtp.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The folder is made once (again after a failure), not for every message of a burst.
  let folder: Promise<unknown> | undefined;
  return {
    target: options.outboxDir,
    send: async (message, fileName) => {
      const info = await files.sendMail(message);
      folder ??= mkdir(options.outboxDir, { recursive: true }).catch((error: unknown) => {
        folder = undefined;
        throw error;
      });
      await folder;
      const path = join(options.outboxDir, `${fileName}.eml`);
      // Written aside and renamed, so a reader of the folder never sees half a message.
      await writeFile(`${path}.tmp`, info.message as Buffer);
      await rename(`${path}.tmp`, path);
    },
    close: () => files.close(),
  };
}
