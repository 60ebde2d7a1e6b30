/**
 * saveContactDetails, the one way another module saves to a customer's profile (the checkout's "save to profile",
 * docs/requirements.md §11; docs/design.md "Modules and tables"): it creates the profile, or replaces only its
 * address and phone, in the caller's transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/connect.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { saveContactDetails } from './index.js';

let t: TestApp;
let cara: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  cara = await signUpAndGetToken(t.app, { email: uniqueEmail('cara'), name: 'Cara Diaz' });
});
afterAll(() => t.close());

const profileOf = async (user: TestUser) =>
  (await t.app.inject({ url: `/api/profile/${user.user.email}`, headers: user.headers })).json();

const details = (user: TestUser, address: string, phone: string | null) => ({
  userId: user.user.id,
  name: user.user.name,
  email: user.user.email,
  address,
  phone,
});

describe('saveContactDetails', () => {
  it('creates a profile with the account, address and phone; then replaces only the address and phone', async () => {
    await saveContactDetails(t.database.db, details(cara, '7 Dock Lane', '555-0101'));
    expect(await profileOf(cara)).toEqual([
      expect.objectContaining({
        name: 'Cara Diaz',
        email: cara.user.email,
        address: '7 Dock Lane',
        phone: '555-0101',
      }),
    ]);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${cara.user.email}`,
      headers: cara.headers,
      payload: { education: 'BSc', address: '8 Dock Lane', city: 'Portland', phone: '555-0102' },
    });
    expect(saved.statusCode).toBe(200);
    await saveContactDetails(t.database.db, { ...details(cara, '9 Quay Road', ''), name: 'Not Used' });
    expect(await profileOf(cara)).toEqual([
      expect.objectContaining({
        name: 'Cara Diaz',
        education: 'BSc',
        city: 'Portland',
        address: '9 Quay Road',
        phone: null,
      }),
    ]);
  });

  it("writes in the caller's transaction: nothing is saved when it rolls back", async () => {
    const dan = await signUpAndGetToken(t.app, { email: uniqueEmail('dan'), name: 'Dan Wu' });
    await expect(
      t.database.db.transaction(async (tx) => {
        await saveContactDetails(tx as unknown as AppDatabase, details(dan, '1 Pier St', null));
        throw new Error('checkout failed');
      }),
    ).rejects.toThrow('checkout failed');
    expect(await profileOf(dan)).toEqual([]);
  });
});
