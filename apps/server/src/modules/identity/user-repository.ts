/**
 * Users of the shop (docs/requirements.md §3 and §6: User email and role; docs/design.md items 1, 5 and 10). Emails are
 * compared case-insensitively everywhere (the database's unique index is on lower(email)).
 */
import {
  apiErrorCodes,
  messages,
  normalizeEmail,
  toDollars,
  type PageQuery,
  type UserListItem,
  type UserRole,
} from '@partsforge/shared';
import { and, asc, count, desc, eq, gt, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { sessions, users } from '../../db/schema/index.js';
import { ConflictError, ForbiddenError, HttpError, NotFoundError } from '../../lib/http-errors.js';
import { containsPattern } from '../../lib/like-pattern.js';
import type { Page } from '../../lib/page.js';

/** The fields the guards and routes need about a user. */
export interface UserRecord {
  id: string;
  name: string;
  email: string;
  role: UserRole;
}

/** A user's orders as the All Users list shows them: the count (cancelled left out) and the paid total in cents. */
export interface UserOrderTotals {
  orderCount: number;
  spendCents: number;
}

/**
 * Answers the order count and spend of each of `userIds` (absent: none): the orders module's `orderTotalsByUser`,
 * which the app passes in. The orders module owns the orders and what "paid" means (docs/design.md "Modules and
 * tables"); identity cannot import it, because the orders routes import identity's guards (no import cycles).
 */
export type OrderTotalsReader = (
  db: AppDatabase,
  userIds: readonly string[],
) => Promise<ReadonlyMap<string, UserOrderTotals>>;

const userColumns = { id: users.id, name: users.name, email: users.email, role: users.role };

const emailEquals = (email: string) => sql`lower(${users.email}) = ${normalizeEmail(email)}`;

/**
 * In `tx`, locks every admin row, always in id order, then the user of `email`; resolves to the admins' ids and
 * that user (a 404 when there is none). Concurrent removals and demotions queue here instead of deadlocking, and
 * the second sees the first's change: two admins removing or demoting each other cannot both succeed and leave the
 * shop without one.
 */
async function lockAdminsAndUser(
  tx: AppDatabase,
  email: string,
): Promise<{ adminIds: string[]; target: UserRecord }> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');
  const [target] = await tx.select(userColumns).from(users).where(emailEquals(email)).for('update');
  if (!target) throw new NotFoundError(messages.errors.userNotFound);
  return { adminIds: admins.map((admin) => admin.id), target };
}

/** User queries and role changes on one database. */
export interface UserRepository {
  findById(id: string): Promise<UserRecord | undefined>;
  /** The user `userId` if their session `sessionId` still exists and has not expired (an access token's check). */
  findBySession(userId: string, sessionId: string): Promise<UserRecord | undefined>;
  /** The user with this email, whatever its case. */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  /**
   * The admin's users list (docs/requirements.md §13 "Finding things"): users whose name or email contains `q`
   * (any case; every user without it), newest first, paged, each with their order count (cancelled orders left
   * out) and spend in dollars (the totals of their paid orders), both from the orders module (OrderTotalsReader) in
   * one grouped query over the page's users' orders.
   */
  listUsers(page: PageQuery & { q?: string | undefined }): Promise<Page<UserListItem>>;
  /** Makes the user an admin; answers 1 when the role changed, 0 when already admin. Throws NotFoundError. */
  promoteToAdmin(email: string): Promise<number>;
  /**
   * Takes the admin role from the user with `email` on behalf of the admin `actorId` (docs/requirements.md §13;
   * docs/design.md item 5): answers 1 when the role changed, 0 when they were no admin. NotFoundError for no such
   * user, HttpError 400 CANNOT_DEMOTE_SELF for one's own role, ConflictError for the last admin, ForbiddenError
   * when the actor is no admin any more. Every admin row is locked first, so concurrent removals cannot leave the
   * shop without an admin. The guards read the role with every request, so the change applies to the user's
   * existing access tokens at once.
   */
  demoteAdmin(actorId: string, email: string): Promise<number>;
  /**
   * Grants admin to each existing user among `emails` whose email is verified (ADMIN_EMAILS at start and at
   * verification, docs/requirements.md §13); returns how many changed.
   */
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
 * request is a prepared statement, planned once per connection), with `orderTotals` for the users list. Database
 * errors propagate.
 */
export function createUserRepository(db: AppDatabase, orderTotals: OrderTotalsReader): UserRepository {
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

    async listUsers({ limit, offset, q }) {
      const pattern = q ? containsPattern(q) : undefined;
      const where = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(users).where(where),
      ]);
      const orders = await orderTotals(
        db,
        rows.map((row) => row.id),
      );
      return {
        items: rows.map((row) => ({
          _id: row.id,
          name: row.name,
          email: row.email,
          role: row.role,
          orderCount: orders.get(row.id)?.orderCount ?? 0,
          spend: toDollars(orders.get(row.id)?.spendCents ?? 0),
        })),
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

    async demoteAdmin(actorId, email) {
      return db.transaction(async (tx) => {
        // Two admins demoting each other at once queue here; the second sees that it would leave no admin.
        const { adminIds, target } = await lockAdminsAndUser(tx, email);
        if (target.id === actorId)
          throw new HttpError(400, messages.errors.cannotDemoteSelf, apiErrorCodes.cannotDemoteSelf);
        if (target.role !== 'admin') return 0;
        if (adminIds.length <= 1) throw new ConflictError(messages.errors.lastAdmin);
        if (!adminIds.includes(actorId)) throw new ForbiddenError();
        await tx.update(users).set({ role: 'user' }).where(eq(users.id, target.id));
        return 1;
      });
    },

    async grantAdmin(emails) {
      if (emails.length === 0) return 0;
      const changed = await db
        .update(users)
        .set({ role: 'admin' })
        .where(
          and(
            inArray(sql`lower(${users.email})`, emails.map(normalizeEmail)),
            eq(users.emailVerified, true),
            ne(users.role, 'admin'),
          ),
        )
        .returning({ id: users.id });
      return changed.length;
    },

    async removeUser(actorId, email) {
      return db.transaction(async (tx) => {
        // Two admins removing each other at once queue here; the second sees that it would leave no admin.
        const { adminIds, target } = await lockAdminsAndUser(tx, email);
        if (target.id === actorId) throw new ForbiddenError(messages.errors.cannotRemoveSelf);
        if (target.role === 'admin' && adminIds.length <= 1)
          throw new ConflictError(messages.errors.lastAdmin);
        await tx.delete(users).where(eq(users.id, target.id));
        return target;
      });
    },
  };
}
