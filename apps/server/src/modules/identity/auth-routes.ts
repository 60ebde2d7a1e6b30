/**
 * Sign-up, sign-in, Google sign-in and sessions (docs/requirements.md §2, §4 and §7): Better Auth's routes mounted under
 * /api/auth (its Fastify integration: a catch-all that hands a web Request to `auth.handler`, here only for the
 * endpoints in AUTH_ENDPOINTS spelt exactly so; anything else is 404), with the
 * email sign-in and sign-up routes declared on their own so they validate the body with the shared form
 * schemas and carry the brute-force limits. Likewise the password reset and email verification
 * (docs/requirements.md §13, Email): asking for a reset link answers the same whether or not the address has an
 * account. Also the spec's token call and the list of sign-in providers.
 */
import {
  accessTokenResponseSchema,
  apiErrorCodes,
  apiErrorSchema,
  authProvidersSchema,
  authStatusSchema,
  emailParamsSchema,
  forgotPasswordSchema,
  loginSchema,
  messages,
  resetPasswordSchema,
  signUpSchema,
  verifyEmailQuerySchema,
} from '@partsforge/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, NotFoundError, UnauthorizedError } from '../../lib/http-errors.js';
import { AUTH_BASE_PATH, AUTH_ENDPOINTS, CLIENT_IP_HEADER } from './auth.js';
import { exchangeSessionForToken } from './session-token.js';
import { createSignInRateLimit } from './sign-in-rate-limit.js';

/** What a declared route sends Better Auth instead of the request's own: its checked query. */
interface AuthCallOverride {
  /** The query string to send (e.g. `?token=…`); the request's own when absent. */
  search?: string;
}

/** Registers /auth/* (Better Auth), PUT /user/:email and GET /auth-providers (mounted under /api). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity } = app;

  /**
   * Hands the request to Better Auth as a web Request, copies its status and headers (cookies included) to the
   * reply and returns its body; throws its error answer as the API's error (authError).
   */
  async function callAuth(
    request: FastifyRequest,
    reply: FastifyReply,
    override: AuthCallOverride = {},
  ): Promise<Buffer | null> {
    // Fastify's protocol and host already honour TRUST_PROXY; Better Auth derives its base URL from this one.
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    // A declared route may have been reached through a percent-encoded spelling: Better Auth gets its own path.
    const routePath = request.routeOptions.url;
    if (routePath && !routePath.includes('*')) url.pathname = routePath;
    if (override.search !== undefined) url.search = override.search;
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
    return body;
  }

  /** Hands the request to Better Auth and answers with its Response (cookies included). */
  async function forwardToAuth(request: FastifyRequest, reply: FastifyReply) {
    const body = await callAuth(request, reply);
    return reply.send(body && body.length > 0 ? body : null);
  }

  /** A handler that hands the request to Better Auth and, once it succeeds, answers `{ status: true, message }`. */
  function forwardThenAnswer(message: string) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      await callAuth(request, reply);
      return { status: true, message };
    };
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

  app.post(
    '/auth/request-password-reset',
    {
      schema: {
        tags: ['identity'],
        summary: 'Ask for a password-reset link',
        description:
          'Mails a link to `<origin>/reset-password?token=…` (valid one hour, works once) when the address belongs to an account with a password; an unknown address or an account that signs in only with Google gets no mail. The answer is the same in every case. 429 after 3 requests per email or 30 per IP in 15 minutes.',
        body: forgotPasswordSchema,
        response: { 200: authStatusSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
      preHandler: createSignInRateLimit(app, 'password-reset'),
    },
    forwardThenAnswer(messages.passwordReset.requested),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['identity'],
        summary: 'Set a new password with a reset link',
        description:
          "Sets the account's new password (8 to 128 characters) and signs out every session of the account, which ends its access tokens too. 400 `INVALID_TOKEN` for a link that is unknown, expired or already used; 429 after 30 attempts per IP in a minute.",
        body: resetPasswordSchema,
        response: { 200: authStatusSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
      preHandler: createSignInRateLimit(app, 'reset-password'),
    },
    async (request, reply) => {
      try {
        await callAuth(request, reply);
      } catch (error) {
        // Unknown, expired and used tokens alike (and a token whose user was removed since).
        if (error instanceof HttpError && (error.code === 'INVALID_TOKEN' || error.code === 'USER_NOT_FOUND'))
          throw new HttpError(400, messages.passwordReset.linkInvalid, apiErrorCodes.invalidToken);
        throw error;
      }
      return { status: true };
    },
  );

  app.get(
    '/auth/verify-email',
    {
      schema: {
        tags: ['identity'],
        summary: 'Verify an email address with its link',
        description:
          'Marks the address of the "Verify your email" link verified (a link used again answers the same); an address listed in ADMIN_EMAILS becomes admin now. 400 `TOKEN_EXPIRED` for a link past its 24 hours, `INVALID_TOKEN` for any other bad link; 429 after 30 attempts per IP in a minute.',
        querystring: verifyEmailQuerySchema,
        response: { 200: authStatusSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
      preHandler: createSignInRateLimit(app, 'verify-email'),
    },
    async (request, reply) => {
      try {
        // Only the token: no callbackURL, so Better Auth answers JSON instead of redirecting anywhere.
        await callAuth(request, reply, { search: `?${new URLSearchParams({ token: request.query.token })}` });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401)
          throw error.code === apiErrorCodes.tokenExpired
            ? new HttpError(400, messages.emailVerification.linkExpired, apiErrorCodes.tokenExpired)
            : new HttpError(400, messages.emailVerification.linkInvalid, apiErrorCodes.invalidToken);
        throw error;
      }
      return { status: true };
    },
  );

  app.post(
    '/auth/send-verification-email',
    {
      schema: {
        tags: ['identity'],
        summary: 'Send a new verification link',
        description:
          'Mails a new "Verify your email" link to the signed-in user\'s own address (session cookie). 401 without a session; 400 `EMAIL_ALREADY_VERIFIED`; 429 after 3 requests per email or 30 per IP in 15 minutes.',
        body: z.object({}).nullish(),
        response: { 200: authStatusSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
      preHandler: [
        async (request) => {
          // The session's own address, never one from the client: no mails to other people's addresses.
          const session = await identity.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
          if (!session) throw new UnauthorizedError();
          if (session.user.emailVerified)
            throw new HttpError(
              400,
              messages.emailVerification.alreadyVerified,
              apiErrorCodes.emailAlreadyVerified,
            );
          // Better Auth's endpoint and the per-email limit read the address from the body.
          (request as { body: unknown }).body = { email: session.user.email };
        },
        createSignInRateLimit(app, 'verification-email'),
      ],
    },
    forwardThenAnswer(messages.emailVerification.newLinkSent),
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
