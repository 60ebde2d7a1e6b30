/**
 * Company accounts use cases (docs/requirements.md §14 "Company accounts"; docs/decisions/025-company-accounts.md):
 * creating a company, the caller's company, invitations by mail and their acceptance, members' roles and spending
 * limits, the ship-to address book, and the admins' company list. Each throws HttpError subclasses that the error
 * handler answers with `{ message, code }`. Money is dollars in and out, integer cents in the database.
 *
 * Rules: one company per user (the member table's primary key); `owner` and `manager` manage members,
 * invitations and addresses, `buyer` only reads; a manager never changes or removes an owner nor makes anyone
 * owner; a company always keeps an owner (member changes lock the company's member rows); an invitation's token
 * works once, for INVITATION_DAYS days, for the invited address only.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  COMPANY_ROLES,
  INVITATION_DAYS,
  apiErrorCodes,
  isId,
  managesCompany,
  messages,
  normalizeEmail,
  toCents,
  toDollars,
  type AdminCompany,
  type AdminCompanySummary,
  type Company,
  type CompanyAddress,
  type CompanyAddressInput,
  type CompanyMember,
  type CompanyRole,
  type Invitation,
  type InvitationPreview,
  type MyCompany,
  type PageQuery,
} from '@partsforge/shared';
import type { AppDatabase } from '../../db/connect.js';
import type {
  CompanyAddressRow,
  CompanyInvitationRow,
  CompanyRow,
  OrderStatus,
} from '../../db/schema/index.js';
import { ConflictError, ForbiddenError, HttpError, NotFoundError } from '../../lib/http-errors.js';
import type { Page } from '../../lib/page.js';
import { companyInvitationMail, type MailService } from '../mail/index.js';
import type { AuthUser } from '../identity/index.js';
import { companyTermsOf } from '../trade-terms/index.js';
import { createCompanyRepository, type CompanyRepository, type MemberRecord } from './company-repository.js';
import { findMembership, type Membership } from './membership.js';

/** The web app's page an invitation's link opens: `/invitations/<token>`. */
export const invitationPagePath = (token: string) => `/invitations/${token}`;

/** SHA-256 (hex) of an invitation token: what the database keeps instead of the token. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new invitation token: 32 random bytes, base64url (43 characters). */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** 410 TOKEN_EXPIRED: the invitation's INVITATION_DAYS have passed (it cannot be previewed or accepted). */
export class InvitationExpiredError extends HttpError {
  constructor() {
    super(410, messages.companies.invitationExpired, apiErrorCodes.tokenExpired);
    this.name = 'InvitationExpiredError';
  }
}

/** `PATCH /companies/mine/members/:userId` body as parsed (dollars; null limit: none). */
export interface MemberChange {
  role?: CompanyRole | undefined;
  spendingLimit?: number | null | undefined;
}

/** What the service needs besides the database. */
export interface CompanyServiceOptions {
  mail: Pick<MailService, 'queue' | 'linkOrigin'>;
  shopName: string;
  /** The orders module's PAID_ORDER_STATUSES, for the admins' spend. */
  paidOrderStatuses: readonly OrderStatus[];
}

const roleRank = (role: CompanyRole) => COMPANY_ROLES.indexOf(role);

/** A member as answered: dollars, and no limit (null) for owners and managers whatever is stored. */
function toMember(member: MemberRecord): CompanyMember {
  return {
    userId: member.userId,
    name: member.name,
    email: member.email,
    role: member.role,
    spendingLimit:
      managesCompany(member.role) || member.spendingLimitCents === null
        ? null
        : toDollars(member.spendingLimitCents),
  };
}

/** Members owners first, then managers, then buyers; by name, then email, within a role. */
function sortedMembers(members: MemberRecord[]): CompanyMember[] {
  return [...members]
    .sort(
      (a, b) =>
        roleRank(a.role) - roleRank(b.role) || a.name.localeCompare(b.name) || a.email.localeCompare(b.email),
    )
    .map(toMember);
}

