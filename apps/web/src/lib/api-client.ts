import { messages } from '@partsforge/shared/messages';
import {
  accessTokenClaims,
  clearAccessToken,
  isAccessTokenFresh,
  readAccessToken,
  storeAccessToken,
} from './auth/access-token';

/**
 * The shared contract's TOTAL_COUNT_HEADER ('X-Total-Count'), repeated here because importing it would pull the
 * module of the catalogue's zod schemas (and zod) into the home page bundle; a test keeps the two equal.
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Base path of the API: same origin as the page (docs/design.md "API": the spec's {host} is `<origin>/api`). */
export const API_BASE_PATH = '/api';

/**
 * A failed API call: `status` is the HTTP status (0 when the server could not be reached), `message` the
 * server's `{ message }` (or a readable fallback), `code` and `errors` (field messages of a 400) when sent,
 * and `body`, the parsed error body, for answers that carry more (checkout's per-line reasons).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: Record<string, string> | undefined;
  /** The whole error body as sent (e.g. the per-line reasons of a checkout's 409), or undefined. */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    options: { code?: string; errors?: Record<string, string>; body?: unknown; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = status;
    this.code = options.code;
    this.errors = options.errors;
    this.body = options.body;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  /** Sent as JSON; a Blob (a File) is sent as its raw bytes, FormData as multipart/form-data. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A call the spec marks 'token': sends `Authorization: Bearer <accessToken>`. On a 401 the token is renewed
   * once with the session (`PUT /user/{email}`) and the call repeated; when that fails too, the session has
   * ended: the token is cleared, onSessionEnded listeners sign the user out, and the 401 is thrown.
   * `'optional'` (a public call the server answers per buyer, e.g. the catalogue's net prices: docs/requirements.md
   * §15): the stored token is sent when there is one, renewed ahead of its expiry; without one (or once the session
   * has ended) the call goes out plain.
   */
  auth?: boolean | 'optional';
}

/** A list response together with its total row count from the `X-Total-Count` header (null when absent). */
export interface ListResult<T> {
  data: T;
  total: number | null;
  /** The response's headers (other list facts, e.g. `X-Search-Vehicle` of GET /parts). */
  headers?: Headers;
}

/** Builds `/api/<path>?<params>`; null and undefined parameters are left out. */
export function buildApiUrl(path: string, params?: QueryParams): string {
  const url = `${API_BASE_PATH}/${path.replace(/^\/+/, '')}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Turns a non-2xx response into an ApiError, reading the `{ message, code?, errors? }` body when there is one. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const message =
    isRecord(body) && typeof body.message === 'string' && body.message.trim() !== ''
      ? body.message
      : messages.errors.requestFailed(response.status);
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  const errors = isRecord(body) ? readFieldErrors(body.errors) : undefined;
  return new ApiError(response.status, message, {
    ...(code === undefined ? {} : { code }),
    ...(errors === undefined ? {} : { errors }),
    body,
  });
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (options.body instanceof FormData) {
    // A form with files (the catalogue import): the browser writes the multipart Content-Type and its boundary.
    init.body = options.body;
  } else if (options.body instanceof Blob) {
    // A file (image upload): its bytes as the body; the server reads the type from the bytes.
    headers['Content-Type'] = 'application/octet-stream';
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, options.params), init);
  } catch (error) {
    // A cancelled query must stay an AbortError so TanStack Query recognises the cancellation.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, messages.errors.network, { cause: error });
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

const sessionEndedListeners = new Set<() => void>();

/** Calls `listener` whenever an authorised call finds the session over; returns the unsubscribe function. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

function endSession(): void {
  clearAccessToken();
  for (const listener of sessionEndedListeners) listener();
}

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

let pendingToken: Promise<string> | undefined;

/**
 * `PUT /user/{email}` (docs/requirements.md §7): exchanges the session cookie for a fresh access token, stores it under
 * `accessToken` and returns it. Concurrent callers share one request. Throws ApiError (401 without a session).
 */
export function requestAccessToken(email: string): Promise<string> {
  pendingToken ??= send(`user/${encodeURIComponent(email)}`, { method: 'PUT', body: { email } })
    .then((response) => readJson<{ token: string }>(response))
    .then(({ token }) => {
      storeAccessToken(token);
      return token;
    })
    .finally(() => {
      pendingToken = undefined;
    });
  return pendingToken;
}

function withToken(options: RequestOptions, token: string): RequestOptions {
  return { ...options, headers: { ...options.headers, Authorization: `Bearer ${token}` } };
}

/** send() with the access token, renewing it once on a 401 (see RequestOptions.auth). */
async function sendAuthorized(path: string, options: RequestOptions): Promise<Response> {
  const stored = readAccessToken();
  if (stored) {
    try {
      return await send(path, withToken(options, stored));
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
    }
  }
  const email = stored ? accessTokenClaims(stored)?.email : undefined;
  let token: string;
  try {
    if (!email) throw new ApiError(401, messages.errors.signInRequired);
    token = await requestAccessToken(email);
  } catch (error) {
    if (isUnauthorized(error)) endSession();
    throw error;
  }
  try {
    return await send(path, withToken(options, token));
  } catch (error) {
    if (isUnauthorized(error)) endSession();
    throw error;
  }
}

/**
 * send() with the stored access token when there is one (RequestOptions.auth 'optional'). A public call answers an
 * expired token as a visitor's rather than with a 401 (the catalogue's list prices), so a token about to expire is
 * renewed first; when the session is over, it ends (signing the page out) and the call goes out without a token.
 */
async function sendOptionallyAuthorized(path: string, options: RequestOptions): Promise<Response> {
  const stored = readAccessToken();
  if (!stored) return send(path, options);
  const email = accessTokenClaims(stored)?.email;
  if (email && isAccessTokenFresh(stored, email)) return sendAuthorized(path, options);
  try {
    if (!email) throw new ApiError(401, messages.errors.signInRequired);
    await requestAccessToken(email);
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    endSession();
    return send(path, options);
  }
  return sendAuthorized(path, options);
}

function dispatch(path: string, options: RequestOptions): Promise<Response> {
  if (options.auth === 'optional') return sendOptionallyAuthorized(path, options);
  return options.auth ? sendAuthorized(path, options) : send(path, options);
}

/** Calls the API and returns its parsed JSON body; throws ApiError on a non-2xx status or a network failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readJson<T>(await dispatch(path, options));
}

/** A file an API call answered: its bytes and the name its `Content-Disposition` suggests (null when none). */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
}

/**
 * Calls the API for a file (e.g. an invoice PDF) and returns its bytes with the suggested file name; throws
 * ApiError like apiRequest (errors still come as JSON). With `auth`, the access token goes in the header, which a
 * plain link could not send.
 */
export async function apiRequestFile(path: string, options: RequestOptions = {}): Promise<ApiFile> {
  const response = await dispatch(path, { ...options, headers: { Accept: '*/*', ...options.headers } });
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

/** Like apiRequest, and also returns the list total from the `X-Total-Count` header. */
export async function apiRequestWithTotal<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ListResult<T>> {
  const response = await dispatch(path, options);
  const header = response.headers.get(TOTAL_COUNT_HEADER);
  const total = header === null || header.trim() === '' ? null : Number(header);
  return {
    data: await readJson<T>(response),
    total: total !== null && Number.isFinite(total) ? total : null,
    headers: response.headers,
  };
}
