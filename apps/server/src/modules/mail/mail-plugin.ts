/**
 * The mail service of the app, decorated as `app.mail` (docs/requirements.md §13): `queue(tx, mail)` writes a
 * message to the outbox in the caller's transaction; `linkOrigin` is the origin links in messages use. When
 * `config.jobWorkers` is on, this process also runs the outbox's delivery worker (mail-delivery.ts), started when
 * the app is ready and stopped (after the messages in flight) when it closes.
 */
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { AppDatabase } from '../../db/connect.js';
import { createMailDelivery, type AttachmentRenderer, type MailDeliveryWorker } from './mail-delivery.js';
import { queueMail, type OutgoingMail } from './mail-outbox.js';
import { createMailTransport, SMTP_CONNECTIONS } from './mail-transport.js';

/** Attempts after the first failed delivery: with the delay doubling from MAIL_RETRY_DELAY_SECONDS (30 s), the last
 * retry comes about 8.5 hours after the first attempt. */
export const MAIL_RETRY_LIMIT = 10;

/** What the rest of the app uses to send mail. */
export interface MailService {
  /** Queues `mail` inside transaction `tx`; returns its outbox id. */
  queue(tx: AppDatabase, mail: OutgoingMail): Promise<string>;
  /**
   * The origin of the links in every email (orders, verification, password reset): PUBLIC_URL, or
   * `http://localhost:<PORT>` (what `npm start` serves) when it is unset. Production sets PUBLIC_URL (README,
   * "Configuration"; the server warns at start when it does not).
   */
  linkOrigin: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing email (modules/mail). */
    mail: MailService;
    /** The outbox's delivery worker, when this process runs it (`config.jobWorkers`). */
    mailDelivery: MailDeliveryWorker | null;
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
    app.decorate<MailService>('mail', {
      queue: queueMail,
      linkOrigin: config.publicUrl ?? `http://localhost:${config.port}`,
    });
    if (!config.jobWorkers) {
      app.decorate('mailDelivery', null);
      return;
    }

    const transport = createMailTransport({
      smtpUrl: config.mail.smtpUrl,
      outboxDir: join(config.dataDir, 'outbox'),
    });
    const worker = createMailDelivery({
      db: app.database.db,
      transport,
      from: config.mail.from,
      renderAttachment,
      logger: app.log,
      retryDelaySeconds: config.mail.retryDelaySeconds,
      retryLimit: MAIL_RETRY_LIMIT,
      pollIntervalMs: config.mail.pollIntervalSeconds * 1000,
      concurrency: SMTP_CONNECTIONS,
    });
    app.decorate('mailDelivery', worker);
    app.addHook('onReady', async () => {
      worker.start();
      app.log.info({ mail: transport.target }, 'email delivery worker started');
    });
    app.addHook('onClose', async () => {
      await worker.stop();
      transport.close();
    });
  },
  { name: 'mail' },
);
