import { messages, TOTAL_COUNT_HEADER, userListItemSchema } from '@partsforge/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orders, reviews, users, type OrderStatus } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' });
  customer = await signUpAndGetToken(t.app, { email: uniqueEmail('cust'), name: 'Carl Customer' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, as: TestUser) =>
  t.app.inject({ method, url, headers: as.headers });

/** Stores an order of `user` with `status` and a total of `totalCents`, as checkout would have. */
async function insertOrder(user: TestUser, status: OrderStatus, totalCents: number) {
  await t.database.db.insert(orders).values({
    userId: user.user.id,
    lineCount: 1,
    quantity: 1,
    productName: 'Brake Pad Set',
    totalCents,
    customerName: user.user.name,
    email: user.user.email,
    address: '1 Depot Road',
    status,
  });
}

describe('role flags', () => {
  it('answers normalUser and admin for oneself and, for an admin, about anyone', async () => {
    expect((await call('GET', `/api/user/${customer.user.email}`, customer)).json()).toEqual({
      normalUser: true,
    });
    expect((await call('GET', `/api/admin/${customer.user.email}`, customer)).json()).toEqual({
      admin: false,
    });
    expect((await call('GET', `/api/admin/${admin.user.email}`, admin)).json()).toEqual({ admin: true });
    expect((await call('GET', `/api/user/${admin.user.email}`, admin)).json()).toEqual({ normalUser: false });
    expect((await call('GET', `/api/admin/${customer.user.email.toUpperCase()}`, admin)).json()).toEqual({
      admin: false,
    });
  });

  it('answers 404 to an admin asking about an unknown email', async () => {
    const response = await call('GET', '/api/admin/nobody@example.com', admin);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.errors.userNotFound, code: 'NOT_FOUND' });
  });
});

describe('GET /api/user', () => {
  it('lists users newest first as { _id, name, email, role, orderCount, spend } with the total, paged', async () => {
    const response = await call('GET', '/api/user', admin);
    expect(response.statusCode).toBe(200);
    const list = z.array(userListItemSchema.strict()).parse(response.json());
    expect(list.slice(0, 2)).toEqual([
      {
        _id: customer.user.id,
        name: 'Carl Customer',
        email: customer.user.email,
        role: 'user',
        orderCount: 0,
        spend: 0,
      },
      {
        _id: admin.user.id,
        name: 'Ada Admin',
        email: admin.user.email,
        role: 'admin',
        orderCount: 0,
        spend: 0,
      },
    ]);
    expect(Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()])).toBe(list.length);
    const second = await call('GET', '/api/user?limit=1&offset=1', admin);
    expect(second.json()).toEqual([list[1]]);
  });

  it('finds users by a part of their name or email, any case, and counts the matches', async () => {
    const quill = await signUpAndGetToken(t.app, { email: uniqueEmail('quill'), name: 'Quentin Quill' });
    const quince = await signUpAndGetToken(t.app, { email: uniqueEmail('qq'), name: 'Quince Quarry' });
    const byName = await call('GET', '/api/user?q=QUENTIN', admin);
    expect(byName.json().map((user: { _id: string }) => user._id)).toEqual([quill.user.id]);
    expect(byName.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
    const byEmail = await call(
      'GET',
      `/api/user?q=${encodeURIComponent(quince.user.email.slice(0, 9))}`,
      admin,
    );
    expect(byEmail.json().map((user: { _id: string }) => user._id)).toEqual([quince.user.id]);
    const both = await call('GET', '/api/user?q=%20qu%20&limit=1', admin);
    expect(both.json().map((user: { _id: string }) => user._id)).toEqual([quince.user.id]);
    expect(both.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
    const next = await call('GET', '/api/user?q=qu&limit=1&offset=1', admin);
    expect(next.json().map((user: { _id: string }) => user._id)).toEqual([quill.user.id]);
    const wildcard = await call('GET', `/api/user?q=${encodeURIComponent('%')}`, admin);
    expect(wildcard.json()).toEqual([]);
    expect(wildcard.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('0');
    expect((await call('GET', `/api/user?q=${'x'.repeat(201)}`, admin)).statusCode).toBe(400);
  });

  it("shows each user's orders (cancelled left out) and spend in dollars (paid orders only)", async () => {
    const buyer = await signUpAndGetToken(t.app, { email: uniqueEmail('spender'), name: 'Sam Spender' });
    await insertOrder(buyer, 'pending', 10_050);
    await insertOrder(buyer, 'shipped', 2_500);
    await insertOrder(buyer, 'unpaid', 700);
    await insertOrder(buyer, 'expired', 300);
    await insertOrder(buyer, 'cancelled', 900);
    const response = await call('GET', `/api/user?q=${encodeURIComponent(buyer.user.email)}`, admin);
    expect(response.json()).toEqual([
      {
        _id: buyer.user.id,
        name: 'Sam Spender',
        email: buyer.user.email,
        role: 'user',
        orderCount: 4,
        spend: 125.5,
      },
    ]);
  });
});

describe('PUT /api/user/admin/{email}', () => {
  it('promotes a customer (modifiedCount 1, then 0), whose existing token opens admin routes at once', async () => {
    const bob = await signUpAndGetToken(t.app, { email: uniqueEmail('bob'), name: 'Bob' });
    expect((await call('GET', '/api/user', bob)).statusCode).toBe(403);
    const first = await call('PUT', `/api/user/admin/${bob.user.email}`, admin);
    expect(first.json()).toEqual({ modifiedCount: 1 });
    expect((await call('PUT', `/api/user/admin/${bob.user.email}`, admin)).json()).toEqual({
      modifiedCount: 0,
    });
    expect((await call('GET', '/api/user', bob)).statusCode).toBe(200);
    expect((await call('GET', `/api/user/${bob.user.email}`, bob)).json()).toEqual({ normalUser: false });

    // Demotion (by the database, as no route demotes) takes effect at once too.
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, bob.user.id));
    expect((await call('GET', '/api/user', bob)).statusCode).toBe(403);
  });

  it('answers a customer with 403 and an unknown email with 404', async () => {
    const forbidden = await call('PUT', `/api/user/admin/${customer.user.email}`, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: messages.errors.forbidden, code: 'FORBIDDEN' });
    expect((await call('PUT', '/api/user/admin/nobody@example.com', admin)).statusCode).toBe(404);
  });
});

