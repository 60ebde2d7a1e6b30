/**
 * Sends a cached catalogue response (catalog-cache.ts): the JSON text serialised once per cache fill, as
 * bytes or, for clients that accept it, brotli or gzip, each encoded once per cache entry. Fastify skips
 * its serializer for string/Buffer payloads with a content type, and the routes opt out of @fastify/compress
 * (`compress: false`), so a cache hit costs no serialisation and no compression.
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { TOTAL_COUNT_HEADER } from '@partsforge/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES } from '../../plugins/compress.js';
import type { CachedBody } from './catalog-cache.js';

type Encoding = 'br' | 'gzip';
/** What the shop compresses with, in order of preference on equal q. */
const SUPPORTED_ENCODINGS: Encoding[] = ['br', 'gzip'];
/** 'identity' is the UTF-8 bytes of the JSON text: sending a Buffer spares encoding the string per request. */
type BodyEncoding = Encoding | 'identity';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const encoders: Record<BodyEncoding, (body: string) => Buffer> = {
  identity: (body) => Buffer.from(body),
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (body) => gzipSync(body),
};
/** Compressed bodies per cache entry; entries are immutable, so the encodings never go stale. */
const encodedBodies = new WeakMap<CachedBody, Partial<Record<BodyEncoding, Buffer>>>();

/**
 * The encoding to use for an Accept-Encoding header (RFC 9110 §12.5.3, through @fastify/accept-negotiator): the
 * acceptable one of br and gzip with the highest q (br on ties, `*` counting for both), or null for none.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  return negotiate(acceptEncoding.toLowerCase(), SUPPORTED_ENCODINGS) as Encoding | null;
}

function encodedBody(entry: CachedBody, encoding: BodyEncoding): Buffer {
  let encodings = encodedBodies.get(entry);
  if (!encodings) encodedBodies.set(entry, (encodings = {}));
  return (encodings[encoding] ??= encoders[encoding](entry.body));
}

/**
 * Sends `entry` with status 200 (its total in X-Total-Count when it has one), compressed when worthwhile (a body
 * built for one request, such as a member's prices, is compressed for that request alone).
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
): FastifyReply {
  reply.code(200).type(JSON_CONTENT_TYPE);
  if (entry.total !== undefined) reply.header(TOTAL_COUNT_HEADER, entry.total);
  if (entry.body.length < COMPRESS_THRESHOLD_BYTES) return reply.send(encodedBody(entry, 'identity'));
  // After any Vary the route set (Authorization, for buyers' prices).
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(encodedBody(entry, 'identity'));
  return reply.header('content-encoding', encoding).send(encodedBody(entry, encoding));
}
