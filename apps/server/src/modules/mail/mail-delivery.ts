/**
 * Delivers one outbox message (the `mail-delivery` job, docs/requirements.md §13). A message already marked sent is
 * skipped, so a job that runs again sends nothing twice. Each message carries its outbox id as Message-ID, so in
 * the one window the queue cannot close (the process dies after the server accepted the message and before it is
 * marked sent) a receiver can still recognise the repeat. A failure is recorded and rethrown: the queue retries
 * with backoff.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/connect.js';
import type { OutboundEmailRow } from '../../db/schema/index.js';
import type { MailTransport } from './mail-transport.js';
import { findOutboundEmail, markEmailSent, recordEmailFailure } from './mail-outbox.js';

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
}

/** Returns `deliver(emailId)`: sends the message unless it was sent; throws when sending fails. */
export function createMailDelivery(options: MailDeliveryOptions) {
  return async function deliver(emailId: string): Promise<void> {
    const email = await findOutboundEmail(options.db, emailId);
    if (!email || email.sentAt) return;
    const messageId = `<${email.id}@partsforge.mail>`;
    try {
      const attachments: MailAttachment[] = [];
      for (const descriptor of email.attachments) {
        const attachment = await options.renderAttachment(descriptor);
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
      await recordEmailFailure(options.db, email.id, message);
      options.logger.warn({ emailId, kind: email.kind, err: error }, 'email delivery failed; will retry');
      throw error;
    }
    await markEmailSent(options.db, email.id, messageId);
    options.logger.info({ emailId, kind: email.kind }, 'email delivered');
  };
}
