/**
 * The whole PartsForge API as a Fastify instance, without listening (fastify/demo's layout): main.ts listens,
 * tests call `app.inject`. Order matters: security headers, compression, Redis and rate limiting first, then the
 * OpenAPI collector, the error handler, identity (Better Auth, access tokens, guards), the probes, the /api routes,
 * the uploaded images (/uploads), and last the web app's catch-all route; a worker process stops after the probes.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { join } from 'node:path';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { createLogger, RequestLogController } from './lib/logger.js';
import {
  catalogAdminRoutes,
  catalogCsvRoutes,
  catalogPlugin,
  catalogRoutes,
} from './modules/catalog/index.js';
import { healthPlugin } from './modules/health/index.js';
import { authRoutes, identityPlugin, userAdminRoutes, userRoutes } from './modules/identity/index.js';
import { inventoryRoutes } from './modules/inventory/index.js';
import { cartPlugin, cartRoutes } from './modules/cart/index.js';
import { companiesPlugin, companyAdminRoutes, companyRoutes } from './modules/companies/index.js';
import { creditMemoAttachment, creditMemoRoutes, creditMemosPlugin } from './modules/credit-memos/index.js';
import { tradeTermsAdminRoutes, tradeTermsCsvRoutes, tradeTermsPlugin } from './modules/trade-terms/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { garageRoutes } from './modules/garage/index.js';
import {
  invoiceAttachment,
  invoiceRoutes,
  invoiceSellerOf,
  overdueRemindersPlugin,
  receivablesRoutes,
} from './modules/invoices/index.js';
import {
  orderAdminRoutes,
  orderRoutes,
  ordersPlugin,
  orderTotalsByUser,
  PAID_ORDER_STATUSES,
  recordInvoicePayment,
} from './modules/orders/index.js';
import { createPaymentProvider, paymentRoutes } from './modules/payments/index.js';
import type { PaymentProvider } from './modules/payments/index.js';
import { profileRoutes } from './modules/profiles/index.js';
import { returnRoutes, returnsPlugin } from './modules/returns/index.js';
import { reviewRoutes } from './modules/reviews/index.js';
import { shippingPlugin, shippingRoutes } from './modules/shipping/index.js';
import {
  createImageCleanup,
  UPLOAD_ORPHAN_AGE_MS,
  createImageStore,
  uploadedFileRoutes,
  uploadRoutes,
} from './modules/uploads/index.js';
import { mailPlugin } from './modules/mail/index.js';
import { metricsPlugin } from './modules/metrics/index.js';
import { loadWebApp, spaRoutes } from './modules/spa/index.js';
import { vehicleRoutes, vehiclesPlugin } from './modules/vehicles/index.js';
import { compressPlugin } from './plugins/compress.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { helmetPlugin } from './plugins/helmet.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { redisPlugin } from './plugins/redis.js';
import { requestIdOf, requestIdPlugin } from './plugins/request-id.js';
import { requestInputPlugin } from './plugins/request-input.js';
import { swaggerPlugin } from './plugins/swagger.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database (the app does not own it: whoever created it closes it). */
    database: Database;
    /** The configured card payment provider (modules/payments). */
    payments: PaymentProvider;
  }
}

/** Largest accepted request body in bytes; bigger ones get 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** What buildApp needs: the checked config and an open, migrated database. */
export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** A pino logger to use (main.ts shares its own); by default one is made at config.logLevel. */
  logger?: FastifyBaseLogger;
}

