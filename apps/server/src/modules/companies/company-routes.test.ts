/**
 * Company accounts as a client sees them (docs/requirements.md §14 "Company accounts";
 * docs/decisions/025-company-accounts.md): creating a company (one per user), the caller's company, invitations by
 * mail (the link's token works once, for 7 days, for the invited address only; revoked ones never), members' roles
 * and limits (buyers read only, managers never touch owners, the last owner stays), the address book, what one
 * company's members can reach of another's, and the admins' company list. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import {
  DEFAULT_COMPANY_TERMS,
  INVITATION_DAYS,
  TOTAL_COUNT_HEADER,
  adminCompanySchema,
  adminCompanySummarySchema,
  companySchema,
  invitationPreviewSchema,
  invitationSchema,
  messages,
  myCompanySchema,
  type CompanyAddress,
  type Invitation,
  type MyCompany,
} from '@partsforge/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  companyInvitations,
  companyMembers,
  orders,
  outboundEmails,
} from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DEPOT_ADDRESS } from '../../test/companies.js';
import { hashInvitationToken } from './company-service.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ config: { writeLimits: false, publicUrl: 'https://shop.example.com' } });
  admin = await signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload ? { payload } : {}) });
const customer = (name: string, email = uniqueEmail(name.split(' ')[0]!.toLowerCase())) =>
  signUpAndGetToken(t.app, { email, name });

/** Expects `status` and, for errors, `{ message, code }` with `message` when given. */
function expectStatus(response: LightMyRequestResponse, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  if (status >= 400) {
    expect(response.json()).toMatchObject({
      message: message ?? expect.any(String),
      code: expect.any(String),
    });
  }
}

const createCompany = async (
  owner: TestUser,
  name = `Workshop ${Math.random().toString(36).slice(2, 8)}`,
) => {
  const response = await call('POST', '/api/companies', owner, { name, taxId: 'US-123' });
  expectStatus(response, 201);
  return companySchema.parse(response.json());
};
const mine = async (user: TestUser) => {
  const response = await call('GET', '/api/companies/mine', user);
  expectStatus(response, 200);
  return myCompanySchema.parse(response.json());
};
const invite = (
  by: TestUser,
  email: string,
  role: 'manager' | 'buyer' = 'buyer',
  spendingLimit?: number | null,
) =>
  call('POST', '/api/companies/mine/invitations', by, {
    email,
    role,
    ...(spendingLimit === undefined ? {} : { spendingLimit }),
  });
/** The token of the last invitation mailed to `email`, read from the link in the outbox's message. */
const mailedToken = async (email: string) => {
  const rows = await t.database.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.to, email), eq(outboundEmails.kind, 'company-invitation')))
    .orderBy(sql`${outboundEmails.createdAt} desc`);
  const match = /https:\/\/shop\.example\.com\/invitations\/([A-Za-z0-9_-]{43})/.exec(rows[0]?.text ?? '');
  if (!match) throw new Error(`no invitation mailed to ${email}`);
  return match[1]!;
};
/** Invites `email` as `by`; answers the invitation and the mailed token. */
const invited = async (
  by: TestUser,
  email: string,
  role: 'manager' | 'buyer' = 'buyer',
  spendingLimit?: number | null,
) => {
  const response = await invite(by, email, role, spendingLimit);
  expectStatus(response, 201);
  return { invitation: invitationSchema.parse(response.json()), token: await mailedToken(email) };
};
const accept = (user: TestUser, token: string) => call('POST', `/api/invitations/${token}/accept`, user);
const preview = (token: string) => call('GET', `/api/invitations/${token}`);
/** `member` joins `by`'s company as `role` through an invitation. */
const join = async (
  by: TestUser,
  member: TestUser,
  role: 'manager' | 'buyer' = 'buyer',
  spendingLimit?: number | null,
) => {
  const { token } = await invited(by, member.user.email, role, spendingLimit);
  const response = await accept(member, token);
  expectStatus(response, 200);
  return myCompanySchema.parse(response.json());
};
const pending = async (user: TestUser) => {
  const response = await call('GET', '/api/companies/mine/invitations', user);
  expectStatus(response, 200);
  return response.json<Invitation[]>();
};
const patchMember = (by: TestUser, member: TestUser, body: object) =>
  call('PATCH', `/api/companies/mine/members/${member.user.id}`, by, body);