function toAddress(row: CompanyAddressRow): CompanyAddress {
  const { id, label, line1, line2, city, region, postalCode, country, phone } = row;
  return { _id: id, label, line1, line2, city, region, postalCode, country, phone };
}

function toCompany(row: CompanyRow): Company {
  return { _id: row.id, name: row.name, taxId: row.taxId, createdAt: row.createdAt.toISOString() };
}

function toInvitation(row: CompanyInvitationRow): Invitation {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    spendingLimit: row.spendingLimitCents === null ? null : toDollars(row.spendingLimitCents),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The stored limit of a member of `role`: cents for a buyer, none (null) for owners and managers. */
function storedLimit(role: CompanyRole, dollars: number | null | undefined): number | null {
  return managesCompany(role) || dollars === null || dollars === undefined ? null : toCents(dollars);
}

/** Company accounts use cases (see the file's comment for the rules). */
export interface CompanyService {
  /**
   * Creates a company `{ name, taxId? }` with `user` as its owner. 409 (alreadyInCompany) when the user already
   * belongs to a company: the member table's primary key decides, so concurrent creates cannot both succeed.
   */
  create(user: AuthUser, input: { name: string; taxId?: string | undefined }): Promise<Company>;
  /**
   * The caller's company: its fields, the caller's role, members (owners first; limits in dollars, null for none
   * and always for owners and managers) and address book. 404 (notInCompany) when the caller has no company.
   */
  mine(userId: string): Promise<MyCompany>;
  /**
   * Invites `email` as `role` with an optional limit (dollars; ignored for managers) for INVITATION_DAYS days and
   * queues the invitation mail, with the link `<linkOrigin>/invitations/<token>`, in the same transaction; only
   * the token's SHA-256 is stored. 404 notInCompany, 403 managersOnly (buyers), 409 emailAlreadyInCompany (the
   * address's account is in any company) or alreadyInvited (a pending invitation of this company to it).
   */
  invite(
    user: AuthUser,
    input: { email: string; role: 'manager' | 'buyer'; spendingLimit?: number | null | undefined },
  ): Promise<Invitation>;
  /** The company's pending invitations (not accepted, revoked or expired), newest first. 404, 403 as invite. */
  pendingInvitations(userId: string): Promise<Invitation[]>;
  /** Revokes pending invitation `id` of the caller's company. 404 invitationNotFound otherwise; 403 for buyers. */
  revokeInvitation(userId: string, id: string): Promise<void>;
  /**
   * What the invitation page shows of a pending invitation, by its token (no sign-in: the token is the
   * capability). 404 invitationNotFound (unknown, accepted or revoked), 410 invitationExpired.
   */
  previewInvitation(token: string): Promise<InvitationPreview>;
  /**
   * Joins `user` to the invitation's company with its role and limit, in one transaction whose conditional update
   * of the invitation (still pending) lets one accept win; answers the company as `mine` does. 404
   * invitationNotFound (unknown, used, revoked, or lost to a concurrent accept), 410 invitationExpired, 403
   * invitationOtherAccount (the user's email is not the invited one, any case), 409 emailAlreadyInCompany.
   */
  acceptInvitation(user: AuthUser, token: string): Promise<MyCompany>;
  /**
   * Changes member `targetId`'s role and/or limit (dollars; stored only for buyers) and answers the member. Under
   * the company's member-row locks: 404 notInCompany / memberNotFound, 403 managersOnly (buyers), 403
   * cannotTouchOwner (a manager changing an owner), 403 onlyOwnersPromote (a manager making someone owner), 409 lastOwner (demoting the last
   * owner).
   */
  updateMember(userId: string, targetId: string, change: MemberChange): Promise<CompanyMember>;
  /**
   * Removes member `targetId` from the caller's company (the account stays; owners and managers may remove
   * themselves, buyers cannot). Errors as updateMember; 409 lastOwner for the last owner.
   */
  removeMember(userId: string, targetId: string): Promise<void>;
  /** The address book of the caller's company (any member), oldest first. 404 notInCompany. */
  addresses(userId: string): Promise<CompanyAddress[]>;
  /** Adds an address (owners and managers). 404 notInCompany, 403 managersOnly. */
  addAddress(userId: string, input: CompanyAddressInput): Promise<CompanyAddress>;
  /** Replaces address `id`. 404 addressNotFound when not the caller's company's; else as addAddress. */
  updateAddress(userId: string, id: string, input: CompanyAddressInput): Promise<CompanyAddress>;
  /** Removes address `id` (orders keep their copy). 404 addressNotFound when not the company's; else as addAddress. */
  removeAddress(userId: string, id: string): Promise<void>;
  /**
   * The admins' company list: newest first, `q` matching a substring of the name or of a member's email (any
   * case), with member count, order count (cancelled left out) and spend (dollars of paid orders); and the total.
   */
  listForAdmin(query: PageQuery & { q?: string | undefined }): Promise<Page<AdminCompanySummary>>;
  /** One company for admins, with its counts, members, address book and trade terms (DEFAULT_COMPANY_TERMS when none were set). 404 companyNotFound. */
  getForAdmin(id: string): Promise<AdminCompany>;
}

/** Builds the service on `db`. */
export function createCompanyService(db: AppDatabase, options: CompanyServiceOptions): CompanyService {
  const { mail, shopName, paidOrderStatuses } = options;
  const repository = createCompanyRepository(db, paidOrderStatuses);
  const inTransaction = <T>(work: (tx: AppDatabase, companies: CompanyRepository) => Promise<T>) =>
    db.transaction((tx) => {
      const txDb = tx as unknown as AppDatabase;
      return work(txDb, createCompanyRepository(txDb, paidOrderStatuses));
    });

  /** The caller's membership; 404 notInCompany when none. */
  const membershipOf = async (userId: string, on: AppDatabase = db): Promise<Membership> => {
    const membership = await findMembership(on, userId);
    if (!membership) throw new NotFoundError(messages.companies.notInCompany);
    return membership;
  };
  /** The caller's membership when they manage the company; 404 notInCompany, 403 managersOnly. */
  const managerOf = async (userId: string, on: AppDatabase = db): Promise<Membership> => {
    const membership = await membershipOf(userId, on);
    if (!managesCompany(membership.role)) throw new ForbiddenError(messages.companies.managersOnly);
    return membership;
  };

  /**
   * The company `companyId` as its member `role` sees it, with its trade terms (docs/requirements.md §15: the checkout
   * offers paying on account by them). `on` is the database `companies` reads (a transaction's, or the pool).
   */
  const companyView = async (
    companies: CompanyRepository,
    companyId: string,
    role: CompanyRole,
    on: AppDatabase = db,
  ): Promise<MyCompany> => {
    // One after the other: `companies` may be a transaction's, whose one connection takes one query at a time.
    const company = await companies.findCompany(companyId);
    const members = await companies.members(companyId);
    const addresses = await companies.addresses(companyId);
    const terms = await companyTermsOf(on, companyId);
    if (!company) throw new NotFoundError(messages.companies.notInCompany);
    return {
      ...toCompany(company),
      role,
      members: sortedMembers(members),
      addresses: addresses.map(toAddress),
      terms,
    };
  };

  /**
   * Runs a member change of `targetId` by `userId` under the company's member-row locks, after the role rules;
   * `work` gets the locked rows, the caller's and the target's roles.
   */
  const changeMember = <T>(
    userId: string,
    targetId: string,
    work: (
      companies: CompanyRepository,
      context: { companyId: string; actor: CompanyRole; target: CompanyRole; owners: number },
    ) => Promise<T>,
  ): Promise<T> =>
    inTransaction(async (tx, companies) => {
      const { companyId } = await membershipOf(userId, tx);
      // Roles are read again under the lock: a concurrent change may have moved them.
      const locked = await companies.lockMembers(companyId);
      const actor = locked.find((member) => member.userId === userId)?.role;
      if (!actor) throw new NotFoundError(messages.companies.notInCompany);
      if (!managesCompany(actor)) throw new ForbiddenError(messages.companies.managersOnly);
      const target = locked.find((member) => member.userId === targetId)?.role;
      if (!target) throw new NotFoundError(messages.companies.memberNotFound);
      if (actor !== 'owner' && target === 'owner')
        throw new ForbiddenError(messages.companies.cannotTouchOwner);
      const owners = locked.filter((member) => member.role === 'owner').length;
      return work(companies, { companyId, actor, target, owners });
    });

  /** The invitation of `token` if it is pending; 404 invitationNotFound, 410 invitationExpired. */
  const pendingInvitation = async (companies: CompanyRepository, token: string) => {
    const invitation = await companies.findInvitationByTokenHash(hashInvitationToken(token));
    if (!invitation || invitation.acceptedAt !== null || invitation.revokedAt !== null)
      throw new NotFoundError(messages.companies.invitationNotFound);
    if (invitation.expired) throw new InvitationExpiredError();
    return invitation;
  };

  return {
    async create(user, input) {
      return inTransaction(async (_tx, companies) => {
        const company = await companies.insertCompany(input.name, input.taxId || null);
        const joined = await companies.insertMember({
          userId: user.id,
          companyId: company.id,
          role: 'owner',
          spendingLimitCents: null,
        });
        // Rolls the company back with the transaction.
        if (!joined) throw new ConflictError(messages.companies.alreadyInCompany);
        return toCompany(company);
      });
    },

    async mine(userId) {
      const { companyId, role } = await membershipOf(userId);
      return companyView(repository, companyId, role);
    },

    async invite(user, input) {
      return inTransaction(async (tx, companies) => {
        const { companyId, companyName } = await managerOf(user.id, tx);
        // One invitation of a company at a time: two for the same address cannot both pass the check below.
        await companies.lockCompany(companyId);
        if (await companies.emailInCompany(input.email))
          throw new ConflictError(messages.companies.emailAlreadyInCompany);
        if (await companies.hasPendingInvitation(companyId, input.email))
          throw new ConflictError(messages.companies.alreadyInvited);
        const token = newInvitationToken();
        const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 3_600_000);
        const invitation = await companies.insertInvitation({
          companyId,
          email: input.email,
          role: input.role,
          spendingLimitCents: storedLimit(input.role, input.spendingLimit),
          tokenHash: hashInvitationToken(token),
          invitedBy: user.id,
          expiresAt,
        });
        const url = new URL(invitationPagePath(token), mail.linkOrigin).toString();
        await mail.queue(tx, {
          kind: 'company-invitation',
          to: input.email,
          ...companyInvitationMail({
            shopName,
            companyName,
            inviterName: user.name,
            role: input.role,
            expiresAt,
            url,
          }),
        });
        return toInvitation(invitation);
      });
    },

    async pendingInvitations(userId) {
      const { companyId } = await managerOf(userId);
      return (await repository.pendingInvitations(companyId)).map(toInvitation);
    },

    async revokeInvitation(userId, id) {
      const { companyId } = await managerOf(userId);
      if (!isId(id) || !(await repository.revokeInvitation(companyId, id)))
        throw new NotFoundError(messages.companies.invitationNotFound);
    },

    async previewInvitation(token) {
      const invitation = await pendingInvitation(repository, token);
      return {
        companyName: invitation.companyName,
        email: invitation.email,
        role: invitation.role,
        invitedBy: invitation.inviterName,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    async acceptInvitation(user, token) {
      return inTransaction(async (tx, companies) => {
        const invitation = await pendingInvitation(companies, token);
        if (normalizeEmail(invitation.email) !== normalizeEmail(user.email))
          throw new ForbiddenError(messages.companies.invitationOtherAccount(invitation.email));
        // Still pending now? Of two concurrent accepts, the second waits on the row and finds it taken
        // (claimed before the membership check, so the loser never sees the winner's membership instead).
        if (!(await companies.claimInvitation(invitation.id, user.id)))
          throw new NotFoundError(messages.companies.invitationNotFound);
        // In a company already: the claim rolls back with the transaction.
        if (await findMembership(tx, user.id))
          throw new ConflictError(messages.companies.emailAlreadyInCompany);
        const joined = await companies.insertMember({
          userId: user.id,
          companyId: invitation.companyId,
          role: invitation.role,
          spendingLimitCents: managesCompany(invitation.role) ? null : invitation.spendingLimitCents,
        });
        // Joined another company meanwhile: the claim rolls back with the transaction.
        if (!joined) throw new ConflictError(messages.companies.emailAlreadyInCompany);
        return companyView(companies, invitation.companyId, invitation.role, tx);
      });
    },

    async updateMember(userId, targetId, change) {
      return changeMember(userId, targetId, async (companies, { companyId, actor, target, owners }) => {
        const role = change.role ?? target;
        if (role === 'owner' && target !== 'owner' && actor !== 'owner')
          throw new ForbiddenError(messages.companies.onlyOwnersPromote);
        if (target === 'owner' && role !== 'owner' && owners <= 1)
          throw new ConflictError(messages.companies.lastOwner);
        const current = (await companies.members(companyId)).find((member) => member.userId === targetId)!;
        const spendingLimitCents =
          change.spendingLimit === undefined
            ? managesCompany(role)
              ? null
              : current.spendingLimitCents
            : storedLimit(role, change.spendingLimit);
        await companies.updateMember(companyId, targetId, { role, spendingLimitCents });
        return toMember({ ...current, role, spendingLimitCents });
      });
    },

    async removeMember(userId, targetId) {
      await changeMember(userId, targetId, async (companies, { companyId, target, owners }) => {
        if (target === 'owner' && owners <= 1) throw new ConflictError(messages.companies.lastOwner);
        await companies.deleteMember(companyId, targetId);
      });
    },

    async addresses(userId) {
      const { companyId } = await membershipOf(userId);
      return (await repository.addresses(companyId)).map(toAddress);
    },

    async addAddress(userId, input) {
      const { companyId } = await managerOf(userId);
      return toAddress(await repository.insertAddress(companyId, input));
    },

    async updateAddress(userId, id, input) {
      const { companyId } = await managerOf(userId);
      const row = isId(id) ? await repository.updateAddress(companyId, id, input) : null;
      if (!row) throw new NotFoundError(messages.companies.addressNotFound);
      return toAddress(row);
    },

    async removeAddress(userId, id) {
      const { companyId } = await managerOf(userId);
      if (!isId(id) || !(await repository.deleteAddress(companyId, id)))
        throw new NotFoundError(messages.companies.addressNotFound);
    },

    async listForAdmin(query) {
      const page = await repository.listCompanies(query);
      return {
        items: page.items.map(({ memberCount, orderCount, spendCents, ...company }) => ({
          ...toCompany(company),
          memberCount,
          orderCount,
          spend: toDollars(spendCents),
        })),
        total: page.total,
      };
    },

    async getForAdmin(id) {
      const company = isId(id) ? await repository.findCompany(id) : null;
      if (!company) throw new NotFoundError(messages.companies.companyNotFound);
      const [counts, members, addresses, terms] = await Promise.all([
        repository.countsOf([company.id]),
        repository.members(company.id),
        repository.addresses(company.id),
        companyTermsOf(db, company.id),
      ]);
      const { memberCount, orderCount, spendCents } = counts.get(company.id)!;
      return {
        ...toCompany(company),
        memberCount,
        orderCount,
        spend: toDollars(spendCents),
        members: sortedMembers(members),
        addresses: addresses.map(toAddress),
        terms,
      };
    },
  };
}
