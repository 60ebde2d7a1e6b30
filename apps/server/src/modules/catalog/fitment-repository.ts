/**
 * A part's application rows (docs/requirements.md §12; docs/decisions/020-fitment-model.md): the paged list of
 * `GET /parts/{id}/fitment` and the whole replacement of `PUT /parts/{id}/fitment`. SQL only; names of makes and
 * models and the checks against the vehicle list are fitment-service.ts's.
 */
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { partFitments, parts, type PartFitmentRow } from '../../db/schema/index.js';
import type { Page } from '../../lib/page.js';

/** One application row to write (slugs lower case; null for what the row does not say). */
export type NewFitmentRow = Omit<PartFitmentRow, 'id' | 'partId'>;

/** Application rows on one database. */
export interface FitmentRepository {
  /**
   * One page of the part's rows, by make, model, first year and id, optionally only of `make` (and `model`); null
   * when there is no such part.
   */
  list(
    partId: string,
    filter: { make?: string | undefined; model?: string | undefined; limit: number; offset: number },
  ): Promise<Page<PartFitmentRow> | null>;
  /**
   * Replaces the part's universal flag and every row, in one transaction holding the part's row lock; false
   * when there is no such part (nothing written).
   */
  replace(partId: string, universal: boolean, rows: NewFitmentRow[]): Promise<boolean>;
}

/** Rows inserted per statement. */
const INSERT_CHUNK = 500;

/** Builds the repository on `db`. Database errors propagate. */
export function createFitmentRepository(db: AppDatabase): FitmentRepository {
  return {
    async list(partId, { make, model, limit, offset }) {
      const [part] = await db.select({ id: parts.id }).from(parts).where(eq(parts.id, partId));
      if (!part) return null;
      const conditions: SQL[] = [eq(partFitments.partId, partId)];
      if (make) conditions.push(eq(partFitments.makeSlug, make));
      if (model) conditions.push(eq(partFitments.modelSlug, model));
      const where = and(...conditions);
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(partFitments)
          .where(where)
          .orderBy(
            asc(partFitments.makeSlug),
            asc(partFitments.modelSlug),
            asc(partFitments.yearFrom),
            asc(partFitments.id),
          )
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(partFitments).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },
    replace: (partId, universal, rows) =>
      db.transaction(async (tx) => {
        const [part] = await tx
          .update(parts)
          .set({ universal })
          .where(eq(parts.id, partId))
          .returning({ id: parts.id });
        if (!part) return false;
        await tx.delete(partFitments).where(eq(partFitments.partId, partId));
        for (let start = 0; start < rows.length; start += INSERT_CHUNK)
          await tx
            .insert(partFitments)
            .values(rows.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, partId })));
        return true;
      }),
  };
}
