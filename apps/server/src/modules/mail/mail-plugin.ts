/**
 * The mail service of the app, decorated as `app.mail` (docs/requirements.md §13): `queue(tx, mail)` writes a
 * message and its delivery job in the caller's transaction; `linkOrigin` is the origin links in messages use. When `config.jobWorkers` is on, this process also runs the delivery worker of the durable queue
 * (lib/job-queue.ts), started when the app is ready and stopped (after the message in flight) when it closes.
 */
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { AppDatabase } from '../../db/connect.js';
import { createJobQueue, SHOP_QUEUES, type JobQueue } from '../../lib/job-queue.js';
import { createMailDelivery, type AttachmentRenderer } from './mail-delivery.js';
import { queueMail, type MailDeliveryJob, type OutgoingMail } from './mail-outbox.js';
import { createMailTransport } from './mail-transport.js';

/** Attempts after the first failed delivery: with the delay doubling from MAIL_RETRY_DELAY_SECONDS (30 s), the last
 * retry comes about 8.5 hours after the first attempt. */
export const MAIL_RETRY_LIMIT = 10;

/** Seconds a delivery may stay active before the queue counts its worker as crashed and retries it. */
const MAIL_DELIVERY_EXPIRE_SECONDS = 120;

/** What the rest of the app uses to send mail. */
export interface MailService {
  /** Queues `mail` inside transaction `tx`; returns its outbox id. */
  queue(tx: AppDatabase, mail: OutgoingMail): Promise<string>;
  /**
   * The origin of links in order emails: PUBLIC_URL, or `http://localhost:<PORT>` (what `npm start` serves) when it
   * is unset. Production sets PUBLIC_URL (README, "Configuration").
   */
  linkOrigin: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing email (modules/mail). */
    mail: MailService;
  }
}

export interface MailPluginOptions {
  config: Pick<Config, 'mail' | 'dataDir' | 'publicUrl' | 'jobWorkers' | 'port'>;
  /** Makes the documents messages attach (an order's invoice). */
  renderAttachment: AttachmentRenderer;
}

/** Registers `app.mail` and, with `config.jobWorkers`, the delivery worker. */
export const mailPlugin = fp<MailPluginOptions>(
  async (app, { config, renderAttachment }) => {
    const jobs: JobQueue = createJobQueue({
      database: app.database,
      logger: app.log,
      pollingIntervalSeconds: config.mail.pollIntervalSeconds,
      // Maintenance retries the jobs of crashed workers: checked as often as a retry waits, at most every 2 minutes.
      maintenanceIntervalSeconds: Math.min(120, config.mail.retryDelaySeconds),
      queues: [
        {
          name: SHOP_QUEUES.mailDelivery,
          retryLimit: MAIL_RETRY_LIMIT,
          retryDelaySeconds: config.mail.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: MAIL_DELIVERY_EXPIRE_SECONDS,
        },
      ],
    });
    app.decorate<MailService>('mail', {
      queue: (tx, mail) => queueMail(tx, jobs, mail),
      linkOrigin: config.publicUrl ?? `http://localhost:${config.port}`,
    });
    if (!config.jobWorkers) return;

    const transport = createMailTransport({
      smtpUrl: config.mail.smtpUrl,
      outboxDir: join(config.dataDir, 'outbox'),
    });
    const deliver = createMailDelivery({
      db: app.database.db,
      transport,
      from: config.mail.from,
      renderAttachment,
      logger: app.log,
    });
    app.addHook('onReady', async () => {
      await jobs.start();
      await jobs.work<MailDeliveryJob>(SHOP_QUEUES.mailDelivery, (job) => deliver(job.data.emailId));
      app.log.info({ mail: transport.target }, 'email delivery worker started');
    });
    app.addHook('onClose', async () => {
      await jobs.stop();
      transport.close();
    });
  },
  { name: 'mail' },
);
