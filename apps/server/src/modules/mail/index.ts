/** The mail module's public face (docs/design.md "Layout"): the plugin (app.mail), message templates and types. */
export { mailPlugin, MAIL_RETRY_LIMIT, type MailService } from './mail-plugin.js';
export type { AttachmentRenderer, MailAttachment } from './mail-delivery.js';
export { outboxInsertSql, type MailKind, type OutgoingMail } from './mail-outbox.js';
export { outboxQueueStats } from './mail-queue-stats.js';
export {
  accountInvoiceMail,
  approvalRequestMail,
  companyInvitationMail,
  creditMemoMail,
  invoiceOverdueMail,
  orderApprovedMail,
  orderConfirmationMail,
  orderRejectedMail,
  orderShippedMail,
  paymentReceiptMail,
  resetPasswordMail,
  returnApprovedMail,
  returnRejectedMail,
  verifyEmailMail,
  type OrderMailView,
  type RenderedMail,
} from './mail-templates.js';
