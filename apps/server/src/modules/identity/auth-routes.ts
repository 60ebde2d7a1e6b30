/**
 * Sign-up, sign-in, Google sign-in and sessions (docs/requirements.md §2, §4 and §7): Better Auth's routes mounted under
 * /api/auth (its Fastify integration: a catch-all that hands a web Request to `auth.handler`, here only for the
 * endpoints in AUTH_ENDPOINTS spelt exactly so; anything else is 404), with the
 * email sign-in and sign-up routes declared on their own so they validate the body with the shared form
 * schemas and carry the brute-force limits. Also the spec's token call and the list of sign-in providers.
 */
import {
  accessTokenResponseSchema,
  apiErrorCodes,
  apiErrorSchema,
  authProvidersSchema,
  emailParamsSchema,
  loginSchema,
  messages,
  signUpSchema,
} from '@partsforge/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, NotFoundError } from '../../lib/http-errors.js';
import { AUTH_BASE_PATH, AUTH_ENDPOINTS, CLIENT_IP_HEADER } from './auth.js';
import { exchangeSessionForToken } from './session-token.js';
import { createSignInRateLimit } from './sign-in-rate-limit.js';

/** Registers /auth/* (Better Auth), PUT /user/:email and GET /auth-providers (mounted under /api). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity } = app;

  /** Hands the request to Better Auth as a web Request and copies its Response back (cookies included). */
  async function forwardToAuth(request: FastifyRequest, reply: FastifyReply) {
    // Fastify's protocol and host already honour TRUST_PROXY; Better Auth derives its base URL from this one.
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    // A declared route may have been reached through a percent-encoded spelling: Better Auth gets its own path.
    const routePath = request.routeOptions.url;
    if (routePath && !routePath.includes('*')) url.pathname = routePath;
    const headers = fromNodeHeaders(request.headers);
    headers.set(CLIENT_IP_HEADER, request.ip);
    headers.delete('content-length');
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body != null;
    const response = await identity.auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
      }),
    );
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding')
        reply.header(name, value);
    });
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
    // Better Auth's limiter says when to retry in X-Retry-After; clients read the standard header.
    const retryAfter = response.headers.get('x-retry-after');
    if (response.status === 429 && retryAfter) reply.header('retry-after', retryAfter);
    if (response.status >= 400) throw authError(response.status, body);
    return reply.send(body && body.length > 0 ? body : null);
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      // The path exactly as sent: a dot segment, percent-encoding or an extra slash never matches an endpoint.
      const path = (request.raw.url ?? '').split('?')[0]!;
      const endpoint = path.startsWith(`${AUTH_BASE_PATH}/`) ? path.slice(AUTH_BASE_PATH.length) : '';
      if (!AUTH_ENDPOINTS.has(`${request.method} ${endpoint}`)) throw new NotFoundError();
      return forwardToAuth(request, reply);
    },
  });

  app.post(
    '/auth/sign-up/email',
    {
      schema: {
        tags: ['identity'],
        summary: 'Sign up with name, email and password',
        description:
          'Creates the account and signs it in (session cookie). 422 when the email is taken; 429 after too many attempts per IP or email.',
        body: signUpSchema,
      },
      preHandler: createSignInRateLimit(app, 'sign-up'),
    },
    forwardToAuth,
  );

  app.post(
    '/auth/sign-in/email',
    {
      schema: {
        tags: ['identity'],
        summary: 'Sign in with email and password',
        description:
          'Signs in (session cookie). 401 for a wrong email or password; 429 after too many attempts per IP or email within a minute.',
        body: loginSchema,
      },
      preHandler: createSignInRateLimit(app, 'sign-in'),
    },
    forwardToAuth,
  );

  app.put(
    '/user/:email',
    {
      schema: {
        tags: ['identity'],
        summary: 'Get an access token',
        description:
          'Exchanges the signed-in session (cookie) for a short-lived bearer token, only for the session user’s own email.',
        params: emailParamsSchema,
        body: z.object({ email: z.string().optional() }).nullish(),
        response: { 200: accessTokenResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({
      token: await exchangeSessionForToken(identity, request.headers, request.params.email),
    }),
  );

  app.get(
    '/auth-providers',
    {
      schema: {
        tags: ['identity'],
        summary: 'Sign-in providers',
        description: 'Which sign-in methods besides email and password are configured.',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({ google: identity.googleEnabled }),
  );
};

/** The API's `code` for a Better Auth error status that came without one. */
const CODE_OF_STATUS: Record<number, string> = {
  400: apiErrorCodes.validationFailed,
  401: apiErrorCodes.unauthorized,
  403: apiErrorCodes.forbidden,
  404: apiErrorCodes.notFound,
  409: apiErrorCodes.conflict,
  413: apiErrorCodes.payloadTooLarge,
  429: apiErrorCodes.rateLimited,
};

/**
 * Better Auth's error answer as the API's error (docs/design.md "API": `{ message, code }`): its own message and
 * code when it gave them, otherwise the status's; a 5xx becomes a plain Error, so the error handler logs it
 * and answers the generic 500.
 */
function authError(status: number, body: Buffer | null): Error {
  let parsed: { message?: unknown; code?: unknown } = {};
  try {
    parsed = body && body.length > 0 ? (JSON.parse(body.toString('utf8')) as typeof parsed) : {};
  } catch {
    // Not JSON: keep the defaults.
  }
  if (status >= 500) return new Error(`Better Auth answered ${status}: ${body?.toString('utf8') ?? ''}`);
  const message =
    typeof parsed.message === 'string' && parsed.message
      ? parsed.message
      : status === 404
        ? messages.errors.notFound
        : messages.errors.invalidRequest;
  const code =
    typeof parsed.code === 'string' && parsed.code ? parsed.code : (CODE_OF_STATUS[status] ?? 'AUTH_ERROR');
  return new HttpError(status, message, code);
}
