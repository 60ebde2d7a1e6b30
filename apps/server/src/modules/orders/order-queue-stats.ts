/**
 * The expiry sweep's backlog, for metrics (docs/operations.md "Metrics and logs"; holds: docs/decisions/012):
 * unpaid orders whose stock hold has run out and that no sweep has expired yet. Each process sweeps every minute,
 * so the queue stays near empty; a growing one means no process sweeps. One statement over the partial index of
 * unpaid orders by the start of their hold (orders_unpaid_hold_from_idx), run when metrics are scraped.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { orders } from '../../db/schema/index.js';
import type { QueueStats } from '../../lib/metrics.js';

/**
 * Unpaid orders past a hold of `holdMinutes`, and how long ago the oldest one's hold ended, in seconds (0 when
 * there is none).
 */
export async function expiredHoldQueueStats(db: AppDatabase, holdMinutes: number): Promise<QueueStats> {
  const holdFrom = sql`coalesce(${orders.approvedAt}, ${orders.createdAt})`;
  const [row] = await queryRows<{ depth: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as depth,
        extract(epoch from now() - min(${holdFrom}))::float8 - ${holdMinutes * 60} as oldest
      from ${orders}
      where ${orders.status} = 'unpaid' and ${holdFrom} < now() - make_interval(mins => ${holdMinutes})`,
  );
  return { depth: row?.depth ?? 0, oldestAgeSeconds: Math.max(0, row?.oldest ?? 0) };
}
