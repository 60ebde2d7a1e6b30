/**
 * The spec's access token in local storage under `accessToken` (docs/requirements.md §4 and §9). It is short-lived
 * (15 minutes, decision 004): the API client renews it with the session cookie. Reading its claims here never
 * trusts them: the server verifies every token.
 */
import { ACCESS_TOKEN_STORAGE_KEY } from '@partsforge/shared/constants';

/** Seconds before expiry at which a token counts as stale and is renewed ahead of use. */
const RENEW_AHEAD_SECONDS = 60;

/** The stored token, or null (none, or storage unavailable). */
export function readAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps `token` under `accessToken` (replacing any earlier one). */
export function storeAccessToken(token: string): void {
  try {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  } catch {
    // Private browsing without storage: calls then renew the token each time.
  }
}

/** Sign out clears the token (docs/requirements.md §4). */
export function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** The `email` and `exp` (seconds) claims of a JWT, or null when it is not one. */
export function accessTokenClaims(token: string): { email: string; exp: number } | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { email?: unknown; exp?: unknown };
    return typeof claims.email === 'string' && typeof claims.exp === 'number'
      ? { email: claims.email, exp: claims.exp }
      : null;
  } catch {
    return null;
  }
}

/** True when `token` belongs to `email` and stays valid for at least another minute. */
export function isAccessTokenFresh(token: string, email: string, now: number = Date.now()): boolean {
  const claims = accessTokenClaims(token);
  return (
    claims !== null &&
    claims.email.toLowerCase() === email.toLowerCase() &&
    claims.exp - RENEW_AHEAD_SECONDS > now / 1000
  );
}
