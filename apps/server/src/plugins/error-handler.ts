/**
 * The API's one error handler and its JSON 404 (docs/design.md "API"). Every failure answers
 * `{ message, code?, errors? }` (shared apiErrorSchema): 400 with per-field messages for invalid input,
 * 404, 413, 429, 503 `DATABASE_UNAVAILABLE` when the database cannot be reached or no pooled connection is
 * free in time, 503 `SERVICE_BUSY` when a statement ran past its timeout, and a generic 500 whose
 * details only go to the log, with the request's context.
 */
import { apiErrorCodes, messages, type ApiError } from '@partsforge/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseBusyError, isDatabaseUnavailableError } from '../db/errors.js';
import { HttpError } from '../lib/http-errors.js';
import { loggableUrl } from '../lib/logger.js';

/** Seconds a client should wait before retrying after a 503. */
const RETRY_AFTER_SECONDS = 5;

interface FieldIssue {
  instancePath?: string;
  message?: string;
}

/** Field key of a validation issue: 'limit', 'address.city', or the request part when the whole part is invalid. */
function fieldKey(issue: FieldIssue, context: string | undefined): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'request';
}

/** Builds the 400 body: one message per field, and a readable summary naming each field. */
export function validationErrorBody(issues: FieldIssue[], context: string | undefined): ApiError {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = fieldKey(issue, context);
    errors[key] ??= issue.message ?? messages.errors.invalidRequest;
  }
  const summary = Object.entries(errors)
    .map(([key, message]) =>
      message.toLowerCase().startsWith(key.toLowerCase()) ? message : `${key}: ${message}`,
    )
    .join('; ');
  return {
    message: `${messages.errors.invalidRequest}: ${summary}`,
    code: apiErrorCodes.validationFailed,
    errors,
  };
}

function send(reply: FastifyReply, statusCode: number, body: ApiError): FastifyReply {
  return reply.code(statusCode).send(body);
}

/** Maps any thrown error to the API's error response (exported for tests of the mapping itself). */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return send(reply, 400, validationErrorBody(error.validation, error.validationContext));
  }
  if (Array.isArray(error.validation) && error.validation.length > 0) {
    return send(reply, 400, validationErrorBody(error.validation, error.validationContext));
  }
  if (error instanceof HttpError) {
    return send(reply, error.statusCode, {
      message: error.message,
      ...(error.code ? { code: error.code } : {}),
      ...(error.errors ? { errors: error.errors } : {}),
      ...error.details,
    });
  }
  if (isDatabaseBusyError(error)) {
    request.log.warn(
      { err: error, url: loggableUrl(request.url), method: request.method },
      'database statement timed out or lost a lock conflict',
    );
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return send(reply, 503, { message: messages.errors.busy, code: apiErrorCodes.busy });
  }
  if (isDatabaseUnavailableError(error)) {
    request.log.warn(
      { err: error, url: loggableUrl(request.url), method: request.method },
      'database unavailable',
    );
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return send(reply, 503, {
      message: messages.errors.databaseUnavailable,
      code: apiErrorCodes.databaseUnavailable,
    });
  }

  const statusCode =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
      ? error.statusCode
      : 500;
  if (statusCode === 413)
    return send(reply, 413, {
      message: messages.errors.payloadTooLarge,
      code: apiErrorCodes.payloadTooLarge,
    });
  if (statusCode === 429)
    return send(reply, 429, { message: messages.errors.rateLimited, code: apiErrorCodes.rateLimited });
  if (statusCode < 500) {
    // Fastify's own 4xx messages (malformed JSON, unsupported media type, ...) describe the request, not the server.
    return send(
      reply,
      statusCode,
      error.code ? { message: error.message, code: error.code } : { message: error.message },
    );
  }

  request.log.error(
    { err: error, url: loggableUrl(request.url), method: request.method, params: request.params },
    'request failed',
  );
  return send(reply, 500, { message: messages.errors.internal, code: apiErrorCodes.internal });
}

/** Registers the error handler and the JSON 404 for unknown routes on the root instance. */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler(handleError);
    app.setNotFoundHandler((request, reply) =>
      send(reply, 404, { message: messages.errors.notFound, code: apiErrorCodes.notFound }),
    );
  },
  { name: 'error-handler' },
);