const removeMember = (by: TestUser, member: TestUser) =>
  call('DELETE', `/api/companies/mine/members/${member.user.id}`, by);
const companyCount = async () => (await t.database.db.select({ value: count() }).from(companies))[0]!.value;
const roleOf = (company: MyCompany, user: TestUser) =>
  company.members.find((member) => member.userId === user.user.id)?.role;

const address = DEPOT_ADDRESS;
const addAddress = async (by: TestUser, body: object = address) => {
  const response = await call('POST', '/api/companies/mine/addresses', by, body);
  expectStatus(response, 201);
  return response.json<CompanyAddress>();
};

/** An owner, a manager and a buyer (limit $500) of one new company. */
async function team(prefix: string) {
  const [owner, manager, buyer] = await Promise.all([
    customer(`${prefix} Owner`),
    customer(`${prefix} Manager`),
    customer(`${prefix} Buyer`),
  ]);
  const company = await createCompany(owner!, `${prefix} Motors`);
  await join(owner!, manager!, 'manager');
  await join(owner!, buyer!, 'buyer', 500);
  return { owner: owner!, manager: manager!, buyer: buyer!, company };
}

describe('POST /api/companies and GET /api/companies/mine', () => {
  it('creates a company whose creator is its owner, and shows it to them', async () => {
    const ann = await customer('Ann Owner');
    const response = await call('POST', '/api/companies', ann, {
      name: '  Ann Auto Repair ',
      taxId: 'EIN 12-3456789',
    });
    expectStatus(response, 201);
    const company = companySchema.parse(response.json());
    expect(company).toEqual({
      _id: expect.any(String),
      name: 'Ann Auto Repair',
      taxId: 'EIN 12-3456789',
      createdAt: expect.any(String),
    });
    expect(await mine(ann)).toEqual({
      ...company,
      role: 'owner',
      members: [
        { userId: ann.user.id, name: 'Ann Owner', email: ann.user.email, role: 'owner', spendingLimit: null },
      ],
      addresses: [],
      // No trade terms set: list prices, by card (docs/requirements.md §15).
      terms: DEFAULT_COMPANY_TERMS,
    });
    // No tax id: null.
    const bob = await customer('Bob Owner');
    const bare = await call('POST', '/api/companies', bob, { name: 'Bob Parts' });
    expect(bare.json()).toMatchObject({ taxId: null });
  });

  it('answers 404 to a customer without a company', async () => {
    expectStatus(
      await call('GET', '/api/companies/mine', await customer('Cy Loner')),
      404,
      messages.companies.notInCompany,
    );
  });

  it('keeps one company per user: 409 on a second create, also when several race, and no company is left over', async () => {
    const dee = await customer('Dee Owner');
    await createCompany(dee);
    const before = await companyCount();
    expectStatus(
      await call('POST', '/api/companies', dee, { name: 'Second' }),
      409,
      messages.companies.alreadyInCompany,
    );
    expect(await companyCount()).toBe(before);

    const eve = await customer('Eve Owner');
    const responses = await Promise.all(
      [1, 2, 3, 4].map((n) => call('POST', '/api/companies', eve, { name: `Race ${n}` })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await companyCount()).toBe(before + 1);
    expect((await mine(eve)).members).toHaveLength(1);
  });

  it('refuses admins (403), visitors (401) and an empty name (400)', async () => {
    expectStatus(await call('POST', '/api/companies', admin, { name: 'Admin Co' }), 403);
    expectStatus(await call('GET', '/api/companies/mine', admin), 403);
    expectStatus(await call('POST', '/api/companies', undefined, { name: 'Nobody Co' }), 401);
    const response = await call('POST', '/api/companies', await customer('Fay Owner'), { name: '   ' });
    expectStatus(response, 400);
    expect(response.json()).toMatchObject({ errors: { name: messages.companies.nameRequired } });
  });
});

describe('invitations', () => {
  it('mails a link whose token is stored only as its SHA-256, lists the invitation, previews and accepts it once', async () => {
    const owner = await customer('Gus Owner');
    const company = await createCompany(owner, 'Gus Garage');
    const email = uniqueEmail('hal');
    const before = Date.now();
    const { invitation, token } = await invited(owner, email, 'buyer', 250.5);
    expect(invitation).toEqual({
      _id: expect.any(String),
      email,
      role: 'buyer',
      spendingLimit: 250.5,
      expiresAt: expect.any(String),
      createdAt: expect.any(String),
    });
    const lifetime = Date.parse(invitation.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(INVITATION_DAYS * 86_400_000 - 60_000);
    expect(lifetime).toBeLessThan(INVITATION_DAYS * 86_400_000 + 60_000);

    // The mail: to the address, naming the company, the inviter and the role, with the link on PUBLIC_URL.
    const [mail] = await t.database.db.select().from(outboundEmails).where(eq(outboundEmails.to, email));
    expect(mail).toMatchObject({
      kind: 'company-invitation',
      subject: expect.stringContaining('Gus Garage'),
    });
    expect(mail!.text).toContain('Gus Owner invited you to join Gus Garage');
    expect(mail!.text).toContain('as a buyer');
    expect(mail!.text).toContain(`https://shop.example.com/invitations/${token}`);
    expect(mail!.html).toContain(`https://shop.example.com/invitations/${token}`);
    const [stored] = await t.database.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.id, invitation._id));
    expect(stored!.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(await pending(owner)).toEqual([invitation]);
    const shown = await preview(token);
    expectStatus(shown, 200);
    expect(invitationPreviewSchema.parse(shown.json())).toEqual({
      companyName: 'Gus Garage',
      email,
      role: 'buyer',
      invitedBy: 'Gus Owner',
      expiresAt: invitation.expiresAt,
    });

    // Signed in as that address (in any case), it joins the company with the invitation's role and limit.
    const hal = await customer('Hal Buyer', email.toUpperCase());
    const accepted = await accept(hal, token);
    expectStatus(accepted, 200);
    const joined = myCompanySchema.parse(accepted.json());
    expect(joined).toMatchObject({ _id: company._id, name: 'Gus Garage', role: 'buyer' });
    expect(joined.members).toEqual([
      expect.objectContaining({ userId: owner.user.id, role: 'owner', spendingLimit: null }),
      expect.objectContaining({
        userId: hal.user.id,
        name: 'Hal Buyer',
        role: 'buyer',
        spendingLimit: 250.5,
      }),
    ]);
    expect(await mine(hal)).toEqual(joined);
    expect((await mine(owner)).members).toHaveLength(2);

    // Once: no longer pending, previewed or accepted.
    expect(await pending(owner)).toEqual([]);
    expectStatus(await preview(token), 404, messages.companies.invitationNotFound);
    expectStatus(await accept(hal, token), 404, messages.companies.invitationNotFound);
  });

  it('answers 403 to another account, and the invitation stays usable for the invited one', async () => {
    const owner = await customer('Ida Owner');
    await createCompany(owner);
    const email = uniqueEmail('jo');
    const { token } = await invited(owner, email);
    const other = await customer('Kim Other');
    const refused = await accept(other, token);
    expectStatus(refused, 403, messages.companies.invitationOtherAccount(email));
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expectStatus(await call('GET', '/api/companies/mine', other), 404);
    expectStatus(await accept(await customer('Jo Buyer', email), token), 200);
  });

  it('answers 410 after the invitation’s 7 days, to the preview and to accepting, and no longer lists it', async () => {
    const owner = await customer('Lea Owner');
    await createCompany(owner);
    const email = uniqueEmail('max');
    const { invitation, token } = await invited(owner, email);
    await t.database.db
      .update(companyInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(companyInvitations.id, invitation._id));
    const shown = await preview(token);
    expectStatus(shown, 410, messages.companies.invitationExpired);
    expect(shown.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
    const max = await customer('Max Buyer', email);
    expectStatus(await accept(max, token), 410, messages.companies.invitationExpired);
    expectStatus(await call('GET', '/api/companies/mine', max), 404);
    expect(await pending(owner)).toEqual([]);
    // Expired, it is no longer pending: the address may be invited again.
    const again = await invited(owner, email);
    expectStatus(await accept(max, again.token), 200);
  });

  it('revokes an invitation: its link stops working; unknown, used or foreign ids get 404', async () => {
    const owner = await customer('Ned Owner');
    await createCompany(owner);
    const email = uniqueEmail('ola');
    const { invitation, token } = await invited(owner, email);
    const revoked = await call('DELETE', `/api/companies/mine/invitations/${invitation._id}`, owner);
    expectStatus(revoked, 200);
    expect(revoked.json()).toEqual({ deletedCount: 1 });
    expect(await pending(owner)).toEqual([]);
    expectStatus(await preview(token), 404, messages.companies.invitationNotFound);
    expectStatus(
      await accept(await customer('Ola Buyer', email), token),
      404,
      messages.companies.invitationNotFound,
    );
    expectStatus(await call('DELETE', `/api/companies/mine/invitations/${invitation._id}`, owner), 404);
    expectStatus(
      await call('DELETE', '/api/companies/mine/invitations/00000000-0000-4000-8000-000000000000', owner),
      404,
    );
    expectStatus(await call('DELETE', '/api/companies/mine/invitations/not-an-id', owner), 404);
  });

  it('answers 404 to a token that never existed', async () => {
    const token = 'x'.repeat(43);
    expectStatus(await preview(token), 404, messages.companies.invitationNotFound);
    expectStatus(await accept(await customer('Pia Nobody'), token), 404);
    expectStatus(await accept(await customer('Pia Again'), ''), 404);
  });

  it('answers 409 for an address already in a company or already invited (any case), and changes nothing', async () => {
    const { owner, buyer } = await team('Quinn');
    const outsider = await team('Rita');
    expectStatus(await invite(owner, buyer.user.email), 409, messages.companies.emailAlreadyInCompany);
    expectStatus(
      await invite(owner, outsider.buyer.user.email.toUpperCase()),
      409,
      messages.companies.emailAlreadyInCompany,
    );
    const email = uniqueEmail('sam');
    await invited(owner, email);
    expectStatus(await invite(owner, ` ${email.toUpperCase()} `), 409, messages.companies.alreadyInvited);
    expect(await pending(owner)).toHaveLength(1);
    // Concurrent invitations of one address: one wins.
    const other = uniqueEmail('tia');
    const raced = await Promise.all([invite(owner, other), invite(owner, other), invite(owner, other)]);
    expect(raced.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await pending(owner)).toHaveLength(2);
  });

  it('lets two companies invite one address; once it joins one, accepting the other is 409 (one company per user)', async () => {
    const first = await customer('Uma Owner');
    const second = await customer('Vic Owner');
    await createCompany(first);
    await createCompany(second);
    const email = uniqueEmail('wes');
    const a = await invited(first, email);
    const b = await invited(second, email);
    const wes = await customer('Wes Buyer', email);
    expectStatus(await accept(wes, a.token), 200);
    expectStatus(await accept(wes, b.token), 409, messages.companies.emailAlreadyInCompany);
    expect((await mine(wes)).role).toBe('buyer');
    // The second invitation is still pending: nothing of it was used.
    expect(await pending(second)).toHaveLength(1);
  });

  it('lets one of two concurrent accepts of a token win; the other is 404', async () => {
    const owner = await customer('Yul Owner');
    await createCompany(owner);
    const email = uniqueEmail('zed');
    const { token } = await invited(owner, email);
    const zed = await customer('Zed Buyer', email);
    const responses = await Promise.all([accept(zed, token), accept(zed, token), accept(zed, token)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404, 404]);
    expect((await mine(owner)).members).toHaveLength(2);
  });

  it('lets managers invite and list; buyers get 403; a manager has no limit; an owner cannot be invited', async () => {
    const { owner, manager, buyer } = await team('Abe');
    const { invitation } = await invited(manager, uniqueEmail('bea'), 'manager', 100);
    expect(invitation).toMatchObject({ role: 'manager', spendingLimit: null });
    expect(await pending(manager)).toEqual([invitation]);
    expect(await pending(owner)).toEqual([invitation]);
    expectStatus(await invite(buyer, uniqueEmail('cal')), 403, messages.companies.managersOnly);
    expectStatus(
      await call('GET', '/api/companies/mine/invitations', buyer),
      403,
      messages.companies.managersOnly,
    );
    expectStatus(
      await call('DELETE', `/api/companies/mine/invitations/${invitation._id}`, buyer),
      403,
      messages.companies.managersOnly,
    );
    const asOwner = await invite(owner, uniqueEmail('dot'), 'owner' as 'manager');
    expectStatus(asOwner, 400);
    expect(asOwner.json()).toMatchObject({ errors: { role: messages.companies.roleInvalid } });
    expectStatus(await invite(owner, uniqueEmail('eli'), 'buyer', 10.001), 400);
    expectStatus(await invite(owner, 'not-an-email'), 400);
    // Customers outside any company: 404.
    expectStatus(
      await invite(await customer('Fin Loner'), uniqueEmail('gil')),
      404,
      messages.companies.notInCompany,
    );
    // Not signed in: 401 (the preview alone is public).
    expectStatus(await call('POST', '/api/invitations/abc/accept'), 401);
  });
});

describe('members', () => {
  it('lets an owner change a buyer’s limit and role; owners and managers have no limit', async () => {
    const { owner, buyer } = await team('Hank');
    const limited = await patchMember(owner, buyer, { spendingLimit: 1234.56 });
    expectStatus(limited, 200);
    expect(limited.json()).toEqual({
      userId: buyer.user.id,
      name: 'Hank Buyer',
      email: buyer.user.email,
      role: 'buyer',
      spendingLimit: 1234.56,
    });
    expect((await patchMember(owner, buyer, { spendingLimit: null })).json()).toMatchObject({
      spendingLimit: null,
    });
    await patchMember(owner, buyer, { spendingLimit: 75 });
    // Promoted to manager: no limit; back to buyer: no limit until one is set.
    expect((await patchMember(owner, buyer, { role: 'manager' })).json()).toMatchObject({
      role: 'manager',
      spendingLimit: null,
    });
    expect((await patchMember(owner, buyer, { role: 'buyer' })).json()).toMatchObject({
      spendingLimit: null,
    });
    expect((await patchMember(owner, buyer, { role: 'buyer', spendingLimit: 20 })).json()).toMatchObject({
      spendingLimit: 20,
    });
    const company = await mine(buyer);
    expect(company.members.find((member) => member.userId === buyer.user.id)).toMatchObject({
      spendingLimit: 20,
    });
    const [row] = await t.database.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.userId, buyer.user.id));
    expect(row!.spendingLimitCents).toBe(2000);
    expectStatus(await patchMember(owner, buyer, {}), 400);
    expectStatus(await patchMember(owner, buyer, { spendingLimit: -1 }), 400);
  });

  it('lets a manager manage buyers, but not touch an owner nor make anyone owner', async () => {
    const { owner, manager, buyer } = await team('Ivy');
    expectStatus(await patchMember(manager, buyer, { spendingLimit: 99.99 }), 200);
    expectStatus(
      await patchMember(manager, owner, { spendingLimit: 5 }),
      403,
      messages.companies.cannotTouchOwner,
    );
    expectStatus(
      await patchMember(manager, owner, { role: 'buyer' }),
      403,
      messages.companies.cannotTouchOwner,
    );
    expectStatus(await removeMember(manager, owner), 403, messages.companies.cannotTouchOwner);
    expectStatus(
      await patchMember(manager, buyer, { role: 'owner' }),
      403,
      messages.companies.onlyOwnersPromote,
    );
    expectStatus(
      await patchMember(manager, manager, { role: 'owner' }),
      403,
      messages.companies.onlyOwnersPromote,
    );
    const company = await mine(owner);
    expect(roleOf(company, owner)).toBe('owner');
    expect(roleOf(company, buyer)).toBe('buyer');
    expect(roleOf(company, manager)).toBe('manager');
    // A manager removes a buyer.
    expect((await removeMember(manager, buyer)).json()).toEqual({ deletedCount: 1 });
  });

  it('answers 403 to buyers, whatever they try, even on themselves', async () => {
    const { owner, manager, buyer } = await team('Jay');
    expectStatus(
      await patchMember(buyer, buyer, { spendingLimit: null }),
      403,
      messages.companies.managersOnly,
    );
    expectStatus(await patchMember(buyer, manager, { role: 'buyer' }), 403, messages.companies.managersOnly);
    expectStatus(await removeMember(buyer, owner), 403, messages.companies.managersOnly);
    expectStatus(await removeMember(buyer, buyer), 403, messages.companies.managersOnly);
    expect((await mine(owner)).members).toHaveLength(3);
  });

  it('keeps the last owner: neither demoted nor removed (409), until there is another owner', async () => {
    const { owner, manager } = await team('Kai');
    expectStatus(await patchMember(owner, owner, { role: 'manager' }), 409, messages.companies.lastOwner);
    expectStatus(await removeMember(owner, owner), 409, messages.companies.lastOwner);
    expect((await patchMember(owner, manager, { role: 'owner' })).json()).toMatchObject({ role: 'owner' });
    expectStatus(await patchMember(owner, owner, { role: 'buyer' }), 200);
    expect((await mine(owner)).role).toBe('buyer');
    expectStatus(await removeMember(manager, manager), 409, messages.companies.lastOwner);
    expect(roleOf(await mine(manager), manager)).toBe('owner');
  });

  it('keeps an owner when two owners demote or remove each other at once', async () => {
    const { owner, manager } = await team('Lou');
    await patchMember(owner, manager, { role: 'owner' });
    const responses = await Promise.all([
      patchMember(owner, manager, { role: 'buyer' }),
      patchMember(manager, owner, { role: 'buyer' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 403]);
    const company = await mine(owner);
    expect(company.members.filter((member) => member.role === 'owner')).toHaveLength(1);

    const other = await team('Mae');
    await patchMember(other.owner, other.manager, { role: 'owner' });
    const removals = await Promise.all([
      removeMember(other.owner, other.owner),
      removeMember(other.manager, other.manager),
    ]);
    expect(removals.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const owners = await t.database.db
      .select({ value: count() })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, other.company._id), eq(companyMembers.role, 'owner')));
    expect(owners).toEqual([{ value: 1 }]);
  });

  it('removes a member, who keeps their account and may create or join a company again', async () => {
    const { owner, buyer } = await team('Ned');
    expect((await removeMember(owner, buyer)).json()).toEqual({ deletedCount: 1 });
    expectStatus(await call('GET', '/api/companies/mine', buyer), 404);
    expect((await mine(owner)).members.map((member) => member.userId)).not.toContain(buyer.user.id);
    expectStatus(await removeMember(owner, buyer), 404, messages.companies.memberNotFound);
    await createCompany(buyer);
    expect((await mine(buyer)).role).toBe('owner');
  });

  it('lets a manager leave the company', async () => {
    const { owner, manager } = await team('Oz');
    expectStatus(await removeMember(manager, manager), 200);
    expect((await mine(owner)).members).toHaveLength(2);
  });

  it('answers 404 for a user who is not a member, and to callers without a company', async () => {
    const { owner } = await team('Pat');
    const loner = await customer('Pat Loner');
    expectStatus(await patchMember(owner, loner, { role: 'buyer' }), 404, messages.companies.memberNotFound);
    expectStatus(await call('PATCH', '/api/companies/mine/members/nobody', owner, { role: 'buyer' }), 404);
    expectStatus(await patchMember(loner, owner, { role: 'buyer' }), 404, messages.companies.notInCompany);
    expectStatus(await removeMember(loner, owner), 404, messages.companies.notInCompany);
  });
});

