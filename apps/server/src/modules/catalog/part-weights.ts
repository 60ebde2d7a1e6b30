/**
 * What other modules read of parts' weights (docs/requirements.md §16): the shipping quote weighs the cart with
 * them. Weights are whole grams.
 */
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { parts } from '../../db/schema/index.js';

/** The weight of one unit of each of `partIds` that exists, in grams, by `_id` (one indexed read). */
export async function findPartWeights(
  db: AppDatabase,
  partIds: readonly string[],
): Promise<Map<string, number>> {
  if (partIds.length === 0) return new Map();
  const rows = await db
    .select({ id: parts.id, weightGrams: parts.weightGrams })
    .from(parts)
    .where(sql`${parts.id} = any(${sql.param([...partIds])}::uuid[])`);
  return new Map(rows.map((row) => [row.id, row.weightGrams]));
}
