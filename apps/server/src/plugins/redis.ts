/**
 * The optional Redis connection (REDIS_URL) for state several server processes must share (docs/design.md
 * "Scale-out": sign-in rate limits). Decorates `app.redis` (undefined without REDIS_URL) and closes the
 * connection when the app closes.
 */
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared Redis connection, or undefined when REDIS_URL is unset. */
    redis: Redis | undefined;
  }
}

export interface RedisPluginOptions {
  url: string | undefined;
}

/** Connects to `url` when given; commands fail after one retry instead of queueing for a long outage. */
export const redisPlugin = fp<RedisPluginOptions>(
  async (app, { url }) => {
    if (!url) {
      app.decorate('redis', undefined);
      return;
    }
    const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5000 });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis connection error'));
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
