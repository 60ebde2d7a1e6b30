/**
 * The email outbox (docs/requirements.md §13): `queueMail` writes a rendered message to `outbound_emails` and a
 * delivery job, both in the caller's transaction, so a message exists exactly when the change that causes it
 * commits.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { outboundEmails, type OutboundEmailRow } from '../../db/schema/index.js';
import { SHOP_QUEUES, type JobQueue } from '../../lib/job-queue.js';
import type { RenderedMail } from './mail-templates.js';

/** What kind of message it is (for the outbox record and the logs). */
export type MailKind =
  'verify-email' | 'reset-password' | 'order-confirmation' | 'payment-receipt' | 'order-shipped';

/** A message to queue: its rendered content, recipient, attachments made at delivery, and what it is about. */
export interface OutgoingMail extends RenderedMail {
  kind: MailKind;
  to: string;
  attachments?: OutboundEmailRow['attachments'];
  orderId?: string | null;
  userId?: string | null;
}

/** The delivery job's data. */
export interface MailDeliveryJob {
  emailId: string;
}

/** Writes `mail` to the outbox and its delivery job inside transaction `tx`; returns the outbox id. */
export async function queueMail(tx: AppDatabase, jobs: JobQueue, mail: OutgoingMail): Promise<string> {
  const [row] = await tx
    .insert(outboundEmails)
    .values({
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments ?? [],
      orderId: mail.orderId ?? null,
      userId: mail.userId ?? null,
    })
    .returning({ id: outboundEmails.id });
  const job: MailDeliveryJob = { emailId: row!.id };
  await jobs.enqueue(tx, SHOP_QUEUES.mailDelivery, job);
  return row!.id;
}

/** The outbox row `id`, or undefined. */
export async function findOutboundEmail(db: AppDatabase, id: string): Promise<OutboundEmailRow | undefined> {
  const [row] = await db.select().from(outboundEmails).where(eq(outboundEmails.id, id));
  return row;
}

/** Marks `id` delivered (once: a second call changes nothing); returns whether this call marked it. */
export async function markEmailSent(db: AppDatabase, id: string, messageId: string): Promise<boolean> {
  const rows = await db
    .update(outboundEmails)
    .set({ sentAt: new Date(), messageId, attempts: sql`${outboundEmails.attempts} + 1`, lastError: null })
    .where(sql`${outboundEmails.id} = ${id} and ${outboundEmails.sentAt} is null`)
    .returning({ id: outboundEmails.id });
  return rows.length > 0;
}

/** Records a failed delivery attempt of `id` (the error's message, at most 500 characters). */
export async function recordEmailFailure(db: AppDatabase, id: string, error: string): Promise<void> {
  await db
    .update(outboundEmails)
    .set({ attempts: sql`${outboundEmails.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(outboundEmails.id, id));
}
