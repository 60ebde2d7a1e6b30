/**
 * The one CreditMemoService of the app, decorated as `app.creditMemos` (docs/requirements.md §17 "Credit memos and
 * refunds"): the routes use it, and app.ts hands its issueCreditMemo and settleCreditMemo to the returns module. It
 * refunds through `app.payments` and queues mail through `app.mail`, so it registers after the mail plugin.
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { invoiceSellerOf } from '../invoices/index.js';
import { createCreditMemoService, type CreditMemoService } from './credit-memo-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Credit memo use cases (credit-memo-service.ts). */
    creditMemos: CreditMemoService;
  }
}

export interface CreditMemosPluginOptions {
  config: Pick<Config, 'shopName' | 'sellerAddress'>;
}

/** Registers `app.creditMemos`. */
export const creditMemosPlugin = fp<CreditMemosPluginOptions>(
  async (app, { config }) => {
    app.decorate(
      'creditMemos',
      createCreditMemoService({
        db: app.database.db,
        payments: app.payments,
        mail: app.mail,
        shopName: config.shopName,
        seller: invoiceSellerOf(config),
        onSettleError: (error, memoId) =>
          app.log.warn(
            { err: error, memoId },
            'refunding a credit memo failed; the next refund of its order retries it',
          ),
      }),
    );
  },
  { name: 'credit-memos', dependencies: ['mail'] },
);
