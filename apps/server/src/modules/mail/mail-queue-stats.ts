/**
 * The outbox seen as a job queue, for metrics (docs/operations.md "Metrics and logs"): messages not sent yet and
 * not given up, and the age of the oldest. One statement over the outbox's partial index of such rows
 * (outbound_emails_due_idx), run when metrics are scraped.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { outboundEmails } from '../../db/schema/index.js';
import type { QueueStats } from '../../lib/metrics.js';

/** Unsent messages (due or waiting for a retry) and the oldest one's age in seconds since it was queued. */
export async function outboxQueueStats(db: AppDatabase): Promise<QueueStats> {
  const [row] = await queryRows<{ depth: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as depth,
        extract(epoch from now() - min(created_at))::float8 as oldest
      from ${outboundEmails}
      where sent_at is null and failed_at is null`,
  );
  return { depth: row?.depth ?? 0, oldestAgeSeconds: Math.max(0, row?.oldest ?? 0) };
}