describe('address book', () => {
  it('lets owners and managers add, change and remove addresses, and every member read them', async () => {
    const { owner, manager, buyer } = await team('Quin');
    const depot = await addAddress(owner);
    expect(depot).toEqual({ _id: expect.any(String), ...address, line2: null });
    const branch = await addAddress(manager, { ...address, label: 'Branch', line2: 'Unit 4', country: 'CA' });
    expect(branch).toMatchObject({ label: 'Branch', line2: 'Unit 4', country: 'CA' });
    const listed = await call('GET', '/api/companies/mine/addresses', buyer);
    expectStatus(listed, 200);
    expect(listed.json()).toEqual([depot, branch]);
    expect((await mine(buyer)).addresses).toEqual([depot, branch]);

    const changed = await call('PUT', `/api/companies/mine/addresses/${depot._id}`, manager, {
      ...address,
      label: 'Old depot',
      line2: '',
    });
    expectStatus(changed, 200);
    expect(changed.json()).toEqual({ ...depot, label: 'Old depot' });
    const removed = await call('DELETE', `/api/companies/mine/addresses/${branch._id}`, owner);
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect((await call('GET', '/api/companies/mine/addresses', owner)).json()).toEqual([
      { ...depot, label: 'Old depot' },
    ]);
    expectStatus(await call('DELETE', `/api/companies/mine/addresses/${branch._id}`, owner), 404);
  });

  it('answers 403 to a buyer who writes, 404 to a customer without a company, 400 to bad input', async () => {
    const { owner, buyer } = await team('Ray');
    const depot = await addAddress(owner);
    expectStatus(
      await call('POST', '/api/companies/mine/addresses', buyer, address),
      403,
      messages.companies.managersOnly,
    );
    expectStatus(await call('PUT', `/api/companies/mine/addresses/${depot._id}`, buyer, address), 403);
    expectStatus(await call('DELETE', `/api/companies/mine/addresses/${depot._id}`, buyer), 403);
    const loner = await customer('Ray Loner');
    expectStatus(
      await call('GET', '/api/companies/mine/addresses', loner),
      404,
      messages.companies.notInCompany,
    );
    const badCountry = await call('POST', '/api/companies/mine/addresses', owner, {
      ...address,
      country: 'usa',
    });
    expectStatus(badCountry, 400);
    expect(badCountry.json()).toMatchObject({ errors: { country: messages.companies.countryInvalid } });
    expectStatus(await call('POST', '/api/companies/mine/addresses', owner, { ...address, city: '' }), 400);
    expectStatus(await call('PUT', '/api/companies/mine/addresses/not-an-id', owner, address), 404);
    expect((await call('GET', '/api/companies/mine/addresses', owner)).json()).toEqual([depot]);
  });
});

