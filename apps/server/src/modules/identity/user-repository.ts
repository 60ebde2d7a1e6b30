/**
 * Users of the shop (docs/requirements.md §3 and §6: User email and role; docs/design.md items 1, 5 and 10). Emails are
 * compared case-insensitively everywhere (the database's unique index is on lower(email)).
 */
import {
  messages,
  normalizeEmail,
  type PageQuery,
  type UserRole,
  type UserSummary,
} from '@partsforge/shared';
import { and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { sessions, users } from '../../db/schema/index.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/http-errors.js';
import type { Page } from '../../lib/page.js';

/** The fields the guards and routes need about a user. */
export interface UserRecord {
  id: string;
  name: string;
  email: string;
  role: UserRole;
}

const userColumns = { id: users.id, name: users.name, email: users.email, role: users.role };

const emailEquals = (email: string) => sql`lower(${users.email}) = ${normalizeEmail(email)}`;

/** User queries and role changes on one database. */
export interface UserRepository {
  findById(id: string): Promise<UserRecord | undefined>;
  /** The user `userId` if their session `sessionId` still exists and has not expired (an access token's check). */
  findBySession(userId: string, sessionId: string): Promise<UserRecord | undefined>;
  /** The user with this email, whatever its case. */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  /** Users in sign-up order (oldest first), paged. */
  listUsers(page: PageQuery): Promise<Page<UserSummary>>;
  /** Makes the user an admin; answers 1 when the role changed, 0 when already admin. Throws NotFoundError. */
  promoteToAdmin(email: string): Promise<number>;
  /** Grants admin to each existing user among `emails` (ADMIN_EMAILS at start); returns how many changed. */
  grantAdmin(emails: readonly string[]): Promise<number>;
  /**
   * Removes the user with `email` on behalf of the admin `actorId` (docs/design.md item 5): NotFoundError when there
   * is no such user, ForbiddenError for one's own account, ConflictError for the last admin. Their sessions,
   * accounts and profile go with them; orders and reviews stay as records.
   */
  removeUser(actorId: string, email: string): Promise<UserRecord>;
}

/**
 * Builds the user repository on `db` (the app's database, not a transaction: the session check of every signed-in
 * request is a prepared statement, planned once per connection). Database errors propagate.
 */
export function createUserRepository(db: AppDatabase): UserRepository {
  const bySession = db
    .select(userColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('user_by_session');

  async function findByEmail(email: string): Promise<UserRecord | undefined> {
    const [row] = await db.select(userColumns).from(users).where(emailEquals(email)).limit(1);
    return row;
  }

  return {
    async findById(id) {
      const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findBySession(userId, sessionId) {
      const [row] = await bySession.execute({ userId, sessionId });
      return row;
    },

    findByEmail,

    async listUsers({ limit, offset }) {
      const [rows, totals] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(users),
      ]);
      return {
        items: rows.map(({ id, name, email, role }) => ({ _id: id, name, email, role })),
        total: totals[0]?.value ?? 0,
      };
    },

    async promoteToAdmin(email) {
      const user = await findByEmail(email);
      if (!user) throw new NotFoundError(messages.errors.userNotFound);
      const changed = await db
        .update(users)
        .set({ role: 'admin' })
        .where(and(eq(users.id, user.id), ne(users.role, 'admin')))
        .returning({ id: users.id });
      return changed.length;
    },

    async grantAdmin(emails) {
      if (emails.length === 0) return 0;
      const changed = await db
        .update(users)
        .set({ role: 'admin' })
        .where(and(inArray(sql`lower(${users.email})`, emails.map(normalizeEmail)), ne(users.role, 'admin')))
        .returning({ id: users.id });
      return changed.length;
    },

    async removeUser(actorId, email) {
      return db.transaction(async (tx) => {
        // Every admin row is locked first, always in id order: concurrent removals queue here instead of
        // deadlocking, and two admins removing each other cannot both succeed and leave the shop without one.
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.role, 'admin'))
          .orderBy(asc(users.id))
          .for('update');
        const [target] = await tx.select(userColumns).from(users).where(emailEquals(email)).for('update');
        if (!target) throw new NotFoundError(messages.errors.userNotFound);
        if (target.id === actorId) throw new ForbiddenError(messages.errors.cannotRemoveSelf);
        if (target.role === 'admin' && admins.length <= 1) throw new ConflictError(messages.errors.lastAdmin);
        await tx.delete(users).where(eq(users.id, target.id));
        return target;
      });
    },
  };
}
