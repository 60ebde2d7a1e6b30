/**
 * Superseded part numbers as clients see them (docs/requirements.md §17): the admin sets and clears a part's
 * successor by SKU (unknown SKUs, the part itself and cycles are 400s, also two admins closing a cycle at once),
 * part answers name the direct successor and the end of the chain, and carts never take a superseded part: adding
 * one is a 409 naming its replacement, quick order, import and reorder add the replacement, and a cart line whose
 * part was superseded since shows a problem that checkout refuses. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { messages, type Cart, type CartChangeResult, type Order, type Part } from '@partsforge/shared';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, putInCart } from '../../test/orders.js';

let t: TestApp;
let admin: TestUser;
let ann: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ config: { writeLimits: false } });
  [admin, ann] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
  ]);
});
afterAll(() => t.close());

/** A fresh SKU. */
const sku = (prefix: string) => `${prefix}-X${randomBytes(3).toString('hex').toUpperCase()}`;

/** A part with a known SKU, in stock, minimum 1. */
async function part(
  prefix: string,
  terms: { priceCents?: number; minqty?: number; available?: number } = {},
) {
  const code = sku(prefix);
  const id = await insertPart(t.database.db, { sku: code, name: `${prefix} part`, minqty: 1, ...terms });
  return { id, sku: code };
}

const form = {
  name: 'Brake Rotor',
  description: 'Front.',
  available: 10,
  minqty: 1,
  price: 30,
  img: 'https://example.com/rotor.png',
};

