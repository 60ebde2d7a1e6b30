/**
 * What every request must be before any route sees it (docs/security.md, ASVS V1 and V2): JSON bodies nested at
 * most MAX_JSON_DEPTH levels (deeper: 400 `JSON_TOO_DEEP`, checked on the raw text before parsing), and no
 * string in the body, query or path parameters holding a NUL character or an unpaired UTF-16 surrogate
 * (400 `INVALID_TEXT` naming the field): PostgreSQL cannot store NUL in text, and broken Unicode would be
 * stored as replacement characters. Applies to every route, Better Auth's `/api/auth/*` included.
 */
import { apiErrorCodes, messages } from '@partsforge/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors.js';

/** Deepest nesting of arrays and objects accepted in a JSON body; the API's own bodies use at most 4. */
export const MAX_JSON_DEPTH = 32;

/**
 * Nesting depth of the JSON text `text` (0 for a scalar), counted without parsing; stops counting once
 * `limit` is exceeded. Brackets inside strings do not count.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth -= 1;
  }
  return false;
}

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` can be stored as PostgreSQL text: no NUL, no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

/**
 * The path (e.g. `body.items.0.sku`) of the first string (value or key) in `value` that is not storable
 * text, or undefined. `value` is parsed JSON or a query/params object, so the walk is bounded by
 * MAX_JSON_DEPTH.
 */
export function findUnstorableText(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnstorableText(value[index], `${path}.${index}`);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return path;
      const found = findUnstorableText(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

function checkRequestText(request: FastifyRequest): void {
  const field =
    findUnstorableText(request.params, 'params') ??
    findUnstorableText(request.query, 'query') ??
    (Buffer.isBuffer(request.body) ? undefined : findUnstorableText(request.body, 'body'));
  if (field) throw new HttpError(400, messages.errors.invalidText(field), apiErrorCodes.invalidText);
}

/** Replaces the JSON body parser with one that refuses deep nesting, and checks every request's text. */
export const requestInputPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
        done(
          new HttpError(400, messages.errors.jsonTooDeep(MAX_JSON_DEPTH), apiErrorCodes.jsonTooDeep),
          undefined,
        );
        return;
      }
      parseJson(request, text, done);
    });
    app.addHook('preValidation', async (request) => checkRequestText(request));
  },
  { name: 'request-input' },
);
