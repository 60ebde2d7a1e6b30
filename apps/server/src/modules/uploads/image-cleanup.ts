/**
 * Removing uploaded images nothing uses any more (docs/decisions/009). An upload is in use while any image
 * column (IMAGE_COLUMNS) contains its stored name, as `/uploads/<name>` or inside a full URL such as
 * `https://shop.example/uploads/<name>` (names are 128 random bits, so a match is never a coincidence).
 * Failures never fail the caller: the write that made the file an orphan has already committed.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { categories, makes, parts, profiles, reviews, users } from '../../db/schema/index.js';
import { STORED_NAME, type ImageStore } from './image-store.js';
import { UPLOADS_PATH } from './upload-routes.js';

/** How old an upload must be before the start-up sweep may remove it unused (a cancelled form's upload): 24 h. */
export const UPLOAD_ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/** Every column that may hold an image URL, with its table. */
const IMAGE_COLUMNS: readonly (readonly [AnyPgTable, AnyPgColumn])[] = [
  [parts, parts.img],
  [reviews, reviews.img],
  [profiles, profiles.img],
  [makes, makes.img],
  [categories, categories.img],
  [users, users.image],
];

/** A stored name anywhere in a text (STORED_NAME without its anchors). */
const NAME_IN_TEXT = /[0-9a-f]{32}\.(?:png|jpg|webp)/g;

/** The stored name when `img` is exactly one of our uploads (`/uploads/<STORED_NAME>`), else null. */
export function uploadedImageName(img: string): string | null {
  const prefix = `${UPLOADS_PATH}/`;
  if (!img.startsWith(prefix)) return null;
  const name = img.slice(prefix.length);
  return STORED_NAME.test(name) ? name : null;
}

/** Releasing uploads once nothing refers to them. */
export interface ImageCleanup {
  /**
   * Call after a committed write stopped using `img`: when it is one of our uploads and no image column
   * refers to it any more, its file is deleted. Anything else (external URLs, /images/...) is left alone.
   * Never rejects: errors are logged at warn.
   */
  release(img: string): Promise<void>;
  /**
   * Deletes uploads older than `olderThanMs` that no image column refers to (uploaded, then the form was
   * cancelled). Resolves to how many were removed; never rejects: errors are logged at warn.
   */
  sweep(olderThanMs: number): Promise<number>;
}

/** Builds the clean-up of `store` against the image columns of `db`. */
export function createImageCleanup(
  db: AppDatabase,
  store: ImageStore,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): ImageCleanup {
  async function isReferenced(name: string): Promise<boolean> {
    const uses = IMAGE_COLUMNS.map(
      ([table, column]) => sql`exists (select 1 from ${table} where strpos(${column}, ${name}) > 0)`,
    );
    const [row] = await queryRows<{ referenced: boolean }>(
      db,
      sql`select ${sql.join(uses, sql` or `)} as referenced`,
    );
    return row!.referenced;
  }

  async function referencedNames(): Promise<Set<string>> {
    const selects: SQL[] = IMAGE_COLUMNS.map(
      ([table, column]) =>
        sql`select ${column} as img from ${table} where ${column} ~ ${NAME_IN_TEXT.source}`,
    );
    const rows = await queryRows<{ img: string }>(db, sql.join(selects, sql` union `));
    return new Set(rows.flatMap(({ img }) => img.match(NAME_IN_TEXT) ?? []));
  }

  return {
    async release(img) {
      const name = uploadedImageName(img);
      if (!name) return;
      try {
        if (!(await isReferenced(name))) await store.remove(name);
      } catch (error) {
        log.warn({ err: error, img }, 'could not remove an uploaded image nothing uses any more');
      }
    },
    async sweep(olderThanMs) {
      try {
        const removed = await store.removeUnreferenced(olderThanMs, referencedNames);
        if (removed.length > 0) log.info({ removed }, 'removed uploaded images nothing uses');
        return removed.length;
      } catch (error) {
        log.warn({ err: error }, 'could not sweep unused uploaded images');
        return 0;
      }
    },
  };
}
