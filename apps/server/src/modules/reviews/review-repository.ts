/** Review reads and writes (docs/requirements.md §7: GET review, POST review). Rows map to the shared `Review` DTO. */
import type { PageQuery, Review, ReviewInput } from '@partsforge/shared';
import { count, desc } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { reviews } from '../../db/schema/index.js';
import type { Page } from '../../lib/page.js';

/** Review queries on one database. */
export interface ReviewRepository {
  /** Reviews newest first (ties broken by insertion order, latest first). */
  listReviews(page: PageQuery): Promise<Page<Review>>;
  /** Stores a validated review by `userId` (stars 1..5, plain text); returns its id. */
  createReview(userId: string, input: ReviewInput): Promise<string>;
}

/** Builds the review repository on `db`. Database errors propagate. */
export function createReviewRepository(db: AppDatabase): ReviewRepository {
  return {
    async listReviews({ limit, offset }) {
      const [rows, totals] = await Promise.all([
        db
          .select({
            _id: reviews.id,
            name: reviews.name,
            img: reviews.img,
            description: reviews.description,
            rating: reviews.rating,
          })
          .from(reviews)
          .orderBy(desc(reviews.createdAt), desc(reviews.seq))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(reviews),
      ]);
      return { items: rows, total: totals[0]?.value ?? 0 };
    },
    async createReview(userId, { name, description, rating, img }) {
      const [row] = await db
        .insert(reviews)
        .values({ userId, name, description, rating, img })
        .returning({ id: reviews.id });
      return row!.id;
    },
  };
}
