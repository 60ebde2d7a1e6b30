/**
 * The email outbox, which is also the delivery queue (docs/requirements.md §13,
 * docs/decisions/022-order-path-and-mail-outbox.md): `queueMail` writes a rendered message to `outbound_emails` in
 * the caller's transaction, so a message exists exactly when the change that causes it commits; the delivery worker
 * (mail-delivery.ts) claims due messages, sends them and marks them sent here.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type AppDatabase } from '../../db/connect.js';
import { outboundEmails, type OutboundEmailRow } from '../../db/schema/index.js';
import type { RenderedMail } from './mail-templates.js';

/** What kind of message it is (for the outbox record and the logs). */
export type MailKind =
  | 'verify-email'
  | 'reset-password'
  | 'order-confirmation'
  | 'payment-receipt'
  | 'order-shipped'
  | 'company-invitation'
  | 'invoice-overdue'
  | 'approval-request'
  | 'order-approved'
  | 'order-rejected'
  | 'account-invoice'
  | 'return-approved'
  | 'return-rejected'
  | 'credit-memo';

/** A message to queue: its rendered content, recipient, attachments made at delivery, and what it is about. */
export interface OutgoingMail extends RenderedMail {
  kind: MailKind;
  to: string;
  attachments?: OutboundEmailRow['attachments'];
  orderId?: string | null;
  userId?: string | null;
}

/** The outbox row's column values of `mail` (also what a statement that writes an order inserts). */
function outboxValues(mail: OutgoingMail) {
  return {
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments ?? [],
    orderId: mail.orderId ?? null,
    userId: mail.userId ?? null,
  };
}

/** Writes `mail` to the outbox inside transaction `tx` (due at once); returns the outbox id. */
export async function queueMail(tx: AppDatabase, mail: OutgoingMail): Promise<string> {
  const [row] = await tx
    .insert(outboundEmails)
    .values(outboxValues(mail))
    .returning({ id: outboundEmails.id });
  return row!.id;
}

/**
 * An INSERT of `mail` into the outbox (due at once), for a data-modifying WITH item of a statement that also makes
 * the change the message is about (docs/decisions/022-order-path-and-mail-outbox.md): one message for each row of
 * `when` (a WITH item of one row, or none). `fill` replaces a placeholder in the subject and both bodies with the
 * value of an SQL text expression over `when` (e.g. the order number that statement draws).
 */
export function outboxInsertSql(
  mail: OutgoingMail,
  when: SQL,
  fill?: { placeholder: string; value: SQL },
): SQL {
  const values = outboxValues(mail);
  const filled = (text: string) =>
    fill ? sql`replace(${text}, ${fill.placeholder}, ${fill.value})` : sql`${text}`;
  return sql`insert into ${outboundEmails} (kind, "to", subject, text, html, attachments, order_id, user_id)
    select ${values.kind}, ${values.to}, ${filled(values.subject)}, ${filled(values.text)}, ${filled(values.html)},
      ${JSON.stringify(values.attachments)}::jsonb, ${values.orderId}, ${values.userId}
    from ${when}`;
}

/**
 * Claims at most `limit` due messages for `claimSeconds`: unsent, not given up, their next attempt reached, and not
 * claimed by another worker (or that worker's claim lapsed: it crashed). Rows other workers are claiming are
 * skipped (SKIP LOCKED), so concurrent workers never take the same message. Oldest due first.
 */
export async function claimDueEmails(
  db: AppDatabase,
  limit: number,
  claimSeconds: number,
): Promise<OutboundEmailRow[]> {
  const rows = await db
    .update(outboundEmails)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})` })
    .where(
      sql`${outboundEmails.id} in (
        select id from ${outboundEmails}
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (claimed_until is null or claimed_until < now())
        order by next_attempt_at
        limit ${limit}
        for update skip locked)`,
    )
    .returning();
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

/** Marks `id` delivered (once: a second call changes nothing); returns whether this call marked it. */
export async function markEmailSent(db: AppDatabase, id: string, messageId: string): Promise<boolean> {
  // Prepared: one per message delivered, it cost as much to plan as to run.
  const rows = await queryRowsPrepared<{ id: string }>(
    db,
    'mail_mark_sent',
    sql`update ${outboundEmails}
      set sent_at = now(), message_id = ${messageId}, attempts = attempts + 1, last_error = null, claimed_until = null
      where id = ${id} and sent_at is null
      returning id`,
  );
  return rows.length > 0;
}

/**
 * Records a failed delivery attempt of `id` (the error's message, at most 500 characters): the next attempt is due
 * after `retryDelaySeconds` doubled for each earlier failure; once `retryLimit` retries have failed the message is
 * given up (`failedAt`). Returns whether it will be retried.
 */
export async function recordEmailFailure(
  db: AppDatabase,
  id: string,
  error: string,
  { retryDelaySeconds, retryLimit }: { retryDelaySeconds: number; retryLimit: number },
): Promise<boolean> {
  const [row] = await queryRows<{ retried: boolean }>(
    db,
    sql`update ${outboundEmails}
      set attempts = attempts + 1, last_error = ${error.slice(0, 500)}, claimed_until = null,
        next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds} * power(2, least(attempts, 30))),
        failed_at = case when attempts + 1 > ${retryLimit} then now() end
      where id = ${id} and sent_at is null
      returning failed_at is null as retried`,
  );
  return row?.retried ?? false;
}