describe('one company’s members and another’s', () => {
  it('reach nothing of the other company: its addresses, invitations and members answer 404', async () => {
    const a = await team('Sal');
    const b = await team('Tam');
    const bDepot = await addAddress(b.owner);
    const bInvitation = (await invited(b.owner, uniqueEmail('uli'))).invitation;

    for (const user of [a.owner, a.manager]) {
      expectStatus(
        await call('PUT', `/api/companies/mine/addresses/${bDepot._id}`, user, {
          ...address,
          label: 'Hijacked',
        }),
        404,
        messages.companies.addressNotFound,
      );
      expectStatus(await call('DELETE', `/api/companies/mine/addresses/${bDepot._id}`, user), 404);
      expectStatus(await call('DELETE', `/api/companies/mine/invitations/${bInvitation._id}`, user), 404);
      expectStatus(
        await patchMember(user, b.buyer, { spendingLimit: 1 }),
        404,
        messages.companies.memberNotFound,
      );
      expectStatus(await patchMember(user, b.owner, { role: 'buyer' }), 404);
      expectStatus(await removeMember(user, b.buyer), 404);
    }
    // A buyer of A gets 403 before anything of B is looked at.
    expectStatus(await removeMember(a.buyer, b.buyer), 403);

    // B is as it was; A's reads show only A.
    const bCompany = await mine(b.owner);
    expect(bCompany.addresses).toEqual([bDepot]);
    expect(bCompany.members).toHaveLength(3);
    expect(bCompany.members.find((member) => member.userId === b.buyer.user.id)).toMatchObject({
      spendingLimit: 500,
    });
    expect(await pending(b.owner)).toEqual([bInvitation]);
    const aCompany = await mine(a.buyer);
    expect(aCompany._id).toBe(a.company._id);
    expect(aCompany.addresses).toEqual([]);
    expect((await call('GET', '/api/companies/mine/addresses', a.buyer)).json()).toEqual([]);
    expect(await pending(a.owner)).toEqual([]);
  });
});