/** PUT /api/parts/:id of `id` with the form and `supersededBy` (the stock kept). */
const supersede = (id: string, supersededBy: string | null | undefined, user: TestUser = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/parts/${id}`,
    headers: user.headers,
    payload: { ...form, expectedAvailable: 10, supersededBy },
  });

const partOf = async (id: string) => (await t.app.inject({ url: `/api/parts/${id}` })).json<Part>();

describe('supersededBy in Add/Edit Product', () => {
  it('sets, resolves a chain to its last part, and clears', async () => {
    const [a, b, c] = [await part('SA'), await part('SB'), await part('SC')];
    // Warm the cache: the change must show at once.
    expect((await partOf(a.id)).supersededBy).toBeNull();
    expect((await supersede(a.id, b.sku)).statusCode).toBe(200);
    expect((await supersede(b.id, c.sku.toLowerCase())).statusCode).toBe(200);

    const oldest = await partOf(a.id);
    expect(oldest.supersededBy).toBe(b.sku);
    expect(oldest.replacement).toEqual({ _id: c.id, sku: c.sku, name: 'SC part' });
    expect((await partOf(b.id)).replacement).toEqual({ _id: c.id, sku: c.sku, name: 'SC part' });
    const newest = await partOf(c.id);
    expect([newest.supersededBy, newest.replacement]).toEqual([null, null]);

    // Lists carry the fields too.
    const listed = (await t.app.inject({ url: `/api/parts?q=${encodeURIComponent(a.sku)}` })).json<Part[]>();
    expect(listed.find((item) => item._id === a.id)?.replacement?.sku).toBe(c.sku);

    // An edit without the field keeps it; an empty one clears it.
    expect((await supersede(a.id, undefined)).statusCode).toBe(200);
    expect((await partOf(a.id)).supersededBy).toBe(b.sku);
    expect((await supersede(a.id, '')).statusCode).toBe(200);
    expect((await partOf(a.id)).supersededBy).toBeNull();
    expect((await supersede(b.id, null)).statusCode).toBe(200);
    expect((await partOf(b.id)).replacement).toBeNull();
  });

  it('adds a part already superseded', async () => {
    const next = await part('SN');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: admin.headers,
      payload: { ...form, sku: sku('SO'), supersededBy: next.sku },
    });
    expect(response.statusCode).toBe(201);
    const added = await partOf(response.json<{ insertedId: string }>().insertedId);
    expect(added.supersededBy).toBe(next.sku);
  });

  it('refuses an unknown SKU, the part itself and cycles with 400 errors.supersededBy, saving nothing', async () => {
    const [a, b, c] = [await part('SA'), await part('SB'), await part('SC')];
    const unknown = await supersede(a.id, 'NO-SUCH-SKU');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { supersededBy: messages.supersessionPages.unknownSku('NO-SUCH-SKU') },
    });
    const self = await supersede(a.id, a.sku);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ errors: { supersededBy: messages.supersessionPages.self } });

    expect((await supersede(a.id, b.sku)).statusCode).toBe(200);
    expect((await supersede(b.id, c.sku)).statusCode).toBe(200);
    const twoStep = await supersede(b.id, a.sku);
    expect(twoStep.statusCode).toBe(400);
    const cycle = await supersede(c.id, a.sku);
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json()).toMatchObject({ errors: { supersededBy: messages.supersessionPages.cycle(c.sku) } });
    expect((await partOf(c.id)).supersededBy).toBeNull();
    expect((await partOf(b.id)).supersededBy).toBe(c.sku);
    expect((await partOf(a.id)).name).toBe(form.name);
  });

  it('lets only one of two admins closing a cycle at once succeed', async () => {
    const [a, b] = [await part('SA'), await part('SB')];
    const answers = await Promise.all([supersede(a.id, b.sku), supersede(b.id, a.sku)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const [first, second] = [await partOf(a.id), await partOf(b.id)];
    expect([first.supersededBy, second.supersededBy].filter(Boolean)).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const [a, b] = [await part('SA'), await part('SB')];
    expect((await supersede(a.id, b.sku, ann)).statusCode).toBe(403);
  });
});

describe('carts and superseded parts', () => {
  /** A chain old -> middle -> current, the current part minimum 2 at $8.00. */
  async function chain() {
    const [old, middle, current] = [
      await part('BP-OLD', { priceCents: 1000 }),
      await part('BP-MID', { priceCents: 900 }),
      await part('BP-NEW', { priceCents: 800, minqty: 2 }),
    ];
    expect((await supersede(old.id, middle.sku)).statusCode).toBe(200);
    expect((await supersede(middle.id, current.sku)).statusCode).toBe(200);
    return { old, middle, current };
  }
  const clear = () => t.app.inject({ method: 'DELETE', url: '/api/cart', headers: ann.headers });
  const importText = async (text: string, dryRun = false) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/cart/import${dryRun ? '?dryRun=true' : ''}`,
      headers: ann.headers,
      payload: { text },
    });
    expect(response.statusCode).toBe(200);
    return response.json<CartChangeResult>();
  };

  it('refuses to add a superseded part: 409 PART_SUPERSEDED naming the replacement', async () => {
    await clear();
    const { old, current } = await chain();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/lines/${old.id}`,
      headers: ann.headers,
      payload: { quantity: 2 },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'PART_SUPERSEDED',
      message: `${old.sku} is replaced by ${current.sku}`,
    });
  });

  it('quick order adds the end of the chain under its own rules, marked replaced', async () => {
    await clear();
    const { old, middle, current } = await chain();
    const preview = await importText(`${old.sku} 1\n${middle.sku.toLowerCase()} 4`, true);
    expect(preview.cart.lines).toEqual([]);
    const { cart, results } = await importText(`${old.sku} 2\n${middle.sku.toLowerCase()} 4`);
    expect(results).toEqual([
      expect.objectContaining({
        line: 1,
        status: 'replaced',
        sku: current.sku,
        replacedSku: old.sku,
        partId: current.id,
        quantity: 6,
        unitPrice: 8,
      }),
      expect.objectContaining({ line: 2, status: 'replaced', replacedSku: middle.sku }),
    ]);
    expect(results[0]!.message).toContain(messages.supersessionPages.replacedBy(current.sku));
    expect(cart.lines.map((line) => [line.sku, line.quantity])).toEqual([[current.sku, 6]]);

    // The replacement's minimum applies.
    await clear();
    const below = await importText(`${old.sku} 1`);
    expect(below.results[0]).toMatchObject({ status: 'error', replacedSku: old.sku, sku: current.sku });
    expect(below.results[0]!.message).toBe(messages.cart.belowMinimum(2));
  });

  it('a line whose part was superseded since shows a problem, and checkout refuses it', async () => {
    await clear();
    const [kept, next] = [await part('BP-KEPT'), await part('BP-NEXT')];
    await putInCart(t.app, ann, kept.id, 2);
    expect((await supersede(kept.id, next.sku)).statusCode).toBe(200);
    const cart = (await t.app.inject({ url: '/api/cart', headers: ann.headers })).json<Cart>();
    expect(cart.lines[0]).toMatchObject({
      partId: kept.id,
      problem: messages.supersessionPages.replacedBy(next.sku),
    });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: ann.headers,
      payload: { address: '4 Depot Road' },
    });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json()).toMatchObject({
      code: 'LINES_UNAVAILABLE',
      lines: [{ partId: kept.id, message: messages.supersessionPages.replacedBy(next.sku) }],
    });
  });

  it("the one-part purchase of a superseded part answers 409 PART_SUPERSEDED naming the chain's end", async () => {
    const { old, current } = await chain();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: ann.headers,
      payload: { productId: old.id, quantity: 2, address: '4 Depot Road' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'PART_SUPERSEDED',
      message: `${old.sku} is replaced by ${current.sku}`,
    });
  });

  it('reorder adds the replacement of a part superseded since the order', async () => {
    await clear();
    const [was, now] = [await part('BP-WAS', { priceCents: 500 }), await part('BP-NOW', { priceCents: 500 })];
    await putInCart(t.app, ann, was.id, 3);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: ann.headers,
      payload: { address: '4 Depot Road' },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<Order>();
    expect((await supersede(was.id, now.sku)).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/reorder`,
      headers: ann.headers,
    });
    expect(response.statusCode).toBe(200);
    const { cart, results } = response.json<CartChangeResult>();
    expect(results).toEqual([
      expect.objectContaining({
        status: 'replaced',
        replacedSku: was.sku,
        sku: now.sku,
        message: messages.supersessionPages.replacedBy(now.sku),
      }),
    ]);
    expect(cart.lines.map((line) => [line.partId, line.quantity])).toEqual([[now.id, 3]]);
  });
});