describe('DELETE /api/user/{email}', () => {
  it('removes a user, whose token and session stop working at once; their reviews stay', async () => {
    const gone = await signUpAndGetToken(t.app, { email: uniqueEmail('gone'), name: 'Gone' });
    const [review] = await t.database.db
      .insert(reviews)
      .values({
        userId: gone.user.id,
        name: 'Gone',
        img: '/images/reviews/1.svg',
        description: 'Ok',
        rating: 4,
      })
      .returning({ id: reviews.id });

    const response = await call('DELETE', `/api/user/${gone.user.email.toUpperCase()}`, admin);
    expect(response.json()).toEqual({ deletedCount: 1 });

    expect(await t.app.identity.users.findById(gone.user.id)).toBeUndefined();
    const withToken = await call('GET', `/api/user/${gone.user.email}`, gone);
    expect(withToken.statusCode).toBe(401);
    const renew = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${gone.user.email}`,
      headers: { cookie: gone.cookie },
    });
    expect(renew.statusCode).toBe(401);
    const [kept] = await t.database.db.select().from(reviews).where(eq(reviews.id, review!.id));
    expect(kept).toMatchObject({ userId: null, name: 'Gone' });
    expect((await call('DELETE', `/api/user/${gone.user.email}`, admin)).statusCode).toBe(404);
  });

  it('never removes the caller', async () => {
    const response = await call('DELETE', `/api/user/${admin.user.email}`, admin);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.errors.cannotRemoveSelf, code: 'FORBIDDEN' });
    expect(await t.app.identity.users.findById(admin.user.id)).toBeDefined();
  });

  it('never removes the last admin', async () => {
    // Only reachable when the caller lost the role meanwhile: the repository holds the rule either way.
    await expect(t.app.identity.users.removeUser(customer.user.id, admin.user.email)).rejects.toMatchObject({
      statusCode: 409,
      message: messages.errors.lastAdmin,
    });
    expect(await t.app.identity.users.findById(admin.user.id)).toBeDefined();
  });

  it('lets only one of two admins removing each other at the same time succeed', async () => {
    const first = await signUpAndGetToken(t.app, {
      email: uniqueEmail('first'),
      name: 'First',
      role: 'admin',
    });
    const second = await signUpAndGetToken(t.app, {
      email: uniqueEmail('second'),
      name: 'Second',
      role: 'admin',
    });
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.user.id));
    try {
      const responses = await Promise.all([
        call('DELETE', `/api/user/${second.user.email}`, first),
        call('DELETE', `/api/user/${first.user.email}`, second),
      ]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The loser was removed (401 at its guard) or found itself the last admin (409).
      expect([401, 409]).toContain(statuses[1]);
      const admins = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
    } finally {
      await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    }
  });
});

/** Runs `test` with only `ids` left admins (the other admins are customers meanwhile, admins again after). */
async function withOnlyAdmins(ids: string[], test: () => Promise<void>) {
  const admins = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  const bystanders = admins.filter(({ id }) => !ids.includes(id));
  for (const { id } of bystanders)
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, id));
  try {
    await test();
  } finally {
    for (const { id } of bystanders)
      await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
  }
}

describe('DELETE /api/user/admin/{email} (remove the admin role)', () => {
  it("removes another admin's role (modifiedCount 1, then 0); their existing token loses admin rights at once", async () => {
    const olga = await signUpAndGetToken(t.app, { email: uniqueEmail('olga'), name: 'Olga', role: 'admin' });
    expect((await call('GET', '/api/user', olga)).statusCode).toBe(200);
    const response = await call('DELETE', `/api/user/admin/${olga.user.email.toUpperCase()}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect((await call('GET', '/api/user', olga)).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/${olga.user.email}`, olga)).json()).toEqual({ admin: false });
    expect((await call('DELETE', `/api/user/admin/${olga.user.email}`, admin)).json()).toEqual({
      modifiedCount: 0,
    });
  });

  it("never removes the caller's own role (400)", async () => {
    const response = await call('DELETE', `/api/user/admin/${admin.user.email}`, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: messages.errors.cannotDemoteSelf,
      code: 'CANNOT_DEMOTE_SELF',
    });
    expect((await t.app.identity.users.findById(admin.user.id))?.role).toBe('admin');
  });

  it('never removes the last admin (409)', async () => {
    // Only reachable when the caller lost the role meanwhile: the repository holds the rule either way.
    await withOnlyAdmins([admin.user.id], async () => {
      await expect(
        t.app.identity.users.demoteAdmin(customer.user.id, admin.user.email),
      ).rejects.toMatchObject({
        statusCode: 409,
        message: messages.errors.lastAdmin,
      });
      expect((await t.app.identity.users.findById(admin.user.id))?.role).toBe('admin');
    });
  });

  it('answers a customer with 403 and an unknown email with 404', async () => {
    const forbidden = await call('DELETE', `/api/user/admin/${admin.user.email}`, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: messages.errors.forbidden, code: 'FORBIDDEN' });
    const unknown = await call('DELETE', '/api/user/admin/nobody@example.com', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.errors.userNotFound, code: 'NOT_FOUND' });
  });

  it('lets only one of two admins removing each other’s role at the same time succeed', async () => {
    const first = await signUpAndGetToken(t.app, { email: uniqueEmail('one'), name: 'One', role: 'admin' });
    const second = await signUpAndGetToken(t.app, { email: uniqueEmail('two'), name: 'Two', role: 'admin' });
    await withOnlyAdmins([first.user.id, second.user.id], async () => {
      const responses = await Promise.all([
        call('DELETE', `/api/user/admin/${second.user.email}`, first),
        call('DELETE', `/api/user/admin/${first.user.email}`, second),
      ]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The loser found itself the last admin (409), or had lost the role before its guard ran (403).
      expect([403, 409]).toContain(statuses[1]);
      const admins = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
    });
  });
});
