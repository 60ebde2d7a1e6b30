/**
 * The one CompanyService of the app, decorated as `app.companies` for the company routes (docs/requirements.md §14
 * "Company accounts"). It queues the invitation mails through `app.mail`, so it registers after the mail plugin.
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { OrderStatus } from '../../db/schema/index.js';
import { createCompanyService, type CompanyService } from './company-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Company accounts use cases (company-service.ts). */
    companies: CompanyService;
  }
}

export interface CompaniesPluginOptions {
  config: Pick<Config, 'shopName'>;
  /** The orders module's PAID_ORDER_STATUSES (the admins' spend); app.ts passes them, as orders imports this module. */
  paidOrderStatuses: readonly OrderStatus[];
}

/** Registers `app.companies`. */
export const companiesPlugin = fp<CompaniesPluginOptions>(
  async (app, { config, paidOrderStatuses }) => {
    app.decorate(
      'companies',
      createCompanyService(app.database.db, {
        mail: app.mail,
        shopName: config.shopName,
        paidOrderStatuses,
      }),
    );
  },
  { name: 'companies', dependencies: ['mail'] },
);
