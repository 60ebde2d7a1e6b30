/**
 * Logging (docs/operations.md "Metrics and logs", docs/decisions/006 and 026): the process's pino logger (JSON lines
 * on stdout; Fastify adds its request serializers to it), what it never writes, and the request log policy.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config.js';

/** What a redacted value is written as. */
export const REDACTED = '[Redacted]';

/**
 * Fields pino replaces by REDACTED wherever a log line carries them (docs/operations.md "Metrics and logs"): request
 * and response headers that hold credentials, and the names passwords, tokens, secrets and card data go by, at the
 * top of a logged object or one level down.
 */
export const REDACTED_PATHS = [
  ...['authorization', 'cookie', '"set-cookie"', '"x-api-key"'].flatMap((header) => [
    `req.headers.${header}`,
    `res.headers.${header}`,
    `headers.${header}`,
  ]),
  ...[
    'password',
    'newPassword',
    'currentPassword',
    'token',
    'accessToken',
    'refreshToken',
    'idToken',
    'secret',
    'clientSecret',
    'cardNumber',
    'cvc',
    'cookie',
    'authorization',
  ].flatMap((field) => [field, `*.${field}`]),
];

/**
 * Creates the root logger at `level` (LOG_LEVEL), writing to `destination` (default stdout), with REDACTED_PATHS
 * redacted.
 */
export function createLogger(level: Config['logLevel'], destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: REDACTED } };
  return destination ? pino(options, destination) : pino(options);
}

/** Query parameters whose values are credentials (reset and verification tokens, OAuth codes and states). */
const SECRET_PARAMETER = /token|secret|password|code|state|key|signature|session/i;
/** Path segments that carry a token right after them (Better Auth's reset and verification links). */
const TOKEN_IN_PATH = /\/(reset-password|verify-email|token)\/[^/?#]+/gi;
/** Whether a URL may hold anything loggableUrl replaces (a cheap test first: most URLs hold nothing). */
const MAY_HOLD_SECRETS =
  /token|secret|password|code|state|key|signature|session|reset-password|verify-email/i;

/**
 * `url` as logs show it: credential-looking query values and tokens in reset and verification paths replaced by
 * REDACTED (docs/operations.md "Metrics and logs"). A URL without a query and without such a path is returned as is.
 */
export function loggableUrl(url: string): string {
  if (!MAY_HOLD_SECRETS.test(url)) return url;
  const query = url.indexOf('?');
  const path = (query < 0 ? url : url.slice(0, query)).replace(TOKEN_IN_PATH, `/$1/${REDACTED}`);
  if (query < 0) return path;
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SECRET_PARAMETER.test(name) ? `${name}=${REDACTED}` : pair;
    });
  return `${path}?${parameters.join('&')}`;
}

/** Requests slower than this are logged at warn whatever their status. */
export const SLOW_REQUEST_MS = 1000;

/**
 * The request log policy: one line per request (Fastify writes two), carrying the request id (`reqId`), method,
 * URL (loggableUrl), route pattern, status, response time in ms and the signed-in user's id, at a level that depends on the outcome: server errors at error, slow requests at warn,
 * client errors at info, successes at debug. So LOG_LEVEL=info keeps the log about problems and the hot
 * catalogue reads pay no log I/O (a JSON line per request cost ~25% of their throughput), and
 * LOG_LEVEL=debug gives a full access log.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = reply.elapsedTime;
    const level =
      error || reply.statusCode >= 500
        ? 'error'
        : responseTime >= SLOW_REQUEST_MS
          ? 'warn'
          : reply.statusCode >= 400
            ? 'info'
            : 'debug';
    // A success at LOG_LEVEL=info costs no line object (the hot path: decision 006).
    const { isLevelEnabled } = reply.log as Partial<Pick<Logger, 'isLevelEnabled'>>;
    if (isLevelEnabled && !isLevelEnabled.call(reply.log, level)) return;
    const { method, url, host, ip, socket } = request;
    const line = {
      req: { method, url: loggableUrl(url), host, ip, socket },
      res: reply,
      route: request.routeOptions.url,
      responseTime,
      userId: (request as { user?: { id?: string } | null }).user?.id,
      ...(error ? { err: error } : {}),
    };
    const message = error
      ? 'request errored'
      : level === 'warn'
        ? 'slow request completed'
        : 'request completed';
    reply.log[level](line, message);
  }
}
