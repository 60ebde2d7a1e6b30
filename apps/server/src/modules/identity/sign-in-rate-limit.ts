/**
 * Brute-force protection of email sign-in and sign-up (docs/decisions/004-access-tokens-and-sessions.md), and
 * of the password-reset and email-verification calls (docs/requirements.md §13): each is limited per client IP
 * and per email address (normalised, so case and spaces do not reset the count; calls whose body names no
 * email, the reset and the verification themselves, per IP only). Counters live where @fastify/rate-limit keeps
 * them: Redis when REDIS_URL is set, so the limits hold across processes.
 */
import { apiErrorCodes, messages, normalizeEmail } from '@partsforge/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors.js';

/** Attempts allowed per window: 10 per email address (the 11th wrong password in a minute gets 429), 30 per IP. */
export const SIGN_IN_LIMITS = { windowMs: 60_000, perEmail: 10, perIp: 30 } as const;

/** Calls that send a mail (reset link, new verification link): 3 per address and 30 per IP in 15 minutes. */
export const AUTH_MAIL_LIMITS = { windowMs: 15 * 60_000, perEmail: 3, perIp: 30 } as const;

/** The limited identity calls: sign-in, sign-up, asking for a reset link, resetting, verifying, a new link. */
export type LimitedAuthAction =
  'sign-in' | 'sign-up' | 'password-reset' | 'reset-password' | 'verify-email' | 'verification-email';

const LIMITS_OF: Record<LimitedAuthAction, { windowMs: number; perEmail: number; perIp: number }> = {
  'sign-in': SIGN_IN_LIMITS,
  'sign-up': SIGN_IN_LIMITS,
  'password-reset': AUTH_MAIL_LIMITS,
  'verification-email': AUTH_MAIL_LIMITS,
  'reset-password': SIGN_IN_LIMITS,
  'verify-email': SIGN_IN_LIMITS,
};

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? normalizeEmail(body.email) : '';
}

/**
 * A preHandler for the `action` route (run after body validation, so the email is known) that counts the
 * attempt against both limits (the email one only when the body names an email) and answers 429
 * `{ message, code: 'RATE_LIMITED' }` with Retry-After when either is exceeded.
 */
export function createSignInRateLimit(app: FastifyInstance, action: LimitedAuthAction) {
  const limits = LIMITS_OF[action];
  const byIp = app.createRateLimit({
    max: limits.perIp,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${action}:ip:${request.ip}`,
  });
  const byEmail = app.createRateLimit({
    max: limits.perEmail,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${action}:email:${emailOf(request)}`,
  });
  // "Wait a minute" holds for the one-minute windows; the mail limits last longer.
  const message =
    limits.windowMs === SIGN_IN_LIMITS.windowMs
      ? messages.errors.tooManyAttempts
      : messages.errors.rateLimited;
  return async function signInRateLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const results = await Promise.all([byIp(request), ...(emailOf(request) ? [byEmail(request)] : [])]);
    const exceeded = results.flatMap((result) => (!result.isAllowed && result.isExceeded ? [result] : []));
    if (exceeded.length > 0) {
      reply.header('retry-after', String(Math.max(1, ...exceeded.map((result) => result.ttlInSeconds))));
      throw new HttpError(429, message, apiErrorCodes.rateLimited);
    }
  };
}
