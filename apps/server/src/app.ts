/**
 * The whole PartsForge API as a Fastify instance, without listening (fastify/demo's layout): main.ts listens,
 * tests call `app.inject`. Order matters: security headers, compression and rate limiting first, then the
 * OpenAPI collector, the error handler, the /api routes, and last the web app's catch-all route.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { createLogger, RequestLogController } from './lib/logger.js';
import { createCatalogCache, type CatalogCache } from './modules/catalog/catalog-cache.js';
import { catalogRoutes } from './modules/catalog/catalog-routes.js';
import { healthRoutes } from './modules/health/health-routes.js';
import { reviewRoutes } from './modules/reviews/review-routes.js';
import { loadWebApp, spaRoutes } from './modules/spa/spa-routes.js';
import { compressPlugin } from './plugins/compress.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { helmetPlugin } from './plugins/helmet.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { swaggerPlugin } from './plugins/swagger.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database (the app does not own it: whoever created it closes it). */
    database: Database;
    /** Catalogue response cache; call `invalidate()` after every catalogue write (catalog-cache.ts). */
    catalogCache: CatalogCache;
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
    // A hop count is trusted as "the last N proxies"; Fastify's types only list the function form for it.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate<Database>('database', database);
  app.decorate('catalogCache', createCatalogCache({ ttlMs: config.catalogCacheTtlMs }));

  await app.register(helmetPlugin);
  await app.register(compressPlugin);
  await app.register(rateLimitPlugin);
  await app.register(swaggerPlugin, { shopName: config.shopName });
  await app.register(errorHandlerPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogRoutes);
      await api.register(reviewRoutes);
    },
    { prefix: '/api' },
  );

  const web = loadWebApp(config.webDistDir, config.shopName);
  if (web) await app.register(spaRoutes, { web });
  else
    app.log.warn(
      { webDistDir: config.webDistDir },
      'web app not built (no index.html): serving the API only',
    );

  return app;
}
