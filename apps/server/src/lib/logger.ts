/**
 * Logging: the process's pino logger (JSON lines on stdout; Fastify adds its request serializers to it) and
 * the request log policy.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';

/** Creates the root logger at `level` (LOG_LEVEL). */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({ level });
}

/** Requests slower than this are logged at warn whatever their status. */
export const SLOW_REQUEST_MS = 1000;

/**
 * The request log policy: one line per request (Fastify writes two), carrying method, URL, status and
 * response time, at a level that depends on the outcome: server errors at error, slow requests at warn,
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
    const line = { req: request, res: reply, responseTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.error(line, 'request completed');
    else if (responseTime >= SLOW_REQUEST_MS) reply.log.warn(line, 'slow request completed');
    else if (reply.statusCode >= 400) reply.log.info(line, 'request completed');
    else reply.log.debug(line, 'request completed');
  }
}
