/**
 * @fastify/rate-limit, registered with `global: false`: routes opt in with `config: { rateLimit: { max,
 * timeWindow } }`, or build limiters with `app.createRateLimit()` (the sign-in and sign-up limits,
 * modules/identity/sign-in-rate-limit.ts). Limited requests get the API's 429 body through the error handler.
 * Counters live in Redis when REDIS_URL is set (shared by every process, docs/design.md "Scale-out"), otherwise in
 * process memory. Also the per-user limits of writes: `app.createWriteLimit(action)`.
 */
import rateLimit from '@fastify/rate-limit';
import { apiErrorCodes, messages } from '@partsforge/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors.js';

export interface RateLimitPluginOptions {
  /** Prefix of the counters' Redis keys (REDIS_KEY_PREFIX + 'rate-limit:'). */
  redisKeyPrefix: string;
  /** Whether the per-user write limits apply (config WRITE_LIMITS; off only for load tests). */
  writeLimits: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that enforces the per-user limit of `action` (WRITE_LIMITS) on a signed-in route. */
    createWriteLimit(action: WriteAction): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Whether write limits apply (WRITE_LIMITS): also the per-address limit of the sandbox's card confirmations. */
    writeLimitsOn: boolean;
  }
}

/** Registers @fastify/rate-limit with no global limit, on `app.redis` when there is one; 429s go through the error handler. */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, { redisKeyPrefix, writeLimits }) => {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { redis: app.redis, nameSpace: `${redisKeyPrefix}rate-limit:` } : {}),
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(messages.errors.rateLimited), { statusCode: context.statusCode }),
    });
    app.decorate('createWriteLimit', (action: WriteAction) =>
      writeLimits ? createWriteLimit(app, action) : async () => undefined,
    );
    app.decorate('writeLimitsOn', writeLimits);
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);

/** Writes limited per signed-in user (docs/security.md, "Writes are limited"): how many per window. */
export const WRITE_LIMITS = {
  review: { max: 10, windowMs: 60 * 60_000, label: 'reviews', per: 'an hour' },
  order: { max: 30, windowMs: 10 * 60_000, label: 'orders', per: 'every 10 minutes' },
  import: { max: 60, windowMs: 10 * 60_000, label: 'quick-order imports', per: 'every 10 minutes' },
  profile: { max: 30, windowMs: 60 * 60_000, label: 'profile updates', per: 'an hour' },
  upload: { max: 60, windowMs: 60 * 60_000, label: 'image uploads', per: 'an hour' },
  invitation: { max: 30, windowMs: 60 * 60_000, label: 'company invitations', per: 'an hour' },
} as const;
export type WriteAction = keyof typeof WRITE_LIMITS;

/**
 * A preHandler for a signed-in route (the guard has set `request.user`) that counts the call against the
 * user's `action` limit (WRITE_LIMITS), shared across processes like every limit here. Past it: 429
 * `{ message, code: 'RATE_LIMITED' }` with Retry-After in seconds, and the message says the limit and when to
 * try again.
 */
function createWriteLimit(app: FastifyInstance, action: WriteAction) {
  const { max, windowMs, label, per } = WRITE_LIMITS[action];
  const limit = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `write:${action}:${request.user.id}`,
  });
  return async function writeLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw new HttpError(
        429,
        messages.errors.writeLimited(label, max, per, Math.ceil(seconds / 60)),
        apiErrorCodes.rateLimited,
      );
    }
  };
}
