/**
 * The spec's `PUT /user/{email}` rule (docs/requirements.md §4: "a server token obtained on login"): a Better Auth
 * session is exchanged for a short-lived access token, only by the session's own user (decision 004).
 */
import { normalizeEmail } from '@partsforge/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { IncomingHttpHeaders } from 'node:http';
import { ForbiddenError, UnauthorizedError } from '../../lib/http-errors.js';
import type { Identity } from './identity-plugin.js';

/**
 * Returns a fresh access token for the user whose session cookie is in `headers`. Throws UnauthorizedError
 * (401) without a valid session, ForbiddenError (403) when `email` is not the session user's (any case).
 */
export async function exchangeSessionForToken(
  identity: Identity,
  headers: IncomingHttpHeaders,
  email: string,
): Promise<string> {
  const session = await identity.auth.api.getSession({ headers: fromNodeHeaders(headers) });
  if (!session) throw new UnauthorizedError();
  if (normalizeEmail(session.user.email) !== normalizeEmail(email)) throw new ForbiddenError();
  return identity.accessTokens.issue(session.user, session.session.id);
}