/**
 * Builds the app on an open, migrated database. Plugins finish loading on `listen()`, `ready()` or the first
 * `inject()`, so tests may still add routes to the returned instance. Logs a warning and serves the API only
 * when the web app is not built.
 */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config.logLevel),
    logController: new RequestLogController(),
    genReqId: requestIdOf,
    // A hop count is trusted as "the last N proxies"; Fastify's types only list the function form for it.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate<Database>('database', database);
  app.decorate('payments', createPaymentProvider(config, database.db));

  await app.register(helmetPlugin, { stripe: config.paymentProvider === 'stripe' });
  await app.register(requestIdPlugin);
  await app.register(compressPlugin);
  await app.register(redisPlugin, { url: config.redisUrl });
  await app.register(rateLimitPlugin, {
    redisKeyPrefix: config.redisKeyPrefix,
    writeLimits: config.writeLimits,
  });
  if (config.processRole !== 'worker') await app.register(swaggerPlugin, { shopName: config.shopName });
  await app.register(errorHandlerPlugin);
  await app.register(requestInputPlugin);
  await app.register(catalogPlugin, {
    responseTtlMs: config.catalogCacheTtlMs,
    maxResultBytes: config.catalogResultCacheMb * 1024 * 1024,
    // A worker serves no searches.
    searchIndex: config.catalogSearchIndex && config.processRole !== 'worker',
  });
  await app.register(metricsPlugin, { config });
  const seller = invoiceSellerOf(config);
  await app.register(mailPlugin, {
    config,
    // The payment receipt attaches the order's invoice; a credit memo's mail the memo.
    renderAttachment: (attachment) =>
      attachment.kind === 'credit-memo'
        ? creditMemoAttachment(database.db, attachment.memoId, seller)
        : invoiceAttachment(database.db, attachment.orderId, seller),
  });
  // The users list shows each customer's orders, which the orders module counts.
  await app.register(identityPlugin, { config, orderTotals: orderTotalsByUser });
  await app.register(tradeTermsPlugin);
  await app.register(cartPlugin);
  await app.register(shippingPlugin, { config });
  await app.register(vehiclesPlugin);
  await app.register(ordersPlugin, { config });
  await app.register(overdueRemindersPlugin, { config });
  // The admins' company list counts paid orders as the orders module defines them.
  await app.register(companiesPlugin, { config, paidOrderStatuses: PAID_ORDER_STATUSES });
  await app.register(creditMemosPlugin, { config });
  // A received return is credited by the credit-memos module (its memo issued in the receiving transaction).
  await app.register(returnsPlugin, { config, credit: app.creditMemos });
  await app.register(healthPlugin, { role: config.processRole });
  // A worker (PROCESS_ROLE=worker) runs the jobs above and answers only its probes (docs/operations.md).
  if (config.processRole === 'worker') return app;

  const images = createImageStore(join(config.dataDir, 'uploads'));
  const imageCleanup = createImageCleanup(database.db, images, app.log);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(catalogAdminRoutes, { releaseImage: imageCleanup.release });
      await api.register(catalogCsvRoutes, { releaseImage: imageCleanup.release });
      await api.register(reviewRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(userAdminRoutes);
      await api.register(cartRoutes);
      await api.register(shippingRoutes);
      await api.register(vehicleRoutes);
      await api.register(garageRoutes);
      await api.register(orderRoutes);
      await api.register(orderAdminRoutes, { seller });
      await api.register(invoiceRoutes, { seller });
      await api.register(receivablesRoutes, { seller, recordOrderPayment: recordInvoicePayment });
      await api.register(dashboardRoutes);
      await api.register(inventoryRoutes);
      await api.register(paymentRoutes);
      await api.register(profileRoutes);
      await api.register(companyRoutes);
      await api.register(companyAdminRoutes);
      await api.register(tradeTermsAdminRoutes);
      await api.register(tradeTermsCsvRoutes);
      await api.register(returnRoutes);
      await api.register(creditMemoRoutes);
      await api.register(uploadRoutes, { store: images });
    },
    { prefix: '/api' },
  );
  await app.register(uploadedFileRoutes, { store: images });
  // Uploads never saved on a part (a cancelled form) go a day later: swept in the background from start-up,
  // and closing waits for the sweep so that it never outlives the database.
  let imageSweep: Promise<number> | undefined;
  app.addHook('onReady', async () => {
    imageSweep = imageCleanup.sweep(UPLOAD_ORPHAN_AGE_MS);
  });
  app.addHook('onClose', async () => {
    await imageSweep;
  });

  const web = loadWebApp(config.webDistDir, config.shopName);
  if (web) await app.register(spaRoutes, { web });
  else
    app.log.warn(
      { webDistDir: config.webDistDir },
      'web app not built (no index.html): serving the API only',
    );
  return app;
}