describe('GET /api/admin/companies', () => {
  /** Inserts an order of `totalCents` with `status` for `companyId` (as the checkout would place it). */
  const insertOrder = (
    companyId: string,
    status: 'unpaid' | 'pending' | 'shipped' | 'cancelled',
    totalCents: number,
  ) =>
    t.database.db.insert(orders).values({
      companyId,
      companyName: 'x',
      status,
      totalCents,
      lineCount: 1,
      quantity: 2,
      productName: 'Brake pads',
      customerName: 'Someone',
      email: 'someone@example.com',
      address: '1 Depot Road',
    });

  it('lists companies newest first with member count, order count and spend; searches names and member emails', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const older = await team(`Vale${tag}`);
    const newer = await team(`Wren${tag}`);
    await insertOrder(newer.company._id, 'pending', 12_345);
    await insertOrder(newer.company._id, 'shipped', 10_000);
    await insertOrder(newer.company._id, 'unpaid', 999);
    await insertOrder(newer.company._id, 'cancelled', 5_000);

    const list = await call('GET', `/api/admin/companies?q=${tag.toUpperCase()}`, admin);
    expectStatus(list, 200);
    expect(list.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
    const items = list.json<unknown[]>().map((item) => adminCompanySummarySchema.parse(item));
    expect(items).toEqual([
      {
        _id: newer.company._id,
        name: `Wren${tag} Motors`,
        taxId: 'US-123',
        createdAt: newer.company.createdAt,
        memberCount: 3,
        orderCount: 3,
        spend: 223.45,
      },
      expect.objectContaining({ _id: older.company._id, memberCount: 3, orderCount: 0, spend: 0 }),
    ]);

    // A member's email, any case, finds their company.
    const byEmail = await call(
      'GET',
      `/api/admin/companies?q=${encodeURIComponent(older.buyer.user.email.toUpperCase())}`,
      admin,
    );
    expect(byEmail.json()).toEqual([expect.objectContaining({ _id: older.company._id })]);
    expect(byEmail.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');

    // Paged.
    const second = await call('GET', `/api/admin/companies?q=${tag}&limit=1&offset=1`, admin);
    expect(second.json()).toEqual([expect.objectContaining({ _id: older.company._id })]);
    expect(second.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
    // LIKE wildcards are literal.
    expect((await call('GET', '/api/admin/companies?q=%25_%25', admin)).json()).toEqual([]);
    const all = await call('GET', '/api/admin/companies', admin);
    expect(Number(all.headers[TOTAL_COUNT_HEADER.toLowerCase()])).toBe(await companyCount());
    expectStatus(await call('GET', '/api/admin/companies?limit=0', admin), 400);
  });

  it('shows one company with its members and addresses; 404 for an unknown id', async () => {
    const { owner, manager, buyer, company } = await team('Xia');
    const depot = await addAddress(owner);
    await insertOrder(company._id, 'pending', 4_200);
    const response = await call('GET', `/api/admin/companies/${company._id}`, admin);
    expectStatus(response, 200);
    const shown = adminCompanySchema.parse(response.json());
    expect(shown).toMatchObject({
      _id: company._id,
      name: 'Xia Motors',
      memberCount: 3,
      orderCount: 1,
      spend: 42,
    });
    expect(shown.members.map((member) => [member.userId, member.role, member.spendingLimit])).toEqual([
      [owner.user.id, 'owner', null],
      [manager.user.id, 'manager', null],
      [buyer.user.id, 'buyer', 500],
    ]);
    expect(shown.addresses).toEqual([depot]);
    expectStatus(
      await call('GET', '/api/admin/companies/00000000-0000-4000-8000-000000000000', admin),
      404,
      messages.companies.companyNotFound,
    );
    expectStatus(await call('GET', '/api/admin/companies/nope', admin), 404);
  });

  it('is for admins only', async () => {
    const { owner, company } = await team('Yan');
    expectStatus(await call('GET', '/api/admin/companies', owner), 403);
    expectStatus(await call('GET', `/api/admin/companies/${company._id}`, owner), 403);
    expectStatus(await call('GET', '/api/admin/companies'), 401);
  });
});
