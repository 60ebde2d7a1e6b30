/**
 * The spec's access token (docs/requirements.md §4: kept in local storage under `accessToken`; docs/design.md item 8: so it
 * is short-lived). An HS256 JWT signed with a key derived from the auth secret, carrying only the user id,
 * email and the id of the Better Auth session it was exchanged for; roles are never in the token: every
 * protected call re-reads them, and checks the session still exists, so sign-out or removal ends the token at
 * once (auth-guards.ts; decisions 004 and 011).
 */
import { hkdfSync } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/** Lifetime of an access token in seconds (15 minutes). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const ISSUER = 'partsforge';
const AUDIENCE = 'partsforge-api';
const ALGORITHM = 'HS256';
/** Most verified tokens remembered at once (each about half a kilobyte). */
const VERIFIED_TOKENS_MAX = 10_000;

/** Why a token was refused. */
export type AccessTokenProblem = 'invalid' | 'expired';

/** Thrown by AccessTokens.verify for a forged, malformed or expired token. */
export class AccessTokenError extends Error {
  constructor(public readonly problem: AccessTokenProblem) {
    super(`access token ${problem}`);
    this.name = 'AccessTokenError';
  }
}

/** What a valid token says: whose it is, and the session it belongs to. */
export interface AccessTokenClaims {
  userId: string;
  email: string;
  sessionId: string;
}

export interface AccessTokens {
  /**
   * Signs a token for the user's session `sessionId`, valid for ACCESS_TOKEN_TTL_SECONDS from `now` (default:
   * the current time).
   */
  issue(user: { id: string; email: string }, sessionId: string, options?: { now?: Date }): Promise<string>;
  /** Checks signature, issuer, audience and expiry; throws AccessTokenError when any fails. */
  verify(token: string): Promise<AccessTokenClaims>;
}

/**
 * Access tokens signed with a key derived (HKDF-SHA256) from `secret`, so it never signs anything else. A token
 * that verified is remembered by its exact text until it expires (at most VERIFIED_TOKENS_MAX), so its signature
 * is checked once rather than on every request; the session behind it is still checked on every request.
 */
export function createAccessTokens(secret: string): AccessTokens {
  const key = new Uint8Array(hkdfSync('sha256', secret, 'partsforge', 'access-token-v1', 32));
  const verified = new LRUCache<string, AccessTokenClaims & { expiresAtMs: number }>({
    max: VERIFIED_TOKENS_MAX,
  });
  return {
    async issue(user, sessionId, options = {}) {
      const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
      return new SignJWT({ email: user.email, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() >= known.expiresAtMs) {
          verified.delete(token);
          throw new AccessTokenError('expired');
        }
        return { userId: known.userId, email: known.email, sessionId: known.sessionId };
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'email', 'sid'],
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.email !== 'string' ||
          typeof payload.sid !== 'string'
        )
          throw new AccessTokenError('invalid');
        const claims = { userId: payload.sub, email: payload.email, sessionId: payload.sid };
        verified.set(token, { ...claims, expiresAtMs: payload.exp! * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof AccessTokenError) throw error;
        throw new AccessTokenError(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
      }
    },
  };
}
