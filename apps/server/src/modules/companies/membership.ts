/**
 * What other modules read of company accounts (docs/requirements.md §14), since only this module reads and writes
 * the company tables (docs/design.md "Modules and tables"): a user's membership, one ship-to location of a company,
 * and who approves its orders. Money in integer cents.
 */
import type { CompanyRole, ShipTo } from '@partsforge/shared';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRowsPrepared, type AppDatabase } from '../../db/connect.js';
import { companies, companyAddresses, companyMembers, users } from '../../db/schema/index.js';

/** A user's place in their company: which, their role, and their spending limit per order (cents; null: none). */
export interface Membership {
  companyId: string;
  companyName: string;
  role: CompanyRole;
  spendingLimitCents: number | null;
}

/**
 * The company `userId` belongs to, with their role and limit, or null (one indexed read, a prepared statement: every
 * order and checkout reads it).
 */
export async function findMembership(db: AppDatabase, userId: string): Promise<Membership | null> {
  const [row] = await queryRowsPrepared<{ membership: Membership | null }>(
    db,
    'company_membership_of_user',
    sql`select ${membershipJsonSql(userId)} as membership`,
  );
  return row?.membership ?? null;
}

/**
 * The membership of `userId` as a scalar subquery: JSON with Membership's fields, or null outside any company. The one
 * read of it: findMembership's, and another module's statement that needs it in the same round trip (a checkout's
 * admission).
 */
export function membershipJsonSql(userId: string): SQL {
  return sql`(select json_build_object('companyId', ${companyMembers.companyId}, 'companyName', ${companies.name},
    'role', ${companyMembers.role}, 'spendingLimitCents', ${companyMembers.spendingLimitCents})
    from ${companyMembers} join ${companies} on ${companies.id} = ${companyMembers.companyId}
    where ${companyMembers.userId} = ${userId})`;
}

/**
 * Whether `userId` holds an order owned by `owner` (docs/requirements.md §14): its customer when it belongs to no
 * company; else a current member of its company (not its placer once they left). Reads the membership only for a
 * company's order, and not when the caller passes the one it read (`membership`). Admins are the callers' concern.
 */
export async function holdsOrder(
  db: AppDatabase,
  userId: string,
  owner: { userId: string | null; companyId: string | null },
  membership?: Pick<Membership, 'companyId'> | null,
): Promise<boolean> {
  if (owner.companyId === null) return owner.userId === userId;
  const member = membership === undefined ? await findMembership(db, userId) : membership;
  return member?.companyId === owner.companyId;
}

/** The names of the companies `ids` (those that exist) by id, in one indexed read (docs/requirements.md §15). */
export async function findCompanyNames(
  db: AppDatabase,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The owners of `companyId`, name and email, by email (reminded of overdue invoices; docs/requirements.md §15). */
export async function findCompanyOwners(
  db: AppDatabase,
  companyId: string,
): Promise<{ name: string; email: string }[]> {
  return db
    .select({ name: users.name, email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, sql.placeholder('companyId')), eq(companyMembers.role, 'owner')))
    .orderBy(users.email)
    .prepare('company_owners')
    .execute({ companyId });
}

/** The ship-to location `addressId` of `companyId`'s address book as an order keeps it, or null when not theirs. */
export async function findCompanyAddress(
  db: AppDatabase,
  companyId: string,
  addressId: string,
): Promise<ShipTo | null> {
  const [row] = await db
    .select({
      label: companyAddresses.label,
      line1: companyAddresses.line1,
      line2: companyAddresses.line2,
      city: companyAddresses.city,
      region: companyAddresses.region,
      postalCode: companyAddresses.postalCode,
      country: companyAddresses.country,
      phone: companyAddresses.phone,
    })
    .from(companyAddresses)
    .where(and(eq(companyAddresses.id, addressId), eq(companyAddresses.companyId, companyId)));
  return row ?? null;
}

/** The owners and managers of `companyId` (who approve its orders): name and email, owners first ('owner' > 'manager'). */
export async function findApprovers(
  db: AppDatabase,
  companyId: string,
): Promise<{ name: string; email: string }[]> {
  return db
    .select({ name: users.name, email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), inArray(companyMembers.role, ['owner', 'manager'])))
    .orderBy(desc(companyMembers.role), users.email);
}
