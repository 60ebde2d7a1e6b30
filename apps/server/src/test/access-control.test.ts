/**
 * THE ACCESS-CONTROL MATRIX (docs/design.md item 1; docs/decisions/004-access-tokens-and-sessions.md): the one place where the access rule of every API
 * route is written. Each row calls one route as six callers and expects an exact status from each:
 *
 * - anonymous: no credentials;
 * - customerA, customerB: two signed-up normal users (session cookie + access token);
 * - admin: a signed-up admin;
 * - forged: a well-formed, unexpired token claiming to be the admin, signed with another secret;
 * - expired: the admin's own token, expired.
 *
 * Adding a route? Add a row here (or, for a route anyone may call, an entry in PUBLIC_ROUTES): the last test
 * fails for any route of the OpenAPI document that is in neither. In `url` and `body`, `{customerA}`,
 * `{customerB}` and `{admin}` become those users' emails and `{target}` the email of a fresh customer created
 * for each call, so rows that change or remove a user leave the others untouched. A row's `prepare` runs
 * before each call and may return more placeholders, e.g. `async ({ t, customerA }) => ({ order: await
 * placeOrder(t, customerA) })` for a url '/api/order/{order}' whose DELETE must find a fresh order each time.
 *
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../db/connect.js';
import { companies, companyInvitations, companyMembers, invoices, users } from '../db/schema/index.js';
import { bearer, expiredToken, forgedToken, signUpAndGetToken, uniqueEmail, type TestUser } from './auth.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { DEPOT_ADDRESS } from './companies.js';
import { insertPart, payAtProvider, placeOrder, placePaidOrder, putInCart } from './orders.js';
import { multipartFile } from './multipart.js';
import { TINY_PNG } from './uploads.js';

const CALLERS = ['anonymous', 'customerA', 'customerB', 'admin', 'forged', 'expired'] as const;
type Caller = (typeof CALLERS)[number];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a row's `prepare` may use: the app and the signed-up callers. */
interface MatrixContext {
  t: TestApp;
  customerA: TestUser;
  customerB: TestUser;
  admin: TestUser;
}

interface MatrixRow {
  /** The route as the OpenAPI document names it, e.g. 'GET /api/user/{email}'. */
  route: `${Method} /api/${string}`;
  /** What the call is about, for the test name. */
  title: string;
  /** Path with placeholders, e.g. '/api/user/{customerA}'. */
  url: string;
  /** JSON body, with placeholders in its strings. */
  body?: unknown;
  /** A raw body instead (e.g. an uploaded file) and its Content-Type. */
  raw?: { contentType: string; data: Buffer };
  /** Runs before each call; the returned entries are placeholders too (`{name}` becomes the value). */
  prepare?: (context: MatrixContext) => Promise<Record<string, string>>;
  expected: Record<Caller, number>;
}

/** Only admins: anyone else signed in gets 403, bad or missing tokens 401. */
const adminOnly = (ok: number) =>
  ({ anonymous: 401, customerA: 403, customerB: 403, admin: ok, forged: 401, expired: 401 }) as const;

