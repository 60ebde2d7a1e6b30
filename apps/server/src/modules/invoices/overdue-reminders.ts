/**
 * Overdue reminders (docs/requirements.md §15 "Statements": "A daily job mails a reminder for invoices that became
 * overdue, once per invoice per week at most"). sendOverdueReminders mails each company invoice that is past due
 * with a balance to the company's owners and the order's placer (each address once), and marks it reminded
 * (`invoices.reminded_at`); an invoice is mailed again only once its last reminder is 7 days old and it is still
 * overdue. The outbox rows and `reminded_at` are written in one transaction with the invoice rows locked
 * (`for update skip locked`), so a crash leaves either both or neither, and two processes running the job at once
 * never take one invoice twice.
 *
 * The job (overdueRemindersPlugin) runs in processes that run jobs (`config.jobWorkers`: PROCESS_ROLE worker or all)
 * at start and then every REMINDER_CHECK_INTERVAL_MS (an hour): a reminder goes out within the hour an invoice turns
 * overdue, a restart never skips a day, and the 7-day rule keeps it to one a week.
 */
import { formatOrderNumber } from '@partsforge/shared';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { AppDatabase } from '../../db/connect.js';
import { findCompanyNames, findCompanyOwners } from '../companies/index.js';
import { invoiceOverdueMail, type MailService } from '../mail/index.js';
import { lockInvoicesToRemind, markReminded } from './receivables-repository.js';

/** How often each job-running process looks for invoices to remind of: an hour. */
export const REMINDER_CHECK_INTERVAL_MS = 3_600_000;
/** Invoices taken per transaction. */
const BATCH = 100;
/** The company's account page, where its statement is. */
const ACCOUNT_PAGE_PATH = '/dashboard/account';

export interface OverdueRemindersOptions {
  db: AppDatabase;
  mail: MailService;
  shopName: string;
  /** The time the job runs at (invoices due before it are overdue); tests pass their own. */
  now?: Date;
}

/**
 * Queues the overdue reminders due at `now` (see the module's docstring) and returns how many invoices were
 * reminded of. Database errors propagate (the batch being written rolls back, mails included).
 */
export async function sendOverdueReminders({
  db,
  mail,
  shopName,
  now = new Date(),
}: OverdueRemindersOptions): Promise<number> {
  let reminded = 0;
  for (;;) {
    const taken = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as AppDatabase;
      const invoices = await lockInvoicesToRemind(tx, now, BATCH);
      const names = await findCompanyNames(tx, [...new Set(invoices.map((invoice) => invoice.companyId))]);
      for (const invoice of invoices) {
        const owners = await findCompanyOwners(tx, invoice.companyId);
        const recipients = new Map<string, { name: string; email: string; userId: string | null }>();
        for (const person of [
          ...owners.map((owner) => ({ ...owner, userId: null })),
          { name: invoice.placerName, email: invoice.placerEmail, userId: invoice.placerUserId },
        ])
          if (!recipients.has(person.email.toLowerCase())) recipients.set(person.email.toLowerCase(), person);
        for (const recipient of recipients.values())
          await mail.queue(tx, {
            kind: 'invoice-overdue',
            to: recipient.email,
            orderId: invoice.orderId,
            userId: recipient.userId,
            ...invoiceOverdueMail({
              shopName,
              recipientName: recipient.name,
              companyName: names.get(invoice.companyId) ?? '',
              invoiceNumber: invoice.number,
              orderNumber: formatOrderNumber(invoice.orderNumber),
              dueAt: invoice.dueAt,
              balanceCents: invoice.totalCents - invoice.paidCents,
              accountUrl: `${mail.linkOrigin}${ACCOUNT_PAGE_PATH}`,
            }),
          });
      }
      await markReminded(
        tx,
        invoices.map((invoice) => invoice.orderId),
        now,
      );
      return invoices.length;
    });
    reminded += taken;
    if (taken < BATCH) return reminded;
  }
}

export interface OverdueRemindersPluginOptions {
  config: Pick<Config, 'shopName' | 'jobWorkers'>;
}

/**
 * Runs sendOverdueReminders at start and every REMINDER_CHECK_INTERVAL_MS in processes that run jobs
 * (`config.jobWorkers`); closing the app stops it and waits for a run in progress.
 */
export const overdueRemindersPlugin = fp<OverdueRemindersPluginOptions>(
  async (app, { config }) => {
    if (!config.jobWorkers) return;
    let running: Promise<void> = Promise.resolve();
    const run = () => {
      running = running.then(async () => {
        try {
          const reminded = await sendOverdueReminders({
            db: app.database.db,
            mail: app.mail,
            shopName: config.shopName,
          });
          if (reminded > 0) app.log.info({ reminded }, 'overdue invoice reminders queued');
        } catch (error) {
          app.log.warn({ err: error }, 'overdue invoice reminders failed; retrying at the next check');
        }
      });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      run();
      timer = setInterval(run, REMINDER_CHECK_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'overdue-reminders', dependencies: ['mail'] },
);
