/**
 * Company accounts storage (docs/requirements.md §14 "Company accounts"; docs/decisions/025-company-accounts.md):
 * companies, their members (the user is the key: one company per user), invitations (only the SHA-256 of a token is
 * kept) and the ship-to address book. This module alone writes these tables (docs/design.md "Modules and tables");
 * it reads `users` for members' names and emails and `orders` for the admins' counts (READ_EXCEPTIONS of
 * table-ownership.test.ts). Money is integer cents here.
 */
import type { CompanyAddressInput, CompanyRole, InvitableRole } from '@partsforge/shared';
import { and, asc, count, desc, eq, exists, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import {
  companies,
  companyAddresses,
  companyInvitations,
  companyMembers,
  orders,
  users,
  type CompanyAddressRow,
  type CompanyInvitationRow,
  type CompanyRow,
  type OrderStatus,
} from '../../db/schema/index.js';
import { containsPattern } from '../../lib/like-pattern.js';

/** A member with the account's name and email; `spendingLimitCents` as stored (null: none). */
export interface MemberRecord {
  userId: string;
  name: string;
  email: string;
  role: CompanyRole;
  spendingLimitCents: number | null;
}

/** An invitation as read by its token: the company's name, the inviter's name, and whether it has expired. */
export interface InvitationRecord extends CompanyInvitationRow {
  companyName: string;
  inviterName: string | null;
  /** expires_at <= now() by the database's clock. */
  expired: boolean;
}

/** A company of the admins' list with its counts (orders: cancelled ones left out; spend: cents of paid orders). */
export interface CompanySummaryRecord extends CompanyRow {
  memberCount: number;
  orderCount: number;
  spendCents: number;
}

/** What a new invitation stores. */
export interface NewInvitation {
  companyId: string;
  email: string;
  role: InvitableRole;
  spendingLimitCents: number | null;
  tokenHash: string;
  invitedBy: string;
  expiresAt: Date;
}

/** An address-book entry's columns from its input (empty line2: null). */
function addressValues(input: CompanyAddressInput) {
  return {
    label: input.label,
    line1: input.line1,
    line2: input.line2 || null,
    city: input.city,
    region: input.region,
    postalCode: input.postalCode,
    country: input.country,
    phone: input.phone,
  };
}

/** SQL: the invitation row in scope is pending (neither accepted nor revoked, and not expired). */
const isPending = and(
  isNull(companyInvitations.acceptedAt),
  isNull(companyInvitations.revokedAt),
  gt(companyInvitations.expiresAt, sql`now()`),
);

/** SQL: `column` equals `email` in any case and around spaces (normalizeEmail's comparison, in the database). */
const sameEmail = (column: typeof users.email | typeof companyInvitations.email, email: string) =>
  eq(sql`lower(trim(${column}))`, email.trim().toLowerCase());

/**
 * Company reads and writes on one database; pass a transaction to combine them. Database errors propagate.
 * `paidOrderStatuses` are the orders module's PAID_ORDER_STATUSES (passed in: importing orders would be a cycle).
 */
export function createCompanyRepository(db: AppDatabase, paidOrderStatuses: readonly OrderStatus[] = []) {
  /**
   * Member count, order count (cancelled orders left out, as the users list counts) and spend (cents of orders in
   * `paidOrderStatuses`) of each of `companyIds`; every id given is in the answer.
   */
  async function countsOf(
    companyIds: readonly string[],
  ): Promise<Map<string, { memberCount: number; orderCount: number; spendCents: number }>> {
    const counts = new Map<string, { memberCount: number; orderCount: number; spendCents: number }>(
      companyIds.map((id) => [id, { memberCount: 0, orderCount: 0, spendCents: 0 }]),
    );
    if (companyIds.length === 0) return counts;
    const isPaid = paidOrderStatuses.length > 0 ? inArray(orders.status, [...paidOrderStatuses]) : sql`false`;
    const [memberRows, orderRows] = await Promise.all([
      db
        .select({ companyId: companyMembers.companyId, value: count() })
        .from(companyMembers)
        .where(inArray(companyMembers.companyId, [...companyIds]))
        .groupBy(companyMembers.companyId),
      db
        .select({
          companyId: orders.companyId,
          orderCount: sql<number>`count(*) filter (where ${orders.status} <> 'cancelled')`.mapWith(Number),
          spendCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${isPaid}), 0)`.mapWith(
            Number,
          ),
        })
        .from(orders)
        .where(inArray(orders.companyId, [...companyIds]))
        .groupBy(orders.companyId),
    ]);
    for (const { companyId, value } of memberRows) counts.get(companyId)!.memberCount = value;
    for (const { companyId, orderCount, spendCents } of orderRows)
      if (companyId !== null) Object.assign(counts.get(companyId)!, { orderCount, spendCents });
    return counts;
  }

  return {
    countsOf,

    /** Inserts a company; returns its row. */
    async insertCompany(name: string, taxId: string | null): Promise<CompanyRow> {
      const [row] = await db.insert(companies).values({ name, taxId }).returning();
      return row!;
    },

    /**
     * Adds `userId` to `companyId` unless the user already belongs to a company (the primary key decides, so two
     * concurrent joins cannot both win); returns whether it was added.
     */
    async insertMember(member: {
      userId: string;
      companyId: string;
      role: CompanyRole;
      spendingLimitCents: number | null;
    }): Promise<boolean> {
      const rows = await db
        .insert(companyMembers)
        .values(member)
        .onConflictDoNothing({ target: companyMembers.userId })
        .returning({ userId: companyMembers.userId });
      return rows.length > 0;
    },

    /** The company `id`, or null (an id that is not a UUID is never looked up). */
    async findCompany(id: string): Promise<CompanyRow | null> {
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      return row ?? null;
    },

    /**
     * Locks company `id`'s row until the transaction ends (serialises its invitations). FOR NO KEY UPDATE: rows that
     * reference the company (a member joining, an address) are not held up. Only inside a transaction.
     */
    async lockCompany(id: string): Promise<void> {
      await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('no key update');
    },

    /** The members of `companyId` with their names and emails (unordered). */
    async members(companyId: string): Promise<MemberRecord[]> {
      return db
        .select({
          userId: companyMembers.userId,
          name: users.name,
          email: users.email,
          role: companyMembers.role,
          spendingLimitCents: companyMembers.spendingLimitCents,
        })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(eq(companyMembers.companyId, companyId));
    },

    /**
     * Locks every member row of `companyId` (SELECT ... FOR UPDATE) until the transaction ends and answers them:
     * concurrent changes of one company's members run one after the other, so the last owner cannot be demoted or
     * removed twice at once. Only inside a transaction.
     */
    async lockMembers(companyId: string): Promise<{ userId: string; role: CompanyRole }[]> {
      return db
        .select({ userId: companyMembers.userId, role: companyMembers.role })
        .from(companyMembers)
        .where(eq(companyMembers.companyId, companyId))
        .orderBy(asc(companyMembers.userId))
        .for('update');
    },

    /** Sets the role and limit of member `userId` of `companyId`. */
    async updateMember(
      companyId: string,
      userId: string,
      values: { role: CompanyRole; spendingLimitCents: number | null },
    ): Promise<void> {
      await db
        .update(companyMembers)
        .set(values)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    },

    /** Removes member `userId` from `companyId` (the account stays). */
    async deleteMember(companyId: string, userId: string): Promise<void> {
      await db
        .delete(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    },

    /** Whether the account with `email` (any case) belongs to a company. */
    async emailInCompany(email: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(sameEmail(users.email, email))
        .limit(1);
      return row !== undefined;
    },

    /** Whether `companyId` has a pending invitation for `email` (any case). */
    async hasPendingInvitation(companyId: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: companyInvitations.id })
        .from(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, companyId),
            sameEmail(companyInvitations.email, email),
            isPending,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Inserts an invitation; returns its row. */
    async insertInvitation(invitation: NewInvitation): Promise<CompanyInvitationRow> {
      const [row] = await db.insert(companyInvitations).values(invitation).returning();
      return row!;
    },

    /** The pending invitations of `companyId`, newest first. */
    async pendingInvitations(companyId: string): Promise<CompanyInvitationRow[]> {
      return db
        .select()
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, companyId), isPending))
        .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id));
    },

    /** Revokes pending invitation `id` of `companyId`; returns whether one was revoked. */
    async revokeInvitation(companyId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(companyInvitations)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, companyId), isPending))
        .returning({ id: companyInvitations.id });
      return rows.length > 0;
    },

    /** The invitation whose token has SHA-256 `tokenHash`, whatever its state, or null. */
    async findInvitationByTokenHash(tokenHash: string): Promise<InvitationRecord | null> {
      const [row] = await db
        .select({
          invitation: companyInvitations,
          companyName: companies.name,
          inviterName: users.name,
          expired: sql<boolean>`${companyInvitations.expiresAt} <= now()`,
        })
        .from(companyInvitations)
        .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
        .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
        .where(eq(companyInvitations.tokenHash, tokenHash));
      if (!row) return null;
      return {
        ...row.invitation,
        companyName: row.companyName,
        inviterName: row.inviterName,
        expired: row.expired,
      };
    },

    /**
     * Marks invitation `id` accepted by `userId` if it is still pending, in one conditional UPDATE: of two
     * concurrent accepts only one gets the row. Returns whether this call took it.
     */
    async claimInvitation(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .update(companyInvitations)
        .set({ acceptedAt: sql`now()`, acceptedBy: userId })
        .where(and(eq(companyInvitations.id, id), isPending))
        .returning({ id: companyInvitations.id });
      return rows.length > 0;
    },

    /** The address book of `companyId`, oldest first. */
    async addresses(companyId: string): Promise<CompanyAddressRow[]> {
      return db
        .select()
        .from(companyAddresses)
        .where(eq(companyAddresses.companyId, companyId))
        .orderBy(asc(companyAddresses.createdAt), asc(companyAddresses.id));
    },

    /** Adds an address to `companyId`'s book; returns its row. */
    async insertAddress(companyId: string, input: CompanyAddressInput): Promise<CompanyAddressRow> {
      const [row] = await db
        .insert(companyAddresses)
        .values({ companyId, ...addressValues(input) })
        .returning();
      return row!;
    },

    /** Replaces address `id` of `companyId`; returns the new row, or null when the book has no such address. */
    async updateAddress(
      companyId: string,
      id: string,
      input: CompanyAddressInput,
    ): Promise<CompanyAddressRow | null> {
      const [row] = await db
        .update(companyAddresses)
        .set(addressValues(input))
        .where(and(eq(companyAddresses.id, id), eq(companyAddresses.companyId, companyId)))
        .returning();
      return row ?? null;
    },

    /** Removes address `id` of `companyId` (orders keep their copy); returns whether it was there. */
    async deleteAddress(companyId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(companyAddresses)
        .where(and(eq(companyAddresses.id, id), eq(companyAddresses.companyId, companyId)))
        .returning({ id: companyAddresses.id });
      return rows.length > 0;
    },

    /**
     * One page of companies, newest first, whose name or a member's email contains `q` (any case; none: all), with
     * their counts, and the total of the whole list.
     */
    async listCompanies({
      q,
      limit,
      offset,
    }: {
      q?: string | undefined;
      limit: number;
      offset: number;
    }): Promise<{ items: CompanySummaryRecord[]; total: number }> {
      const pattern = q ? containsPattern(q) : undefined;
      const where = pattern
        ? or(
            ilike(companies.name, pattern),
            exists(
              db
                .select({ one: sql`1` })
                .from(companyMembers)
                .innerJoin(users, eq(users.id, companyMembers.userId))
                .where(and(eq(companyMembers.companyId, companies.id), ilike(users.email, pattern))),
            ),
          )
        : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(companies)
          .where(where)
          .orderBy(desc(companies.createdAt), desc(companies.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(companies).where(where),
      ]);
      const counts = await countsOf(rows.map((row) => row.id));
      return {
        items: rows.map((row) => ({ ...row, ...counts.get(row.id)! })),
        total: totals[0]?.value ?? 0,
      };
    },
  };
}

/** Company reads and writes on one database (see createCompanyRepository). */
export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
