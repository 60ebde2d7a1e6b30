/**
 * The delivery worker (docs/requirements.md §13, docs/decisions/022-order-path-and-mail-outbox.md): claims due
 * outbox messages in batches of `concurrency`, sends them at once, and marks each sent or records its
 * failure (retried with backoff, given up after the retry limit). It drains the outbox without pause while batches
 * come back full and looks again every poll interval once it is empty. A message already marked sent is never
 * claimed again, so it is sent once however often or by however many workers the outbox is read. Each message
 * carries its outbox id as Message-ID, so in the one window no queue can close (the process dies after the server
 * accepted the message and before it is marked sent, and the claim lapses) a receiver can still recognise the
 * repeat.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/connect.js';
import type { OutboundEmailRow } from '../../db/schema/index.js';
import { shopMetrics } from '../../lib/metrics.js';
import type { MailTransport } from './mail-transport.js';
import { claimDueEmails, markEmailSent, recordEmailFailure } from './mail-outbox.js';

/** A file attached at delivery time. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Makes the document an outbox attachment names (e.g. an order's invoice); null when it does not exist (yet). */
export type AttachmentRenderer = (
  attachment: OutboundEmailRow['attachments'][number],
) => Promise<MailAttachment | null>;

export interface MailDeliveryOptions {
  db: AppDatabase;
  transport: MailTransport;
  from: string;
  renderAttachment: AttachmentRenderer;
  logger: FastifyBaseLogger;
  /** Seconds before the first retry of a failed message, doubled for each next one. */
  retryDelaySeconds: number;
  /** Retries after the first failed attempt; then the message is given up. */
  retryLimit: number;
  /** Milliseconds between looks at an empty outbox. */
  pollIntervalMs: number;
  /** Messages sent at once (default 10). */
  concurrency?: number;
  /**
   * Messages claimed per batch (default: `concurrency`, so every claimed message is being sent at once and none
   * waits out its claim behind slow sends in its own batch).
   */
  batchSize?: number;
  /** Seconds a claim lasts: a message claimed longer ago by a worker that did not finish is claimed again (120). */
  claimSeconds?: number;
}

/** The worker: start() begins draining, stop() ends it after the messages in flight; drain() runs it until empty. */
export interface MailDeliveryWorker {
  start(): void;
  /** Stops claiming, waits up to `timeoutMs` for the messages in flight. Idempotent. */
  stop(timeoutMs?: number): Promise<void>;
  /** Delivers every due message now (claims batches until one comes back short); returns how many were sent. */
  drain(): Promise<number>;
}

/** The message's Message-ID header: its outbox id. */
const messageIdOf = (id: string) => `<${id}@partsforge.mail>`;

/** Builds the worker; nothing runs until start() or drain(). */
export function createMailDelivery(options: MailDeliveryOptions): MailDeliveryWorker {
  const concurrency = options.concurrency ?? 10;
  const batchSize = options.batchSize ?? concurrency;
  const claimSeconds = options.claimSeconds ?? 120;
  const policy = { retryDelaySeconds: options.retryDelaySeconds, retryLimit: options.retryLimit };

  /**
   * Sends one claimed message, its attachments rendered by `render`, and records the outcome; true when sent. Never
   * throws.
   */
  async function deliver(email: OutboundEmailRow, render: AttachmentRenderer): Promise<boolean> {
    const messageId = messageIdOf(email.id);
    try {
      const attachments: MailAttachment[] = [];
      for (const descriptor of email.attachments) {
        const attachment = await render(descriptor);
        if (!attachment) throw new Error(`attachment ${descriptor.kind} is not available yet`);
        attachments.push(attachment);
      }
      await options.transport.send(
        {
          from: options.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          attachments,
          messageId,
        },
        email.id,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      try {
        const retried = await recordEmailFailure(options.db, email.id, message, policy);
        shopMetrics.mailsFailed.inc({ kind: email.kind, final: String(!retried) });
        options.logger.warn(
          { emailId: email.id, kind: email.kind, err: error },
          retried ? 'email delivery failed; will retry' : 'email delivery failed; giving up',
        );
      } catch (recordError) {
        // The claim lapses and the message is tried again.
        options.logger.error({ emailId: email.id, err: recordError }, 'could not record an email failure');
      }
      return false;
    }
    shopMetrics.mailsSent.inc({ kind: email.kind });
    try {
      await markEmailSent(options.db, email.id, messageId);
      options.logger.info({ emailId: email.id, kind: email.kind }, 'email delivered');
    } catch (error) {
      options.logger.error({ emailId: email.id, err: error }, 'email sent but not marked sent');
    }
    return true;
  }

  /** Claims one batch and delivers it, `concurrency` at a time; returns how many were claimed and sent. */
  async function batch(): Promise<{ claimed: number; sent: number }> {
    const claimed = await claimDueEmails(options.db, batchSize, claimSeconds);
    // One rendering per document and batch: an account order's invoice goes to its placer and to the owners.
    const rendered = new Map<string, ReturnType<AttachmentRenderer>>();
    const render: AttachmentRenderer = (descriptor) => {
      const key = JSON.stringify(descriptor);
      let attachment = rendered.get(key);
      if (!attachment) rendered.set(key, (attachment = options.renderAttachment(descriptor)));
      return attachment;
    };
    let sent = 0;
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const email = claimed[next++]!;
        if (await deliver(email, render)) sent += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, lane));
    return { claimed: claimed.length, sent };
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const { claimed, sent } = await batch();
      total += sent;
      if (claimed < batchSize || !running) return total;
    }
  }

  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.pollIntervalMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  return {
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          try {
            await drain();
          } catch (error) {
            options.logger.error({ err: error }, 'email delivery worker could not read the outbox');
          }
          if (running) await pause();
        }
      })();
    },
    async stop(timeoutMs = 10_000) {
      running = false;
      wake?.();
      if (!loop) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        loop,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
    async drain() {
      const wasRunning = running;
      running = true;
      try {
        return await drain();
      } finally {
        running = wasRunning;
      }
    },
  };
}
