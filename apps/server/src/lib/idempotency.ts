/**
 * Idempotency keys for requests that create things (docs/decisions/012-order-holds-refunds-and-idempotency.md,
 * after Stripe's and the IETF draft "The Idempotency-Key HTTP Header Field"): a client that retries a request
 * with the same `Idempotency-Key` header gets the first request's answer instead of a second effect. Keys are
 * per user and kept for IDEMPOTENCY_KEY_TTL_MS; the same key with a different request is 422.
 *
 * The key row is inserted in the same transaction as the work, so a concurrent retry with the same key waits on
 * the primary key until the first commits, then finds its answer; a request that fails rolls its key back and
 * may be retried.
 */
import { createHash } from 'node:crypto';
import { apiErrorCodes, messages } from '@partsforge/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { AppDatabase } from '../db/connect.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { HttpError } from './http-errors.js';

/** How long a key is remembered: 24 hours. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** A JSON answer to replay: status code and body. */
export interface StoredResponse<Body> {
  status: number;
  body: Body;
}

/** JSON with object keys sorted, so that the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of what identifies a request: its operation (e.g. 'POST /api/order') and its JSON body. */
export function requestFingerprint(operation: string, body: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(canonicalJson(body)).digest('hex');
}

/**
 * Runs `work` once per (`userId`, `key`): in one transaction it claims the key, runs `work` with that
 * transaction, and stores the answer. A later call with the same key and `fingerprint` returns the stored
 * answer (`replayed: true`) without running `work`; with another fingerprint it throws HttpError 422
 * `IDEMPOTENCY_KEY_REUSED`. Errors thrown by `work` roll the key back with the work.
 */
export async function runIdempotently<Body>(
  db: AppDatabase,
  { userId, key, fingerprint }: { userId: string; key: string; fingerprint: string },
  work: (tx: AppDatabase) => Promise<StoredResponse<Body>>,
): Promise<StoredResponse<Body> & { replayed: boolean }> {
  return db.transaction(async (tx) => {
    const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    await tx
      .delete(idempotencyKeys)
      .where(and(mine, lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS))));
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: fingerprint, responseStatus: 0, responseBody: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(mine);
      if (!stored || stored.requestHash !== fingerprint)
        throw new HttpError(422, messages.orders.idempotencyKeyReused, apiErrorCodes.idempotencyKeyReused);
      return { status: stored.responseStatus, body: stored.responseBody as Body, replayed: true };
    }
    const response = await work(tx as unknown as AppDatabase);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: response.status, responseBody: response.body as object })
      .where(mine);
    return { ...response, replayed: false };
  });
}

/** Deletes keys older than IDEMPOTENCY_KEY_TTL_MS; returns how many. */
export async function deleteExpiredIdempotencyKeys(db: AppDatabase, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