const ROWS: MatrixRow[] = [
  {
    route: 'PUT /api/user/{email}',
    title: "access token for customer A's email (session cookie, own email only)",
    url: '/api/user/{customerA}',
    body: { email: '{customerA}' },
    expected: { anonymous: 401, customerA: 200, customerB: 403, admin: 403, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/user/{email}',
    title: "customer A's normalUser flag (self or admin)",
    url: '/api/user/{customerA}',
    expected: { anonymous: 401, customerA: 200, customerB: 403, admin: 200, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/admin/{email}',
    title: "customer A's admin flag (self or admin)",
    url: '/api/admin/{customerA}',
    expected: { anonymous: 401, customerA: 200, customerB: 403, admin: 200, forged: 401, expired: 401 },
  },
  { route: 'GET /api/user', title: 'users list', url: '/api/user', expected: adminOnly(200) },
  {
    route: 'PUT /api/user/admin/{email}',
    title: 'promote a customer',
    url: '/api/user/admin/{target}',
    expected: adminOnly(200),
  },
  {
    route: 'DELETE /api/user/{email}',
    title: 'remove a customer',
    url: '/api/user/{target}',
    expected: adminOnly(200),
  },
  {
    route: 'DELETE /api/user/admin/{email}',
    title: "remove another admin's role (docs/requirements.md §13)",
    url: '/api/user/admin/{otherAdmin}',
    prepare: async ({ t }) => {
      const email = uniqueEmail('other-admin');
      await t.database.db
        .insert(users)
        .values({ id: randomUUID(), name: 'Other Admin', email, role: 'admin' });
      return { otherAdmin: email };
    },
    expected: adminOnly(200),
  },
];

/** Routes anyone may call, with or without credentials (each is tested in its module). */
/** Orders (docs/decisions/008-orders-stock-and-payments.md): a customer reads, pays and cancels only their own orders; admins list and ship all. */
const ORDER_ROWS: MatrixRow[] = [
  {
    route: 'POST /api/order',
    title: 'place an order (any signed-in user)',
    url: '/api/order',
    body: { productId: '{part}', quantity: 2, address: '1 Depot Road' },
    prepare: async ({ t }) => ({ part: await insertPart(t.database.db) }),
    expected: { anonymous: 401, customerA: 201, customerB: 201, admin: 201, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/order',
    title: "customer A's orders (own email only, admins too)",
    url: '/api/order?email={customerA}',
    expected: { anonymous: 401, customerA: 200, customerB: 403, admin: 403, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/order/{id}',
    title: "customer A's order (owner or admin)",
    url: '/api/order/{order}',
    prepare: async ({ t, customerA }) => ({ order: await placeOrder(t, customerA) }),
    expected: { anonymous: 401, customerA: 200, customerB: 403, admin: 200, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/order/{id}',
    title: "every order, called with an email as the spec's GET /order/{email} (admin)",
    url: '/api/order/{admin}',
    expected: adminOnly(200),
  },
  {
    route: 'DELETE /api/order/{id}',
    title: "cancel customer A's unpaid order (owner, normal users)",
    url: '/api/order/{order}',
    prepare: async ({ t, customerA }) => ({ order: await placeOrder(t, customerA) }),
    expected: { anonymous: 401, customerA: 200, customerB: 403, admin: 403, forged: 401, expired: 401 },
  },
  {
    route: 'PATCH /api/order/{id}',
    title: "mark customer A's order paid with its confirmed payment (owner)",
    url: '/api/order/{order}',
    body: { transactionId: '{payment}' },
    prepare: async ({ t, customerA }) => {
      const order = await placeOrder(t, customerA);
      return { order, payment: await payAtProvider(t.app, customerA, order) };
    },
    expected: { anonymous: 401, customerA: 200, customerB: 403, admin: 403, forged: 401, expired: 401 },
  },
  {
    route: 'PATCH /api/order/{id}/status',
    title: "ship customer A's paid order",
    url: '/api/order/{order}/status',
    body: { status: 'shipped' },
    prepare: async ({ t, customerA }) => ({ order: await placePaidOrder(t, customerA) }),
    expected: adminOnly(200),
  },
  {
    route: 'PATCH /api/order/{id}/status',
    title: "ship customer A's paid order with a carrier and tracking number",
    url: '/api/order/{order}/status',
    body: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    prepare: async ({ t, customerA }) => ({ order: await placePaidOrder(t, customerA) }),
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/admin/orders/{id}/shipments',
    title: "ship one unit of customer A's paid order (docs/requirements.md §16)",
    url: '/api/admin/orders/{order}/shipments',
    body: { lines: [{ lineId: '{line}', quantity: 1 }], carrier: 'UPS', trackingNumber: '1Z1' },
    prepare: async ({ t, customerA }) => shippableOrder(t, customerA),
    expected: adminOnly(201),
  },
  {
    route: 'GET /api/admin/orders/{id}/shipments/{shipmentId}/packing-slip.pdf',
    title: "the packing slip of a shipment of customer A's order (docs/requirements.md §16)",
    url: '/api/admin/orders/{order}/shipments/{shipment}/packing-slip.pdf',
    prepare: async ({ t, customerA, admin }) => {
      const { order, line } = await shippableOrder(t, customerA);
      const shipped = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order}/shipments`,
        headers: admin.headers,
        payload: { lines: [{ lineId: line, quantity: 1 }], carrier: 'UPS' },
      });
      return { order, shipment: shipped.json<{ _id: string }>()._id };
    },
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/order/{id}',
    title: 'the admin order list searched, filtered and sorted (docs/requirements.md §13)',
    url: '/api/order/{admin}?q=PF-100001&status=pending&from=2026-01-01&to=2026-12-31&sort=total&dir=asc',
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/admin/orders.csv',
    title: 'export the filtered order list as CSV (docs/requirements.md §13)',
    url: '/api/admin/orders.csv?status=pending',
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/create-payment-intent',
    title: "start paying customer A's order (owner)",
    url: '/api/create-payment-intent',
    body: { orderId: '{order}' },
    prepare: async ({ t, customerA }) => ({ order: await placeOrder(t, customerA) }),
    expected: { anonymous: 401, customerA: 200, customerB: 403, admin: 403, forged: 401, expired: 401 },
  },
];
ROWS.push(...ORDER_ROWS);

/**
 * Invoices (docs/requirements.md §13 "Invoices"): the order's customer or an admin; anyone else signed in gets 404,
 * as for an order they cannot see, and so does everyone before the order is paid.
 */
ROWS.push(
  {
    route: 'GET /api/order/{id}/invoice.pdf',
    title: "customer A's paid order's invoice (owner or admin)",
    url: '/api/order/{order}/invoice.pdf',
    prepare: async ({ t, customerA }) => ({ order: await placePaidOrder(t, customerA) }),
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 200, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/order/{id}/invoice.pdf',
    title: "customer A's unpaid order has no invoice yet",
    url: '/api/order/{order}/invoice.pdf',
    prepare: async ({ t, customerA }) => ({ order: await placeOrder(t, customerA) }),
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, forged: 401, expired: 401 },
  },
);

/** Every signed-in user, admins too, keeps their own cart (docs/requirements.md §11); nobody reaches another's. */
const signedIn = (ok: number) =>
  ({ anonymous: 401, customerA: ok, customerB: ok, admin: ok, forged: 401, expired: 401 }) as const;
/** A fresh part in the carts of both customers and the admin, so that each caller has a cart to check out. */
const fillCarts = async ({ t, customerA, customerB, admin }: MatrixContext) => {
  const part = await insertPart(t.database.db);
  for (const user of [customerA, customerB, admin]) await putInCart(t.app, user, part, 2);
  return { part };
};
const CART_ROWS: MatrixRow[] = [
  { route: 'GET /api/cart', title: 'own cart', url: '/api/cart', expected: signedIn(200) },
  {
    route: 'PUT /api/cart/lines/{partId}',
    title: 'set a line of the own cart',
    url: '/api/cart/lines/{part}',
    body: { quantity: 2 },
    prepare: async ({ t }) => ({ part: await insertPart(t.database.db) }),
    expected: signedIn(200),
  },
  {
    route: 'DELETE /api/cart/lines/{partId}',
    title: 'remove a line of the own cart',
    url: '/api/cart/lines/{part}',
    prepare: fillCarts,
    expected: signedIn(200),
  },
  { route: 'DELETE /api/cart', title: 'empty the own cart', url: '/api/cart', expected: signedIn(200) },
  {
    route: 'POST /api/cart/import',
    title: 'quick order into the own cart',
    url: '/api/cart/import',
    body: { text: 'NO-SUCH-SKU 2' },
    expected: signedIn(200),
  },
  {
    route: 'POST /api/cart/merge',
    title: "merge a visitor's cart into the own cart",
    url: '/api/cart/merge',
    body: { lines: [{ partId: '{part}', quantity: 2 }] },
    prepare: async ({ t }) => ({ part: await insertPart(t.database.db) }),
    expected: signedIn(200),
  },
  {
    route: 'POST /api/checkout',
    title: 'place the own cart as an order',
    url: '/api/checkout',
    body: { address: '1 Depot Road' },
    prepare: fillCarts,
    expected: signedIn(201),
  },
  {
    route: 'POST /api/checkout/quote',
    title: 'delivery options of the own cart',
    url: '/api/checkout/quote',
    body: { address: '1 Depot Road', country: 'US', region: 'IL', postalCode: '62701' },
    prepare: fillCarts,
    expected: signedIn(200),
  },
  {
    route: 'PUT /api/admin/shipping-methods',
    title: 'replace the delivery methods',
    url: '/api/admin/shipping-methods',
    body: [
      {
        code: 'pickup',
        name: 'Counter pickup',
        kind: 'pickup',
        transitDays: { min: 0, max: 0 },
        cutoff: '17:00',
        countries: ['US'],
      },
    ],
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/admin/tax-rates',
    title: 'tax rates by destination',
    url: '/api/admin/tax-rates',
    expected: adminOnly(200),
  },
  {
    route: 'PUT /api/admin/tax-rates',
    title: 'replace the tax rates',
    url: '/api/admin/tax-rates',
    body: [{ country: 'US', region: 'TX', ratePercent: 6.25, taxShipping: true }],
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/order/{id}/reorder',
    title: "reorder customer A's order (owner or admin, into the caller's own cart)",
    url: '/api/order/{order}/reorder',
    prepare: async ({ t, customerA }) => ({ order: await placeOrder(t, customerA) }),
    expected: { anonymous: 401, customerA: 200, customerB: 403, admin: 200, forged: 401, expired: 401 },
  },
];
ROWS.push(...CART_ROWS);

/** Every signed-in user, admins too, keeps their own My Garage (docs/requirements.md §12); nobody reaches another's. */
const GARAGE_ROWS: MatrixRow[] = [
  { route: 'GET /api/garage', title: 'own garage', url: '/api/garage', expected: signedIn(200) },
  {
    route: 'PUT /api/garage',
    title: 'replace the own garage',
    url: '/api/garage',
    body: { vehicles: [], active: null },
    expected: signedIn(200),
  },
  {
    route: 'POST /api/garage/merge',
    title: "merge a visitor's garage into the own garage",
    url: '/api/garage/merge',
    body: { vehicles: [{ year: 2019, make: 'toyota', model: 'camry' }], active: 0 },
    expected: signedIn(200),
  },
];
ROWS.push(...GARAGE_ROWS);

/** Catalogue administration, reviews and profiles (docs/decisions/009-catalogue-admin-uploads-and-profiles.md). */
const validPart = {
  name: 'Matrix Part',
  description: 'A part.',
  available: 5,
  minqty: 1,
  price: 9.5,
  img: '/images/parts/oil-filter.svg',
};
const ISSUE_5_ROWS: MatrixRow[] = [
  {
    route: 'POST /api/parts',
    title: 'add a part',
    url: '/api/parts',
    body: validPart,
    expected: adminOnly(201),
  },
  {
    route: 'PUT /api/parts/{id}',
    title: 'edit a part',
    url: '/api/parts/{part}',
    body: validPart,
    prepare: async ({ t }) => ({ part: await insertPart(t.database.db) }),
    expected: adminOnly(200),
  },
  {
    route: 'PUT /api/parts/{id}/fitment',
    title: "replace a part's fitment",
    url: '/api/parts/{part}/fitment',
    body: { universal: true, rows: [] },
    prepare: async ({ t }) => ({ part: await insertPart(t.database.db) }),
    expected: adminOnly(204),
  },
  {
    route: 'DELETE /api/parts/{id}',
    title: 'delete a part',
    url: '/api/parts/{part}',
    prepare: async ({ t }) => ({ part: await insertPart(t.database.db) }),
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/review',
    title: 'add a review (normal users)',
    url: '/api/review',
    body: { name: 'Ann', description: 'Good.', rating: 5, img: 'https://example.com/a.png' },
    expected: { anonymous: 401, customerA: 201, customerB: 201, admin: 403, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/profile/{email}',
    title: "customer A's profile (self or admin)",
    url: '/api/profile/{customerA}',
    expected: { anonymous: 401, customerA: 200, customerB: 403, admin: 200, forged: 401, expired: 401 },
  },
  {
    route: 'PUT /api/profile/{email}',
    title: "save customer A's profile (self only)",
    url: '/api/profile/{customerA}',
    body: { education: 'BSc', address: '1 Depot Road', city: 'Springfield' },
    expected: { anonymous: 401, customerA: 200, customerB: 403, admin: 403, forged: 401, expired: 401 },
  },
  {
    route: 'POST /api/uploads/images',
    title: 'upload a product image',
    url: '/api/uploads/images',
    raw: { contentType: 'image/png', data: TINY_PNG },
    expected: adminOnly(201),
  },
];
ROWS.push(...ISSUE_5_ROWS);

/** The catalogue in bulk (docs/requirements.md §13 "Catalogue in bulk"): admins only. */
const emptyImport = multipartFile('sku,name,description,price,minqty,available,img\r\n');
ROWS.push(
  {
    route: 'GET /api/admin/parts.csv',
    title: 'export every part as CSV',
    url: '/api/admin/parts.csv',
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/admin/parts/import',
    title: 'import parts from CSV (a dry run of a file of no parts)',
    url: '/api/admin/parts/import?dryRun=true',
    raw: { contentType: emptyImport.contentType, data: emptyImport.payload },
    expected: adminOnly(200),
  },
);

/** Stock history (docs/requirements.md §13): admins adjust a part's stock and read its movements. */
ROWS.push(
  {
    route: 'POST /api/admin/parts/{id}/stock-adjustments',
    title: "adjust a part's stock",
    url: '/api/admin/parts/{part}/stock-adjustments',
    body: { change: 1, note: 'Cycle count' },
    prepare: async ({ t }) => ({ part: await insertPart(t.database.db) }),
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/admin/parts/{id}/stock-movements',
    title: "a part's stock history",
    url: '/api/admin/parts/{part}/stock-movements',
    prepare: async ({ t }) => ({ part: await insertPart(t.database.db) }),
    expected: adminOnly(200),
  },
);

/** The admin's dashboard (docs/requirements.md §13, "Dashboard"): admins only. */
ROWS.push({
  route: 'GET /api/admin/dashboard',
  title: "the dashboard's figures",
  url: '/api/admin/dashboard',
  expected: adminOnly(200),
});

/**
 * A new "Verify your email" link (docs/requirements.md §13, Email): the signed-in user's own session cookie, for
 * their own address only; bearer tokens alone are not a session.
 */
ROWS.push({
  route: 'POST /api/auth/send-verification-email',
  title: 'a new verification link (session cookie, own unverified address)',
  url: '/api/auth/send-verification-email',
  body: {},
  expected: { anonymous: 401, customerA: 200, customerB: 200, admin: 200, forged: 401, expired: 401 },
});

/** Takes customers A and B out of their companies (their accounts stay). */
async function leaveCompanies({ t, customerA, customerB }: MatrixContext): Promise<void> {
  await t.database.db
    .delete(companyMembers)
    .where(inArray(companyMembers.userId, [customerA.user.id, customerB.user.id]));
}

/** Makes customers A and B each the owner of a new company: placeholders `companyA` and `companyB`. */
async function ownCompanies(context: MatrixContext): Promise<Record<string, string>> {
  await leaveCompanies(context);
  const { t, customerA, customerB } = context;
  const ids: Record<string, string> = {};
  for (const [name, user] of [
    ['companyA', customerA],
    ['companyB', customerB],
  ] as const) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: user.headers,
      payload: { name: `${name} Ltd` },
    });
    ids[name] = response.json<{ _id: string }>()._id;
  }
  return ids;
}

/**
 * ownCompanies(), then an order awaiting approval in customer A's company: placed by a new buyer of it whose spending
 * limit is $0 (docs/requirements.md §14). Placeholder `order`.
 */
async function awaitingApprovalInCompanyA(context: MatrixContext): Promise<Record<string, string>> {
  const { companyA } = await ownCompanies(context);
  const { t } = context;
  const buyer = await signUpAndGetToken(t.app, { email: uniqueEmail('buyer'), name: 'Bay Buyer' });
  await t.database.db
    .insert(companyMembers)
    .values({ userId: buyer.user.id, companyId: companyA!, role: 'buyer', spendingLimitCents: 0 });
  return { order: await placeOrder(t, buyer) };
}

/** Customer A's call of `url` with `payload`: the `_id` it answers. */
const asCustomerA = async (context: MatrixContext, method: 'POST', url: string, payload: object) =>
  (await context.t.app.inject({ method, url, headers: context.customerA.headers, payload })).json<{
    _id: string;
  }>()._id;

/** Company routes: customer A (owner of the row's company) gets `ok`, customer B (another's owner) `otherCompany`. */
const ownersOnly = (ok: number, otherCompany: number) =>
  ({
    anonymous: 401,
    customerA: ok,
    customerB: otherCompany,
    admin: 403,
    forged: 401,
    expired: 401,
  }) as const;

const shipTo = DEPOT_ADDRESS;

/**
 * Company accounts (docs/requirements.md §14): normal users only (admins 403). Each call starts with customer A and
 * customer B each the owner of a company of their own, so A reaches A's addresses, invitations and members and B,
 * in another company, gets 404 for them. An invitation is accepted by its invited account only; its preview is public.
 */
ROWS.push(
  {
    route: 'POST /api/companies',
    title: 'create a company (a customer in none)',
    url: '/api/companies',
    body: { name: 'Matrix Motors' },
    prepare: async (context) => {
      await leaveCompanies(context);
      return {};
    },
    expected: { anonymous: 401, customerA: 201, customerB: 201, admin: 403, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/companies/mine',
    title: 'own company',
    url: '/api/companies/mine',
    prepare: ownCompanies,
    expected: ownersOnly(200, 200),
  },
  {
    route: 'POST /api/companies/mine/invitations',
    title: 'invite to own company',
    url: '/api/companies/mine/invitations',
    body: { email: '{target}', role: 'buyer' },
    prepare: ownCompanies,
    expected: ownersOnly(201, 201),
  },
  {
    route: 'GET /api/companies/mine/invitations',
    title: "own company's pending invitations",
    url: '/api/companies/mine/invitations',
    prepare: ownCompanies,
    expected: ownersOnly(200, 200),
  },
  {
    route: 'DELETE /api/companies/mine/invitations/{id}',
    title: "revoke an invitation of A's company",
    url: '/api/companies/mine/invitations/{invitation}',
    prepare: async (context) => ({
      ...(await ownCompanies(context)),
      invitation: await asCustomerA(context, 'POST', '/api/companies/mine/invitations', {
        email: uniqueEmail('invitee'),
        role: 'buyer',
      }),
    }),
    expected: ownersOnly(200, 404),
  },
  {
    route: 'PATCH /api/companies/mine/members/{userId}',
    title: "change a buyer of A's company",
    url: '/api/companies/mine/members/{member}',
    body: { spendingLimit: 100 },
    prepare: async (context) => {
      const ids = await ownCompanies(context);
      return { ...ids, member: await freshMember(ids.companyA!) };
    },
    expected: ownersOnly(200, 404),
  },
  {
    route: 'DELETE /api/companies/mine/members/{userId}',
    title: "remove a buyer of A's company",
    url: '/api/companies/mine/members/{member}',
    prepare: async (context) => {
      const ids = await ownCompanies(context);
      return { ...ids, member: await freshMember(ids.companyA!) };
    },
    expected: ownersOnly(200, 404),
  },
  {
    route: 'GET /api/companies/mine/addresses',
    title: "own company's address book",
    url: '/api/companies/mine/addresses',
    prepare: ownCompanies,
    expected: ownersOnly(200, 200),
  },
  {
    route: 'POST /api/companies/mine/addresses',
    title: "add to own company's address book",
    url: '/api/companies/mine/addresses',
    body: shipTo,
    prepare: ownCompanies,
    expected: ownersOnly(201, 201),
  },
  {
    route: 'PUT /api/companies/mine/addresses/{id}',
    title: "replace an address of A's company",
    url: '/api/companies/mine/addresses/{address}',
    body: shipTo,
    prepare: async (context) => ({
      ...(await ownCompanies(context)),
      address: await asCustomerA(context, 'POST', '/api/companies/mine/addresses', shipTo),
    }),
    expected: ownersOnly(200, 404),
  },
  {
    route: 'DELETE /api/companies/mine/addresses/{id}',
    title: "remove an address of A's company",
    url: '/api/companies/mine/addresses/{address}',
    prepare: async (context) => ({
      ...(await ownCompanies(context)),
      address: await asCustomerA(context, 'POST', '/api/companies/mine/addresses', shipTo),
    }),
    expected: ownersOnly(200, 404),
  },
  {
    route: 'POST /api/invitations/{token}/accept',
    title: "accept an invitation to customer A's address (that account only)",
    url: '/api/invitations/{token}/accept',
    prepare: async (context) => {
      await leaveCompanies(context);
      const { t, customerA } = context;
      const [company] = await t.database.db
        .insert(companies)
        .values({ name: 'Inviting Ltd' })
        .returning({ id: companies.id });
      const token = randomBytes(32).toString('base64url');
      await t.database.db.insert(companyInvitations).values({
        companyId: company!.id,
        email: customerA.user.email,
        role: 'buyer',
        tokenHash: createHash('sha256').update(token).digest('hex'),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      return { token };
    },
    expected: { anonymous: 401, customerA: 200, customerB: 403, admin: 403, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/companies/mine/approvals',
    title: "the orders awaiting the caller's approval (an owner or manager)",
    url: '/api/companies/mine/approvals',
    prepare: ownCompanies,
    expected: ownersOnly(200, 200),
  },
  {
    route: 'POST /api/order/{id}/approve',
    title: "approve an order of customer A's company (its owner only)",
    url: '/api/order/{order}/approve',
    prepare: awaitingApprovalInCompanyA,
    expected: ownersOnly(200, 403),
  },
  {
    route: 'POST /api/order/{id}/reject',
    title: "reject an order of customer A's company (its owner only)",
    url: '/api/order/{order}/reject',
    body: { reason: 'Not this week' },
    prepare: awaitingApprovalInCompanyA,
    expected: ownersOnly(200, 403),
  },
  {
    route: 'GET /api/admin/companies',
    title: 'company list',
    url: '/api/admin/companies',
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/admin/companies/{id}',
    title: "customer A's company",
    url: '/api/admin/companies/{companyA}',
    prepare: ownCompanies,
    expected: adminOnly(200),
  },
);

/** Trade terms (docs/requirements.md §15): admins set price levels, companies' contract prices and terms. */
const MIGRATION_LEVELS = [
  { code: 'list', name: 'List', discountPercent: 0, categoryDiscounts: [] },
  { code: 'jobber', name: 'Jobber', discountPercent: 15, categoryDiscounts: [] },
  { code: 'dealer', name: 'Dealer', discountPercent: 25, categoryDiscounts: [] },
];
const emptyPricesImport = multipartFile('sku,price\r\n', { filename: 'prices.csv' });
ROWS.push(
  {
    route: 'GET /api/admin/price-levels',
    title: 'price levels',
    url: '/api/admin/price-levels',
    expected: adminOnly(200),
  },
  {
    route: 'PUT /api/admin/price-levels',
    title: 'replace the price levels (with the ones the migration wrote)',
    url: '/api/admin/price-levels',
    body: MIGRATION_LEVELS,
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/admin/companies/{id}/prices',
    title: "customer A's company's contract prices",
    url: '/api/admin/companies/{companyA}/prices',
    prepare: ownCompanies,
    expected: adminOnly(200),
  },
  {
    route: 'PUT /api/admin/companies/{id}/prices',
    title: "replace customer A's company's contract prices (with none)",
    url: '/api/admin/companies/{companyA}/prices',
    body: [],
    prepare: ownCompanies,
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/admin/companies/{id}/prices/import',
    title: "import customer A's company's contract prices (a dry run of a file of none)",
    url: '/api/admin/companies/{companyA}/prices/import?dryRun=true',
    raw: { contentType: emptyPricesImport.contentType, data: emptyPricesImport.payload },
    prepare: ownCompanies,
    expected: adminOnly(200),
  },
  {
    route: 'PUT /api/admin/companies/{id}/terms',
    title: "set customer A's company's terms",
    url: '/api/admin/companies/{companyA}/terms',
    body: { priceLevel: 'list', paymentTerms: 'card', creditLimit: 0, taxExempt: false },
    prepare: ownCompanies,
    expected: adminOnly(200),
  },
);

/**
 * Customer A's paid order, its invoice left with its whole balance as an invoice on account is (docs/requirements.md
 * §15). Placeholder `number`: the invoice's number.
 */
async function invoiceWithBalance({ t, customerA }: MatrixContext): Promise<Record<string, string>> {
  const orderId = await placePaidOrder(t, customerA);
  const [row] = await t.database.db
    .update(invoices)
    .set({ paidCents: 0 })
    .where(eq(invoices.orderId, orderId))
    .returning({ number: invoices.number });
  return { number: row!.number };
}

/**
 * Receivables (docs/requirements.md §15 "Payments", "Statements"): admins record payments and read every statement and
 * the receivables report; owners and managers read their own company's statement (admins 403 there, as on every
 * /companies/mine call; buyers 403 and members of no company 404: invoices/receivables.test.ts).
 */
ROWS.push(
  {
    route: 'POST /api/admin/invoices/{number}/payments',
    title: "a payment against the invoice of customer A's order",
    url: '/api/admin/invoices/{number}/payments',
    body: { amount: 1, method: 'check', reference: 'CHK-1' },
    prepare: invoiceWithBalance,
    expected: adminOnly(201),
  },
  {
    route: 'GET /api/companies/mine/statement',
    title: "own company's statement",
    url: '/api/companies/mine/statement',
    prepare: ownCompanies,
    expected: ownersOnly(200, 200),
  },
  {
    route: 'GET /api/companies/mine/statement.pdf',
    title: "own company's statement (PDF)",
    url: '/api/companies/mine/statement.pdf',
    prepare: ownCompanies,
    expected: ownersOnly(200, 200),
  },
  {
    route: 'GET /api/admin/companies/{id}/statement',
    title: "customer A's company's statement",
    url: '/api/admin/companies/{companyA}/statement',
    prepare: ownCompanies,
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/admin/companies/{id}/statement.pdf',
    title: "customer A's company's statement (PDF)",
    url: '/api/admin/companies/{companyA}/statement.pdf',
    prepare: ownCompanies,
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/admin/receivables',
    title: 'the receivables report',
    url: '/api/admin/receivables',
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/admin/receivables.csv',
    title: 'the receivables report as CSV',
    url: '/api/admin/receivables.csv',
    expected: adminOnly(200),
  },
);

/** A shipped order of customer A's (its one line, 2 units, shipped): placeholders `order` and `line`. */
async function shippedOrderOfA(context: MatrixContext): Promise<{ order: string; line: string }> {
  const placed = await shippableOrder(context.t, context.customerA);
  await context.t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${placed.order}/shipments`,
    headers: context.admin.headers,
    payload: { lines: [{ lineId: placed.line, quantity: 2 }], carrier: 'UPS' },
  });
  return placed;
}

/** A return of one unit of a shipped order of customer A's, approved when asked: placeholders `return` and `line`. */
async function returnOfA(context: MatrixContext, approved = false): Promise<Record<string, string>> {
  const { order, line } = await shippedOrderOfA(context);
  const id = await asCustomerA(context, 'POST', '/api/returns', {
    orderId: order,
    lines: [{ lineId: line, quantity: 1, reason: 'defective' }],
  });
  if (approved)
    await context.t.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${id}/approve`,
      headers: context.admin.headers,
    });
  return { return: id, line };
}

/** Returns (docs/requirements.md §17): buyers ask for and read their own; admins list, approve, reject and receive. */
ROWS.push(
  {
    route: 'POST /api/returns',
    title: "ask to return units of customer A's shipped order (404 for anyone else's)",
    url: '/api/returns',
    body: { orderId: '{order}', lines: [{ lineId: '{line}', quantity: 1, reason: 'defective' }] },
    prepare: shippedOrderOfA,
    expected: { anonymous: 401, customerA: 201, customerB: 404, admin: 403, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/returns',
    title: 'your returns',
    url: '/api/returns',
    expected: { anonymous: 401, customerA: 200, customerB: 200, admin: 403, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/returns/{id}',
    title: "customer A's return (404 for anyone else)",
    url: '/api/returns/{return}',
    prepare: (context) => returnOfA(context),
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 403, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/admin/returns',
    title: 'every return',
    url: '/api/admin/returns',
    expected: adminOnly(200),
  },
  {
    route: 'GET /api/admin/returns/{id}',
    title: 'a return',
    url: '/api/admin/returns/{return}',
    prepare: (context) => returnOfA(context),
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/admin/returns/{id}/approve',
    title: 'approve a return',
    url: '/api/admin/returns/{return}/approve',
    prepare: (context) => returnOfA(context),
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/admin/returns/{id}/reject',
    title: 'reject a return',
    url: '/api/admin/returns/{return}/reject',
    body: { reason: 'Opened packaging' },
    prepare: (context) => returnOfA(context),
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/admin/returns/{id}/receive',
    title: 'receive an approved return',
    url: '/api/admin/returns/{return}/receive',
    body: { lines: [{ lineId: '{line}', quantity: 1, condition: 'resellable' }] },
    prepare: (context) => returnOfA(context, true),
    expected: adminOnly(200),
  },
);

/**
 * A credit memo of one unit of a paid order of customer A's, issued as a received return's would be (the credit-memos
 * module's issueCreditMemo): placeholders `order`, `return` (the return it credits) and `file` (its number + .pdf).
 */
async function creditMemoOfA({ t, customerA, admin }: MatrixContext): Promise<Record<string, string>> {
  const { order, line } = await shippableOrder(t, customerA);
  const returnId = randomUUID();
  const memo = await t.database.db.transaction((tx) =>
    t.app.creditMemos.issueCreditMemo(tx as unknown as AppDatabase, {
      orderId: order,
      returnId,
      lines: [{ orderLineId: line, quantity: 1, reason: 'defective' }],
      actorId: admin.user.id,
    }),
  );
  return { order, return: returnId, file: `${memo.number}.pdf` };
}

/** Credit memos and refunds (docs/requirements.md §17): the order's buyer or an admin reads; admins refund. */
ROWS.push(
  {
    route: 'GET /api/admin/return-settings',
    title: 'the restocking fee',
    url: '/api/admin/return-settings',
    expected: adminOnly(200),
  },
  {
    route: 'PUT /api/admin/return-settings',
    title: 'set the restocking fee',
    url: '/api/admin/return-settings',
    body: { restockingFeePercent: 0 },
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/admin/orders/{id}/cancel-refund',
    title: "cancel and refund customer A's paid order",
    url: '/api/admin/orders/{order}/cancel-refund',
    prepare: async ({ t, customerA }) => ({ order: await placePaidOrder(t, customerA) }),
    expected: adminOnly(201),
  },
  {
    route: 'POST /api/admin/orders/{id}/refunds',
    title: "refund part of a line of customer A's paid order",
    url: '/api/admin/orders/{order}/refunds',
    body: { lineId: '{line}', amount: 1, reason: 'Goodwill' },
    prepare: async ({ t, customerA }) => shippableOrder(t, customerA),
    expected: adminOnly(201),
  },
  {
    route: 'GET /api/order/{id}/credit-memos',
    title: "customer A's order's credit memos (404 for anyone else)",
    url: '/api/order/{order}/credit-memos',
    prepare: creditMemoOfA,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 200, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/returns/{id}/credit-memo.pdf',
    title: "the credit memo of customer A's return (404 for anyone else)",
    url: '/api/returns/{return}/credit-memo.pdf',
    prepare: creditMemoOfA,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 200, forged: 401, expired: 401 },
  },
  {
    route: 'GET /api/admin/credit-memos/{file}',
    title: 'a credit memo by number',
    url: '/api/admin/credit-memos/{file}',
    prepare: creditMemoOfA,
    expected: adminOnly(200),
  },
);

const PUBLIC_ROUTES = [
  'GET /api/shipping-methods',
  'GET /api/health',
  'GET /api/ready',
  'GET /livez',
  'GET /readyz',
  'GET /api/vehicles/years',
  'GET /api/vehicles/makes',
  'GET /api/vehicles/models',
  'GET /api/vehicles/engines',
  'GET /api/vehicles/vin/{vin}',
  'GET /api/parts',
  'GET /api/parts/{id}',
  'GET /api/parts/{id}/fitment',
  'GET /api/make',
  'GET /api/category',
  'GET /api/review',
  'GET /api/auth-providers',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  // docs/requirements.md §13: the link in the mail is the capability (identity/identity-mails.test.ts).
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'GET /api/auth/verify-email',
  'GET /api/payments/config',
  // The invitation's token is the capability; accepting it needs the invited account (companies/company-routes.test.ts).
  'GET /api/invitations/{token}',
  // The client secret is the capability, as with Stripe.js confirming against Stripe.
  'POST /api/payments/sandbox/confirm',
  // Stripe's calls carry its signature instead of a user's token (payments/stripe-provider.test.ts).
  'POST /api/webhooks/stripe',
];

let t: TestApp;
let context: MatrixContext;
const headersOf: Partial<Record<Caller, Record<string, string>>> = {};

beforeAll(async () => {
  // Each row calls a route many times as the same users; the write limits have their own test.
  t = await buildTestApp({ config: { writeLimits: false, maxUnpaidOrders: 1000 } });
  const [customerA, customerB, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('customer-a'), name: 'Customer A' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('customer-b'), name: 'Customer B' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
  ]);
  context = { t, customerA, customerB, admin };
  headersOf.anonymous = {};
  headersOf.customerA = customerA.headers;
  headersOf.customerB = customerB.headers;
  headersOf.admin = admin.headers;
  headersOf.forged = bearer(await forgedToken(admin.user));
  headersOf.expired = bearer(await expiredToken(t.app, admin.user));
});
afterAll(() => t.close());

/** A paid order of customer A's and its first line's id: placeholders `order` and `line`. */
async function shippableOrder(t: TestApp, customer: TestUser): Promise<{ order: string; line: string }> {
  const order = await placePaidOrder(t, customer);
  const read = await t.app.inject({ url: `/api/order/${order}`, headers: customer.headers });
  return { order, line: read.json<{ lines: { _id: string }[] }>().lines[0]!._id };
}

/** `value` with every `{name}` in its strings replaced by `placeholders[name]`. */
function fill(value: unknown, placeholders: Record<string, string>): unknown {
  if (typeof value === 'string')
    return value.replace(/\{(\w+)\}/g, (match, name: string) => placeholders[name] ?? match);
  if (Array.isArray(value)) return value.map((item) => fill(item, placeholders));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, placeholders)]));
  return value;
}

/** A customer row made directly in the database: a bystander that rows may change or remove. */
async function freshTarget(): Promise<string> {
  const email = uniqueEmail('target');
  await t.database.db.insert(users).values({ id: randomUUID(), name: 'Target', email });
  return email;
}

/** A customer made directly in the database as a buyer of `companyId`: a member that rows may change or remove. */
async function freshMember(companyId: string): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(users).values({ id, name: 'Member', email: uniqueEmail('member') });
  await t.database.db.insert(companyMembers).values({ userId: id, companyId, role: 'buyer' });
  return id;
}

describe('access-control matrix', () => {
  it.each(ROWS.map((row) => [`${row.route}: ${row.title}`, row] as const))('%s', async (_name, row) => {
    const actual = {} as Record<Caller, number>;
    for (const caller of CALLERS) {
      const placeholders = {
        customerA: context.customerA.user.email,
        customerB: context.customerB.user.email,
        admin: context.admin.user.email,
        target: await freshTarget(),
        ...(await row.prepare?.(context)),
      };
      const url = fill(row.url, placeholders) as string;
      const body = fill(row.body, placeholders);
      const response = await t.app.inject({
        method: row.route.split(' ')[0] as Method,
        url: encodeURI(url),
        headers: row.raw ? { ...headersOf[caller], 'content-type': row.raw.contentType } : headersOf[caller],
        ...(row.raw ? { payload: row.raw.data } : body === undefined ? {} : { payload: body as object }),
      });
      actual[caller] = response.statusCode;
      if (response.statusCode === 401 || response.statusCode === 403)
        expect(response.json(), `${caller} ${url}`).toMatchObject({
          message: expect.any(String),
          code: response.statusCode === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN',
        });
    }
    expect(actual).toEqual(row.expected);
  });

  it('has a row (or a public entry) for every route of the API', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => method !== 'head')
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const written = new Set<string>([...ROWS.map((row) => row.route), ...PUBLIC_ROUTES]);
    const missing = documented.filter((route) => !written.has(route));
    expect(missing, 'routes without an access rule in access-control.test.ts').toEqual([]);
    const stale = [...written].filter((route) => !documented.includes(route));
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
  });
});
