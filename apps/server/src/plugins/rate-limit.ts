/**
 * @fastify/rate-limit, registered with `global: false`: routes opt in with `config: { rateLimit: { max,
 * timeWindow } }`, or build limiters with `app.createRateLimit()` (the sign-in and sign-up limits,
 * modules/identity/sign-in-rate-limit.ts). Limited requests get the API's 429 body through the error handler.
 * Counters live in Redis when REDIS_URL is set (shared by every process, DESIGN.md "Scale-out"), otherwise in
 * process memory.
 */
import rateLimit from '@fastify/rate-limit';
import { messages } from '@partsforge/shared';
import fp from 'fastify-plugin';

export interface RateLimitPluginOptions {
  /** Prefix of the counters' Redis keys (REDIS_KEY_PREFIX + 'rate-limit:'). */
  redisKeyPrefix: string;
}

/** Registers @fastify/rate-limit with no global limit, on `app.redis` when there is one; 429s go through the error handler. */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, { redisKeyPrefix }) => {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { redis: app.redis, nameSpace: `${redisKeyPrefix}rate-limit:` } : {}),
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(messages.errors.rateLimited), { statusCode: context.statusCode }),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
