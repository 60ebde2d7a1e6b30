/**
 * @fastify/rate-limit, registered with `global: false`: routes opt in with `config: { rateLimit: { max,
 * timeWindow } }` (the sign-in routes of the identity issue). Limited requests get the API's 429 body through
 * the error handler. Counters are in process memory; with several processes use a shared store (DESIGN.md
 * "Scale-out": Redis via REDIS_URL).
 */
import rateLimit from '@fastify/rate-limit';
import { messages } from '@partsforge/shared';
import fp from 'fastify-plugin';

/** Registers @fastify/rate-limit with no global limit; 429s go through the error handler. */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(messages.errors.rateLimited), { statusCode: context.statusCode }),
    });
  },
  { name: 'rate-limit' },
);
