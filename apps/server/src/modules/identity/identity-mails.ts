/**
 * The identity mails (docs/requirements.md §13, Email): "Verify your email" and "Reset your password", queued in
 * the outbox by Better Auth's callbacks (auth.ts). Their links open the web app's pages
 * (`<origin>/verify-email?token=…`, `<origin>/reset-password?token=…`), which call the API. The origin is every
 * mail's (`app.mail.linkOrigin`: PUBLIC_URL, else `http://localhost:PORT`), never the request's Host header, which a
 * client could forge to point a reset link at another site (docs/security.md).
 * Better Auth has already written the token (a reset row in `verifications`; a verification link is a signed
 * JWT, no row) when it calls us, so each message is queued in a transaction of its own: if queueing fails, the
 * error is logged and the user asks again (docs/decisions/021-email-and-job-queue.md "Identity mails").
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/connect.js';
import { accounts } from '../../db/schema/index.js';
import { resetPasswordMail, verifyEmailMail, type MailKind, type MailService } from '../mail/index.js';

/** Web app page a verification link opens. */
export const VERIFY_EMAIL_PAGE = '/verify-email';
/** Web app page a reset link opens. */
export const RESET_PASSWORD_PAGE = '/reset-password';

/** What Better Auth hands its mail callbacks: the user, its own link (unused: links use the mails' origin) and the token. */
export interface AuthMailRequest {
  user: { id: string; name: string; email: string };
  url: string;
  token: string;
}

export interface IdentityMails {
  /** Queues "Verify your email" for `user`. Throws when the outbox write fails. */
  sendVerification(request: AuthMailRequest): Promise<void>;
  /**
   * Queues "Reset your password" for `user` when the account has a password (credential account); for an
   * account that signs in only with Google, sends nothing. Throws when the outbox write fails.
   */
  sendPasswordReset(request: AuthMailRequest): Promise<void>;
}

/** The page link `<origin><page>?token=<token>`. */
export function pageLink(origin: string, page: string, token: string): string {
  const link = new URL(page, origin);
  link.searchParams.set('token', token);
  return link.toString();
}

export interface IdentityMailsOptions {
  db: AppDatabase;
  mail: Pick<MailService, 'queue' | 'linkOrigin'>;
  shopName: string;
  logger: FastifyBaseLogger;
}

/** Builds the two senders on `db` and the app's mail service. */
export function createIdentityMails({ db, mail, shopName, logger }: IdentityMailsOptions): IdentityMails {
  /** Queues the `kind` mail `render` makes for `user`, its link opening `page` with `token`, in its own transaction. */
  async function queueLinkMail(
    kind: MailKind,
    render: typeof verifyEmailMail,
    page: string,
    { user, token }: AuthMailRequest,
  ): Promise<void> {
    const rendered = render({ shopName, name: user.name, url: pageLink(mail.linkOrigin, page, token) });
    await db.transaction((tx) => mail.queue(tx, { kind, to: user.email, userId: user.id, ...rendered }));
  }

  return {
    async sendVerification(request) {
      await queueLinkMail('verify-email', verifyEmailMail, VERIFY_EMAIL_PAGE, request);
    },

    async sendPasswordReset(request) {
      const { user } = request;
      const [credential] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
        .limit(1);
      if (!credential) {
        logger.info({ userId: user.id }, 'password reset asked for an account without a password: no mail');
        return;
      }
      await queueLinkMail('reset-password', resetPasswordMail, RESET_PASSWORD_PAGE, request);
    },
  };
}
