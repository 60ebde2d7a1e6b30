/**
 * Review reads and writes (docs/requirements.md §7: GET review, POST review; §12, part pages: the reviews of one
 * part). Rows map to the shared `Review` DTO.
 */
import type { Review, ReviewInput, ReviewListQuery } from '@partsforge/shared';
import { count, desc, eq, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { databaseErrorCode } from '../../db/errors.js';
import { reviews } from '../../db/schema/index.js';
import type { Page } from '../../lib/page.js';

/** SQLSTATE of a foreign key violation, and the constraint of the review's part (migration 0017). */
const FOREIGN_KEY_VIOLATION = '23503';
const PART_FOREIGN_KEY = 'reviews_part_id_parts_id_fk';

/** True when `error` is the part's foreign key refusing a review (its `constraint`, anywhere in the cause chain). */
function isMissingPart(error: unknown): boolean {
  if (databaseErrorCode(error) !== FOREIGN_KEY_VIOLATION) return false;
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth += 1
  )
    if ((current as { constraint?: unknown }).constraint === PART_FOREIGN_KEY) return true;
  return false;
}

/** Thrown by `createReview` when `partId` names no part (unknown, or deleted meanwhile). */
export class UnknownReviewPartError extends Error {
  constructor(readonly partId: string) {
    super(`No part ${partId} to review`);
    this.name = 'UnknownReviewPartError';
  }
}

/** Review queries on one database. */
export interface ReviewRepository {
  /**
   * One page of reviews, newest first (ties broken by insertion order, latest first), and their total: with
   * `part` (a well-formed part id), that part's reviews only (none for an unknown part); without it, the
   * shop-wide reviews (those of no part), as the home page has always listed them.
   */
  listReviews(query: ReviewListQuery): Promise<Page<Review>>;
  /**
   * Stores a validated review by `userId` (stars 1..5, plain text), of the part `partId` when given (a
   * well-formed id, any case); returns its id. Throws UnknownReviewPartError when that part does not exist.
   */
  createReview(userId: string, input: ReviewInput): Promise<string>;
}

/** Builds the review repository on `db`. Database errors propagate. */
export function createReviewRepository(db: AppDatabase): ReviewRepository {
  return {
    async listReviews({ limit, offset, part }) {
      const which = part === undefined ? isNull(reviews.partId) : eq(reviews.partId, part.toLowerCase());
      const [rows, totals] = await Promise.all([
        db
          .select({
            _id: reviews.id,
            name: reviews.name,
            img: reviews.img,
            description: reviews.description,
            rating: reviews.rating,
            partId: reviews.partId,
          })
          .from(reviews)
          .where(which)
          .orderBy(desc(reviews.createdAt), desc(reviews.seq))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(reviews).where(which),
      ]);
      return { items: rows, total: totals[0]?.value ?? 0 };
    },
    async createReview(userId, { name, description, rating, img, partId }) {
      const part = partId ? partId.toLowerCase() : null;
      try {
        const [row] = await db
          .insert(reviews)
          .values({ userId, name, description, rating, img, partId: part })
          .returning({ id: reviews.id });
        return row!.id;
      } catch (error) {
        // The part's foreign key checks the part exists, in the same statement (a delete cannot slip between).
        if (part !== null && isMissingPart(error)) throw new UnknownReviewPartError(part);
        throw error;
      }
    },
  };
}
