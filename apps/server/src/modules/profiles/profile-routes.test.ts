import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  [ann, bob, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Lee' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('bob'), name: 'Bob Stone' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
  ]);
});
afterAll(() => t.close());

const valid = {
  education: 'BSc Mechanical Engineering',
  address: '1 Depot Road',
  city: 'Springfield',
  phone: '555-0100',
  linkedin: 'https://www.linkedin.com/in/ann',
  img: 'https://example.com/ann.png',
  country: 'US',
  region: 'IL',
  postalCode: '62701',
};

const put = (user: TestUser, payload: object, email = user.user.email) =>
  t.app.inject({ method: 'PUT', url: `/api/profile/${email}`, headers: user.headers, payload });
const get = (user: TestUser, email: string) =>
  t.app.inject({ url: `/api/profile/${email}`, headers: user.headers });
const profileCount = async () => (await t.database.db.select({ value: count() }).from(profiles))[0]!.value;

describe('GET and PUT /api/profile/:email', () => {
  it('lists no profile before one is saved, then the saved one with the account’s name and email', async () => {
    expect((await get(ann, ann.user.email)).json()).toEqual([]);
    const saved = await put(ann, { ...valid, name: 'Someone Else', email: bob.user.email });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ acknowledged: true });
    const mine = await get(ann, ann.user.email.toUpperCase());
    expect(mine.json()).toEqual([
      { _id: expect.any(String), name: 'Ann Lee', email: ann.user.email, ...valid },
    ]);
    expect((await get(admin, ann.user.email)).json()).toEqual(mine.json());
    expect((await get(bob, bob.user.email)).json()).toEqual([]);
  });

  it('replaces the profile on a second save; empty optional fields become null', async () => {
    await put(bob, valid);
    const before = await profileCount();
    expect(
      (await put(bob, { education: 'MBA', address: '2 Elm St', city: 'Shelbyville', phone: '' })).statusCode,
    ).toBe(200);
    expect(await profileCount()).toBe(before);
    expect((await get(bob, bob.user.email)).json()).toEqual([
      expect.objectContaining({
        education: 'MBA',
        city: 'Shelbyville',
        phone: null,
        linkedin: null,
        img: null,
        country: null,
        region: null,
        postalCode: null,
      }),
    ]);
  });

  it('keeps the country in capitals and refuses one that is not two letters (docs/requirements.md §16)', async () => {
    expect(
      (await put(bob, { ...valid, country: 'ca', region: 'ON', postalCode: 'M5V 2T6' })).statusCode,
    ).toBe(200);
    expect((await get(bob, bob.user.email)).json()).toEqual([
      expect.objectContaining({ country: 'CA', region: 'ON', postalCode: 'M5V 2T6' }),
    ]);
    const bad = await put(bob, { ...valid, country: 'U1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: { country: 'Country must be a two-letter country code such as US' },
    });
  });

  it('forbids reading or writing another user’s profile (admins may read, not write)', async () => {
    expect((await get(bob, ann.user.email)).statusCode).toBe(403);
    expect((await put(bob, valid, ann.user.email)).statusCode).toBe(403);
    expect((await put(admin, valid, ann.user.email)).statusCode).toBe(403);
    expect((await get(admin, uniqueEmail('nobody'))).statusCode).toBe(404);
  });

  it.each([
    ['missing education', { ...valid, education: undefined }, { education: 'Education is Required' }],
    ['empty address', { ...valid, address: '  ' }, { address: 'Address is Required' }],
    ['missing city', { ...valid, city: '' }, { city: 'City is Required' }],
    ['city as a number', { ...valid, city: 42 }, { city: 'City is Required' }],
    [
      'a script tag',
      { ...valid, city: '<script>alert(1)</script>' },
      { city: 'City must be plain text without HTML tags' },
    ],
    [
      'a javascript: LinkedIn',
      { ...valid, linkedin: 'javascript:alert(1)' },
      { linkedin: 'LinkedIn must be an http(s) URL' },
    ],
    [
      'an ftp photo',
      { ...valid, img: 'ftp://example.com/a.png' },
      { img: 'Photo URL must be an http(s) URL' },
    ],
    ['a long phone', { ...valid, phone: '5'.repeat(31) }, { phone: 'Phone must be at most 30 characters' }],
    [
      'a long address',
      { ...valid, address: 'a'.repeat(301) },
      { address: 'Address must be at most 300 characters' },
    ],
    [
      'a 1 MB education',
      { ...valid, education: 'x'.repeat(1024 * 1024 - 400) },
      { education: 'Education must be at most 200 characters' },
    ],
  ])('rejects %s with 400 and its message, changing nothing', async (_name, payload, errors) => {
    const before = (await get(ann, ann.user.email)).json();
    const response = await put(ann, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    expect((await get(ann, ann.user.email)).json()).toEqual(before);
  });
});
