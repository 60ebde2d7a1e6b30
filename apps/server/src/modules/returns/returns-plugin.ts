/**
 * The one ReturnService of the app, decorated as `app.returns` for the return routes (docs/requirements.md §17
 * "Returns"). It queues the approval mails through `app.mail` and tells `app.catalog` of restocked parts, so it
 * registers after both plugins; the credit of a received return comes from the credit-memos module through app.ts
 * (`credit`).
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { createReturnService, type ReturnCredit, type ReturnService } from './returns-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Return use cases (returns-service.ts). */
    returns: ReturnService;
  }
}

export interface ReturnsPluginOptions {
  config: Pick<Config, 'shopName' | 'sellerAddress' | 'returnDays' | 'coreReturnDays'>;
  /** Issues and settles the credit memo of a received return (the credit-memos module's). */
  credit?: ReturnCredit | undefined;
}

/** Registers `app.returns`. */
export const returnsPlugin = fp<ReturnsPluginOptions>(
  async (app, { config, credit }) => {
    app.decorate(
      'returns',
      createReturnService({
        db: app.database.db,
        mail: app.mail,
        shopName: config.shopName,
        returnAddress: config.sellerAddress,
        returnDays: config.returnDays,
        coreReturnDays: config.coreReturnDays,
        credit,
        catalogChanges: app.catalog,
        onSettleError: (error, memoId) =>
          app.log.warn(
            { err: error, memoId },
            'settling a return credit failed; receive the return again to retry',
          ),
      }),
    );
  },
  { name: 'returns', dependencies: ['mail', 'catalog'] },
);
