/**
 * Plain-text fields as a client sees them (docs/security.md V1, packages/shared/src/text-fields.ts): every route
 * that stores free text (sign-up name, profile, order and checkout address, phone, PO number and note, review,
 * product, stock reason, carrier, fitment note) answers an HTML tag or a control character with 400
 * VALIDATION_FAILED naming the field, and changes nothing; multi-line fields keep line breaks, and a lone "<" is
 * text. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { messages } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLines,
  orders,
  partFitments,
  parts,
  profiles,
  reviews,
  stockMovements,
  users,
} from '../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, uniqueRemoteAddress, type TestUser } from './auth.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { insertPart, putInCart } from './orders.js';

let t: TestApp;
let ann: TestUser;
let admin: TestUser;
let partId: string;

beforeAll(async () => {
  t = await buildTestApp({ config: { writeLimits: false } });
  [ann, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' }),
  ]);
  partId = await insertPart(t.database.db, { minqty: 1 });
  await putInCart(t.app, ann, partId, 2);
});
afterAll(() => t.close());

/** Every row a refused write could have touched. */
async function state() {
  const { db } = t.database;
  return Promise.all(
    [users, profiles, orders, cartLines, reviews, parts, partFitments, stockMovements].map((table) =>
      db.select().from(table),
    ),
  );
}

const { plainText, controlCharacters } = messages.validation;
const image = 'https://example.com/a.png';
const product = { name: 'Pads', description: 'Front pads', available: 5, minqty: 1, price: 3, img: image };

/** One write: its method and URL, a valid body, who sends it, and the body's plain-text fields (label, multi-line). */
interface Route {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  body: () => Record<string, unknown>;
  caller?: () => TestUser;
  fields: [field: string, label: string, multiLine: boolean][];
}

const routes: Route[] = [
  {
    name: 'POST /api/auth/sign-up/email',
    method: 'POST',
    url: () => '/api/auth/sign-up/email',
    body: () => ({ name: 'New Buyer', email: 'new-buyer@example.com', password: 'long enough password' }),
    fields: [['name', 'Name', false]],
  },
  {
    name: 'PUT /api/profile/{email}',
    method: 'PUT',
    url: () => `/api/profile/${ann.user.email}`,
    body: () => ({ education: 'BSc', address: '1 Depot Road', city: 'Springfield', phone: '555-0100' }),
    caller: () => ann,
    fields: [
      ['education', 'Education', false],
      ['address', 'Address', true],
      ['city', 'City', false],
      ['phone', 'Phone', false],
    ],
  },
  {
    name: 'POST /api/order',
    method: 'POST',
    url: () => '/api/order',
    body: () => ({ productId: partId, quantity: 2, address: '1 Depot Road', phone: '555-0100' }),
    caller: () => ann,
    fields: [
      ['address', 'Address', true],
      ['phone', 'Phone', false],
    ],
  },
  {
    name: 'POST /api/checkout',
    method: 'POST',
    url: () => '/api/checkout',
    body: () => ({ address: '1 Depot Road', phone: '555-0100', poNumber: 'PO-1', note: 'Bay 3' }),
    caller: () => ann,
    fields: [
      ['address', 'Address', true],
      ['phone', 'Phone', false],
      ['poNumber', 'PO number', false],
      ['note', 'Note', true],
    ],
  },
  {
    name: 'POST /api/review',
    method: 'POST',
    url: () => '/api/review',
    body: () => ({ name: 'Ann', description: 'Good pads', rating: 5, img: image }),
    caller: () => ann,
    fields: [
      ['name', 'Name', false],
      ['description', 'Description', true],
    ],
  },
  {
    name: 'POST /api/parts',
    method: 'POST',
    url: () => '/api/parts',
    body: () => product,
    caller: () => admin,
    fields: [
      ['name', 'Title', false],
      ['description', 'Description', true],
    ],
  },
  {
    name: 'POST /api/admin/parts/{id}/stock-adjustments',
    method: 'POST',
    url: () => `/api/admin/parts/${partId}/stock-adjustments`,
    body: () => ({ change: 1, note: 'Cycle count' }),
    caller: () => admin,
    fields: [['note', 'Reason', false]],
  },
  {
    name: 'PUT /api/parts/{id}/fitment',
    method: 'PUT',
    url: () => `/api/parts/${partId}/fitment`,
    body: () => ({
      universal: false,
      rows: [{ make: 'toyota', model: 'camry', yearFrom: 2019, yearTo: 2019 }],
    }),
    caller: () => admin,
    fields: [
      ['rows.0.note', 'Note', false],
      ['rows.0.submodel', 'Submodel', false],
    ],
  },
];

/** `body` with the field at `path` ('rows.0.note') set to `value`. */
function withField(body: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy;
}

const cases = routes.flatMap((route) =>
  route.fields.flatMap(([field, label, multiLine]) => [
    [route.name, field, 'a script tag', '<script>alert(1)</script>', plainText(label)] as const,
    [route.name, field, 'a bold tag', 'Fast <b>delivery</b>', plainText(label)] as const,
    [route.name, field, 'a closing tag', 'x </div', plainText(label)] as const,
    [route.name, field, 'a bell character', 'ring\u0007ring', controlCharacters(label, multiLine)] as const,
    [route.name, field, 'an escape sequence', 'x\u001b[31my', controlCharacters(label, multiLine)] as const,
    [route.name, field, 'a tab', 'a\tb', controlCharacters(label, multiLine)] as const,
    ...(multiLine
      ? []
      : [[route.name, field, 'a line break', 'one\ntwo', controlCharacters(label, false)] as const]),
  ]),
);

describe('plain-text fields', () => {
  it.each(cases)(
    '%s refuses %s in %s: 400 naming the field, nothing changed',
    async (routeName, field, _what, value, message) => {
      const route = routes.find((candidate) => candidate.name === routeName)!;
      const before = await state();
      const response = await t.app.inject({
        method: route.method,
        url: route.url(),
        headers: route.caller?.().headers ?? {},
        remoteAddress: uniqueRemoteAddress(),
        payload: withField(route.body(), field, value),
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ message: string; code: string; errors: Record<string, string> }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors[field]).toBe(message);
      expect(body.message).toContain(message);
      expect(await state()).toEqual(before);
    },
  );

  it('keeps line breaks in multi-line fields and a lone "<" anywhere', async () => {
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: ann.headers,
      payload: { name: 'Ann <3', description: 'Wear < 2 mm\r\nstill quiet', rating: 5, img: image },
    });
    expect(review.statusCode).toBe(201);
    const profile = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${ann.user.email}`,
      headers: ann.headers,
      payload: { education: 'BSc', address: '1 Depot Road\nUnit 4', city: 'Springfield', phone: '555-0100' },
    });
    expect(profile.statusCode).toBe(200);
    const read = await t.app.inject({ url: `/api/profile/${ann.user.email}`, headers: ann.headers });
    expect(read.json()).toMatchObject([{ address: '1 Depot Road\nUnit 4' }]);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: ann.headers,
      payload: { address: '1 Depot Road\nUnit 4', poNumber: 'PO <7>', note: 'Gate 4\nRing twice' },
    });
    expect(checkout.statusCode).toBe(201);
  });
});
