/**
 * Liveness and readiness (docs/design.md "API"): GET /health answers while the process runs; GET /ready also
 * pings the database and answers 503 DATABASE_UNAVAILABLE when it cannot be reached, and 503 WARMING_UP while
 * the catalogue search index is first built (docs/decisions/016-in-process-search-index.md).
 */
import { apiErrorCodes, apiErrorSchema, messages } from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Registers GET /health and GET /ready (mounted under /api). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness (database reachable, search index built)',
        response: { 200: z.object({ status: z.literal('ready') }), 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.catalog.warmingUp)
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({ message: messages.errors.warmingUp, code: apiErrorCodes.warmingUp });
      try {
        await app.database.ping();
        return { status: 'ready' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply
          .code(503)
          .send({ message: messages.errors.databaseUnavailable, code: apiErrorCodes.databaseUnavailable });
      }
    },
  );
};
