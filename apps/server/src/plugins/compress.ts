/**
 * Response compression (brotli/gzip/deflate as the client accepts) for bodies of 1 KB or more. The cached
 * catalogue routes opt out (`compress: false`) and send bodies compressed once per cache entry instead
 * (modules/catalog/cached-response.ts).
 */
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Bodies smaller than this are sent uncompressed. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Registers @fastify/compress globally (routes may opt out with `compress: false`). */
export const compressPlugin = fp(
  async (app) => {
    await app.register(compress, {
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip', 'deflate'],
    });
  },
  { name: 'compress' },
);
