/**
 * The demo shop's price levels (docs/requirements.md §15 "Trade terms"; `npm run seed` and the demo start): the
 * migration writes `list`, `jobber` (15 %) and `dealer` (25 %); the demo gives some categories their own discounts
 * (DEMO_CATEGORY_DISCOUNTS), written through the repository as an admin's PUT would. Idempotent and cheap: a level
 * is changed only while it is as the migration left it (version 1, no category discounts) and the categories exist,
 * so a second run, or a level an admin has edited, is left alone.
 */
import { inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { categories } from '../../db/schema/index.js';
import * as repository from './trade-terms-repository.js';

/** Per level code: the categories (by slug) with their own discount, in basis points (1% = 100). */
export const DEMO_CATEGORY_DISCOUNTS: Record<string, Record<string, number>> = {
  // Batteries and electrical parts carry thin margins; brakes are where a jobber earns its keep.
  jobber: { 'ignition-electrical': 500, brakes: 2000 },
  dealer: { filters: 3000, 'ignition-electrical': 1000 },
};

/**
 * Gives the demo levels their category discounts (see the module comment). Answers the codes of the levels it
 * changed (none on a second run). Database errors propagate (nothing changed: one transaction).
 */
export async function seedTradeTerms(db: AppDatabase): Promise<string[]> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDatabase;
    await repository.lockLevels(tx);
    const slugs = [
      ...new Set(Object.values(DEMO_CATEGORY_DISCOUNTS).flatMap((byCategory) => Object.keys(byCategory))),
    ];
    const rows = await tx
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(inArray(categories.slug, slugs));
    const idOf = new Map(rows.map((row) => [row.slug, row.id]));
    const changed: repository.LevelValues[] = [];
    for (const level of await repository.listLevels(tx)) {
      const discounts = DEMO_CATEGORY_DISCOUNTS[level.code];
      if (!discounts || level.version !== 1 || level.categoryDiscounts.length > 0) continue;
      const categoryDiscounts = Object.entries(discounts)
        .filter(([slug]) => idOf.has(slug))
        .map(([slug, basisPoints]) => ({ categoryId: idOf.get(slug)!, basisPoints }));
      if (categoryDiscounts.length === 0) continue;
      changed.push({ ...level, categoryDiscounts, version: level.version + 1 });
    }
    await repository.upsertLevels(tx, changed);
    return changed.map((level) => level.code);
  });
}
