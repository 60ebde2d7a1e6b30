/**
 * Request ids (docs/operations.md "Metrics and logs"): each request's id is its X-Request-Id header when that is sane
 * (1..128 letters, digits and `._:+/=-`, as proxies and tracers make them), otherwise a new UUID; every log line of
 * the request carries it as `reqId`, and every response returns it in X-Request-Id.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

/** The request id header, read and returned. */
export const REQUEST_ID_HEADER = 'x-request-id';

const SANE_REQUEST_ID = /^[\w.:+/=-]{1,128}$/;

/** Fastify's genReqId: the request's sane X-Request-Id, or a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Returns each request's id in the X-Request-Id response header, errors and 404s included. */
export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'request-id' },
);
