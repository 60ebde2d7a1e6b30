/**
 * Classifies database errors for the API's error handler (docs/design.md "API": 503 when the database is
 * unavailable). Drizzle wraps driver errors in DrizzleQueryError, so the whole `cause` chain is inspected.
 */

/** SQLSTATE classes/codes meaning "cannot reach or use the server right now", not "bad query". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '53000']);
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES = [
  'PGlite is closed',
  'Cannot use a pool after calling end on the pool',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Database ping timed out',
];

/** True when `error` (or any error in its cause chain) says the database is unreachable or shut down. */
export function isDatabaseUnavailableError(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth += 1
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_NODE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))
        return true;
    }
    if (UNAVAILABLE_MESSAGES.some((message) => current instanceof Error && current.message.includes(message)))
      return true;
  }
  return false;
}

/** SQLSTATE of a database error anywhere in the cause chain (e.g. '23505' unique, '23514' check), or undefined. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth += 1
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * SQLSTATEs of a transaction that lost to another and may simply be retried shortly (it has rolled back): 57014
 * query_canceled (statement_timeout), 55P03 lock_not_available (lock_timeout), 40P01 deadlock_detected and 40001
 * serialization_failure.
 */
const BUSY_SQLSTATES = new Set(['57014', '55P03', '40P01', '40001']);

/** True when `error` (or its cause chain) is a statement stopped by a timeout. */
export function isDatabaseBusyError(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code !== undefined && BUSY_SQLSTATES.has(code);
}

/** The name of the constraint a database error anywhere in the cause chain violated (e.g. a CHECK), or undefined. */
export function violatedConstraint(error: unknown): string | undefined {
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth += 1
  ) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string' && constraint) return constraint;
  }
  return undefined;
}
