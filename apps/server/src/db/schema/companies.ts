/**
 * Company accounts (docs/requirements.md §14; docs/decisions/025-company-accounts.md): companies, their members with a
 * role and a spending limit, invitations by mail, and the ship-to address book. The shapes follow Better Auth's
 * organization plugin (organization, member, invitation) with the shop's names; the rules live in the companies
 * module. Money is integer cents.
 */
import type { CompanyRole, InvitableRole } from '@partsforge/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/** A buying business: a workshop, a reseller. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    // The admins' company list: newest first, and search inside names (pg_trgm).
    index('companies_created_at_idx').on(table.createdAt, table.id),
    index('companies_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);
export type CompanyRow = typeof companies.$inferSelect;

/**
 * Members: a user belongs to at most one company (the primary key is the user). `spendingLimitCents` is per
 * order, null for none; it applies to buyers only.
 */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').$type<CompanyRole>().notNull(),
    spendingLimitCents: bigint('spending_limit_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('company_members_company_id_idx').on(table.companyId, table.role),
    check('company_members_role_valid', sql`${table.role} in ('owner', 'manager', 'buyer')`),
    check(
      'company_members_spending_limit_non_negative',
      sql`${table.spendingLimitCents} is null or ${table.spendingLimitCents} >= 0`,
    ),
  ],
);
export type CompanyMemberRow = typeof companyMembers.$inferSelect;

/**
 * Invitations: the mailed link carries a random token; only its SHA-256 is stored. Pending while neither accepted
 * nor revoked and before `expiresAt`.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The invited address as typed (trimmed); matched case-insensitively. */
    email: text('email').notNull(),
    role: text('role').$type<InvitableRole>().notNull(),
    spendingLimitCents: bigint('spending_limit_cents', { mode: 'number' }),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('company_invitations_token_hash_unique').on(table.tokenHash),
    index('company_invitations_company_id_idx').on(table.companyId, table.createdAt),
    check('company_invitations_role_valid', sql`${table.role} in ('manager', 'buyer')`),
  ],
);
export type CompanyInvitationRow = typeof companyInvitations.$inferSelect;

/** The company's ship-to locations; an order keeps a copy (orders.ship_to), so editing one rewrites no order. */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index('company_addresses_company_id_idx').on(table.companyId, table.createdAt),
    check('company_addresses_country_valid', sql`${table.country} ~ '^[A-Z]{2}$'`),
  ],
);
export type CompanyAddressRow = typeof companyAddresses.$inferSelect;
