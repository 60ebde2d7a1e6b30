/**
 * Brute-force protection of email sign-in and sign-up (docs/decisions/004-access-tokens-and-sessions.md): each is limited per client IP and
 * per email address (normalised, so case and spaces do not reset the count). Counters live where
 * @fastify/rate-limit keeps them: Redis when REDIS_URL is set, so the limits hold across processes.
 */
import { apiErrorCodes, messages, normalizeEmail } from '@partsforge/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors.js';

/** Attempts allowed per window: 10 per email address (the 11th wrong password in a minute gets 429), 30 per IP. */
export const SIGN_IN_LIMITS = { windowMs: 60_000, perEmail: 10, perIp: 30 } as const;

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? normalizeEmail(body.email) : '';
}

/**
 * A preHandler for the `action` route (run after body validation, so the email is known) that counts the
 * attempt against both limits and answers 429 `{ message, code: 'RATE_LIMITED' }` with Retry-After when either
 * is exceeded.
 */
export function createSignInRateLimit(app: FastifyInstance, action: 'sign-in' | 'sign-up') {
  const byIp = app.createRateLimit({
    max: SIGN_IN_LIMITS.perIp,
    timeWindow: SIGN_IN_LIMITS.windowMs,
    keyGenerator: (request) => `${action}:ip:${request.ip}`,
  });
  const byEmail = app.createRateLimit({
    max: SIGN_IN_LIMITS.perEmail,
    timeWindow: SIGN_IN_LIMITS.windowMs,
    keyGenerator: (request) => `${action}:email:${emailOf(request)}`,
  });
  return async function signInRateLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const results = await Promise.all([byIp(request), byEmail(request)]);
    const exceeded = results.flatMap((result) => (!result.isAllowed && result.isExceeded ? [result] : []));
    if (exceeded.length > 0) {
      reply.header('retry-after', String(Math.max(1, ...exceeded.map((result) => result.ttlInSeconds))));
      throw new HttpError(429, messages.errors.tooManyAttempts, apiErrorCodes.rateLimited);
    }
  };
}
