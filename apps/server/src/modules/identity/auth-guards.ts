/**
 * The server's access rules (docs/design.md item 1; docs/requirements.md §6). Guards are Fastify hooks for a route's
 * `onRequest` (so the caller is checked before the body is parsed or validated: an anonymous caller gets 401,
 * never 400), and work as `preHandler` too. Each verifies the `Authorization: Bearer <accessToken>` header
 * and re-reads the user with the token's session from the database (one indexed lookup), so a promotion,
 * demotion, removal or sign-out takes effect at once, in every process:
 *
 * - 401 `{ message, code: 'UNAUTHORIZED' }`: no token, a forged or malformed one, an expired one, one whose
 *   session has ended (signed out, expired), or a user who no longer exists;
 * - 403 `{ message, code: 'FORBIDDEN' }`: the wrong role (requireNormalUser, requireAdmin) or another
 *   user's data (assertSelfOrAdmin).
 *
 * After any guard, `request.user` is the caller. Every protected route's rule is also written in the
 * access-control matrix (src/test/access-control.test.ts): add a row there with each new route.
 */
import { messages, normalizeEmail, type UserRole } from '@partsforge/shared';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../lib/http-errors.js';
import { AccessTokenError } from './access-token.js';

/** The signed-in caller as the guards leave it on `request.user`. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Any signed-in user (docs/requirements.md §6: purchase, dashboard, profile, payment). Throws 401. */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw new UnauthorizedError(messages.errors.signInRequired);
  const { accessTokens, users } = request.server.identity;
  let userId: string;
  let sessionId: string;
  try {
    ({ userId, sessionId } = await accessTokens.verify(token));
  } catch (error) {
    if (!(error instanceof AccessTokenError)) throw error;
    throw new UnauthorizedError(
      error.problem === 'expired' ? messages.errors.sessionExpired : messages.errors.signInRequired,
    );
  }
  const user = await users.findBySession(userId, sessionId);
  if (!user) throw new UnauthorizedError(messages.errors.sessionExpired);
  request.user = user;
}

/** A signed-in normal user, not an admin (docs/requirements.md §6: my orders, cancel, add review). Throws 401, 403. */
export async function requireNormalUser(request: FastifyRequest): Promise<void> {
  await requireSignedIn(request);
  if (request.user.role !== 'user') throw new ForbiddenError();
}

/** A signed-in admin (docs/requirements.md §6: users, promotion, all orders, products). Throws 401, 403. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireSignedIn(request);
  if (request.user.role !== 'admin') throw new ForbiddenError();
}

/**
 * For routes keyed by an email after a guard: passes for the owner of `email` (any case) and for admins,
 * throws ForbiddenError (403) for anyone else.
 */
export function assertSelfOrAdmin(request: FastifyRequest, email: string): void {
  if (request.user.role === 'admin') return;
  if (normalizeEmail(request.user.email) !== normalizeEmail(email)) throw new ForbiddenError();
}
