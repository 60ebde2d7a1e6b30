/**
 * Errors that services and routes throw to answer with a given status; the one error handler
 * (plugins/error-handler.ts) turns them into `{ message, code }` (docs/design.md "API").
 */
import { apiErrorCodes, messages, type ApiErrorCode } from '@partsforge/shared';

/** An error whose message is safe to show to the client as is. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code?: ApiErrorCode | string,
    /** Per-field messages sent as `errors` (e.g. `{ sku: '...' }`), so a form can mark the field. */
    public readonly errors?: Record<string, string>,
    /** More fields of the error body, declared by the route's response schema (e.g. checkout's `lines`). */
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 404: the record or route does not exist (also for ids that are not well-formed). */
export class NotFoundError extends HttpError {
  constructor(message: string = messages.errors.notFound) {
    super(404, message, apiErrorCodes.notFound);
    this.name = 'NotFoundError';
  }
}

/** 401: no access token, or one that is forged, malformed or expired, or whose user no longer exists. */
export class UnauthorizedError extends HttpError {
  constructor(message: string = messages.errors.signInRequired) {
    super(401, message, apiErrorCodes.unauthorized);
    this.name = 'UnauthorizedError';
  }
}

/** 403: signed in, but the role or ownership does not allow this call. */
export class ForbiddenError extends HttpError {
  constructor(message: string = messages.errors.forbidden) {
    super(403, message, apiErrorCodes.forbidden);
    this.name = 'ForbiddenError';
  }
}

/**
 * 409: the call conflicts with the current state (e.g. removing the last admin). `code` defaults to
 * CONFLICT; a more precise one (SKU_TAKEN) and per-field `errors` let a form point at the field.
 */
export class ConflictError extends HttpError {
  constructor(message: string, code: ApiErrorCode = apiErrorCodes.conflict, errors?: Record<string, string>) {
    super(409, message, code, errors);
    this.name = 'ConflictError';
  }
}
