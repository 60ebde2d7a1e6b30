import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parts, stockMovements } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { catalogFixture } from '../../test/catalog-fixture.js';
import { insertPart, placeOrderFor } from '../../test/orders.js';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ seed: catalogFixture });
  [admin, customer] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('customer'), name: 'Customer' }),
  ]);
});
afterAll(() => t.close());

const valid = {
  name: 'Ceramic Brake Pads',
  description: 'Front axle set.',
  available: 40,
  minqty: 4,
  price: 24.99,
  img: 'https://example.com/pads.png',
};

async function partCount() {
  const [row] = await t.database.db.select({ value: count() }).from(parts);
  return row!.value;
}

function post(payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/parts', headers: admin.headers, payload });
}

describe('POST /api/parts', () => {
  it('adds a part that the public catalogue then lists at once (cache invalidated), price in dollars', async () => {
    // Warm the cache first: the new part must still show.
    await t.app.inject({ url: '/api/parts?q=ceramic' });
    const response = await post({ ...valid, sku: 'CBP-001' });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();
    const listed = await t.app.inject({ url: '/api/parts?q=ceramic' });
    expect(listed.json()).toEqual([
      expect.objectContaining({ _id: insertedId, name: valid.name, price: 24.99, minqty: 4, sku: 'CBP-001' }),
    ]);
  });

  it('generates a SKU when none is given and accepts the shop’s own /uploads/ images', async () => {
    const response = await post({ ...valid, name: 'Wiper', img: '/uploads/abc123.png', sku: '' });
    expect(response.statusCode).toBe(201);
    const part = (
      await t.app.inject({ url: `/api/parts/${response.json<{ insertedId: string }>().insertedId}` })
    ).json<{ sku: string; img: string }>();
    expect(part.sku).toMatch(/^PF-[0-9A-F]{8}$/);
    expect(part.img).toBe('/uploads/abc123.png');
  });

  it('answers 409 for a SKU another part has, and adds nothing', async () => {
    const before = await partCount();
    const response = await post({ ...valid, sku: 'TP-0001' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Another part already has this SKU',
      code: 'SKU_TAKEN',
      errors: { sku: 'Another part already has this SKU' },
    });
    expect(await partCount()).toBe(before);
  });

  const huge = 'x'.repeat(1024 * 1024 - 200);
  it.each([
    ['missing title', { ...valid, name: undefined }, { name: 'Title is Required' }],
    ['empty title', { ...valid, name: '  ' }, { name: 'Title is Required' }],
    ['missing description', { ...valid, description: '' }, { description: 'Description is Required' }],
    ['missing quantity', { ...valid, available: undefined }, { available: 'Quantity is Required' }],
    [
      'missing minimum order quantity',
      { ...valid, minqty: undefined },
      { minqty: 'Minimum Order Quantity is Required' },
    ],
    ['missing price', { ...valid, price: undefined }, { price: 'Price is Required' }],
    ['missing image', { ...valid, img: '' }, { img: 'Image is Required' }],
    ['a number sent as text', { ...valid, price: '24.99' }, { price: 'Price is Required' }],
    ['negative stock', { ...valid, available: -1 }, { available: 'Quantity must be at least 0' }],
    ['minqty 0', { ...valid, minqty: 0 }, { minqty: 'Minimum order quantity must be at least 1' }],
    ['fractional stock', { ...valid, available: 1.5 }, { available: 'Quantity must be a whole number' }],
    ['huge stock', { ...valid, available: 1e12 }, { available: 'Quantity must be at most 1,000,000,000' }],
    ['price 0', { ...valid, price: 0 }, { price: 'Price must be more than 0' }],
    ['negative price', { ...valid, price: -5 }, { price: 'Price must be more than 0' }],
    ['price with 3 decimals', { ...valid, price: 1.234 }, { price: 'Price can have at most two decimals' }],
    ['huge price', { ...valid, price: 1e9 }, { price: 'Price must be at most 1,000,000' }],
    [
      'a script tag',
      { ...valid, name: '<script>alert(1)</script>' },
      { name: 'Title must be plain text without HTML tags' },
    ],
    [
      'a javascript: image',
      { ...valid, img: 'javascript:alert(1)' },
      { img: 'Image must be an http(s) URL or an uploaded image' },
    ],
    [
      'a data: image',
      { ...valid, img: 'data:image/png;base64,AAAA' },
      { img: 'Image must be an http(s) URL or an uploaded image' },
    ],
    [
      'a path escaping /uploads',
      { ...valid, img: '/uploads/../secret' },
      { img: 'Image must be an http(s) URL or an uploaded image' },
    ],
    ['a long title', { ...valid, name: 'x'.repeat(201) }, { name: 'Title must be at most 200 characters' }],
    [
      'a 1 MB description',
      { ...valid, description: huge },
      { description: 'Description must be at most 2,000 characters' },
    ],
    [
      'a malformed category',
      { ...valid, category: 'brakes' },
      { category: 'Category must be an existing category' },
    ],
  ])('rejects %s with 400 and its message, adding nothing', async (_name, payload, fieldErrors) => {
    const before = await partCount();
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: fieldErrors });
    expect(await partCount()).toBe(before);
  });

  it('rejects an unknown category id with 400, and a body over 1 MB with 413', async () => {
    const before = await partCount();
    const unknown = await post({ ...valid, category: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain('Category must be an existing category');
    const tooBig = await post({ ...valid, description: 'x'.repeat(1024 * 1024 + 10) });
    expect(tooBig.statusCode).toBe(413);
    expect(await partCount()).toBe(before);
  });
});

describe('wholesale terms in POST and PUT /api/parts', () => {
  const terms = {
    packSize: 4,
    priceBreaks: [
      { minQuantity: 40, price: 22.5 },
      { minQuantity: 100, price: 19.99 },
    ],
  };

  it('sets the pack size and quantity breaks, and an edit without them keeps them', async () => {
    const created = await post({ ...valid, sku: 'CBP-PACK', ...terms });
    expect(created.statusCode).toBe(201);
    const { insertedId } = created.json<{ insertedId: string }>();
    const read = async () => (await t.app.inject({ url: `/api/parts/${insertedId}` })).json<object>();
    expect(await read()).toMatchObject(terms);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/parts/${insertedId}`,
      headers: admin.headers,
      payload: { ...valid, name: 'Renamed Pads' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await read()).toMatchObject({ name: 'Renamed Pads', ...terms });
    const flat = await t.app.inject({
      method: 'PUT',
      url: `/api/parts/${insertedId}`,
      headers: admin.headers,
      payload: { ...valid, packSize: 1, priceBreaks: [] },
    });
    expect(flat.statusCode).toBe(200);
    expect(await read()).toMatchObject({ packSize: 1, priceBreaks: [] });
  });

  it('refuses breaks out of order, at or above the price, and a pack size below 1, changing nothing', async () => {
    const before = await partCount();
    const refusals: [object, string][] = [
      [
        { priceBreaks: [...terms.priceBreaks].reverse() },
        'Quantity break thresholds must be whole numbers in ascending order, above 1',
      ],
      [
        { priceBreaks: [{ minQuantity: 40, price: 24.99 }] },
        'Quantity break prices must go down as quantities go up, below the base price',
      ],
      [{ packSize: 0 }, 'Pack size must be at least 1'],
    ];
    for (const [change, message] of refusals) {
      const response = await post({ ...valid, ...change });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    expect(await partCount()).toBe(before);
  });
});

describe('weightKg in POST and PUT /api/parts (docs/requirements.md §16)', () => {
  it('stores the weight in kilograms, 1 kg when a new part has none, and an edit without it keeps it', async () => {
    const created = await post({ ...valid, sku: 'CBP-KG', weightKg: 1.275 });
    expect(created.statusCode).toBe(201);
    const { insertedId } = created.json<{ insertedId: string }>();
    const read = async () =>
      (await t.app.inject({ url: `/api/parts/${insertedId}` })).json<{ weightKg: number }>();
    expect((await read()).weightKg).toBe(1.275);
    const edit = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/parts/${insertedId}`, headers: admin.headers, payload });
    expect((await edit({ ...valid, name: 'Renamed Pads' })).statusCode).toBe(200);
    expect((await read()).weightKg).toBe(1.275);
    expect((await edit({ ...valid, weightKg: 18 })).statusCode).toBe(200);
    expect((await read()).weightKg).toBe(18);

    const bare = await post({ ...valid, sku: 'CBP-NO-KG' });
    const bareId = bare.json<{ insertedId: string }>().insertedId;
    expect((await t.app.inject({ url: `/api/parts/${bareId}` })).json()).toMatchObject({ weightKg: 1 });
  });

  it('refuses a weight of 0, below 0 or with more than 3 decimals, with the field named', async () => {
    const before = await partCount();
    for (const [weightKg, message] of [
      [0, 'Weight (kg) must be more than 0'],
      [-2, 'Weight (kg) must be more than 0'],
      [1.2345, 'Weight (kg) can have at most 3 decimals'],
    ] as const) {
      const response = await post({ ...valid, weightKg });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: { weightKg: message } });
    }
    expect(await partCount()).toBe(before);
  });
});

describe('coreCharge in POST and PUT /api/parts (docs/requirements.md §17 "Core charges")', () => {
  it('stores the core deposit in dollars, none when a new part has none, and an edit without it keeps it', async () => {
    const created = await post({ ...valid, sku: 'CBP-CORE', coreCharge: 45.5 });
    expect(created.statusCode).toBe(201);
    const { insertedId } = created.json<{ insertedId: string }>();
    const read = async () =>
      (await t.app.inject({ url: `/api/parts/${insertedId}` })).json<{ coreCharge: number }>();
    expect((await read()).coreCharge).toBe(45.5);
    const edit = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/parts/${insertedId}`, headers: admin.headers, payload });
    expect((await edit({ ...valid, name: 'Renamed Core Part' })).statusCode).toBe(200);
    expect((await read()).coreCharge).toBe(45.5);
    expect((await edit({ ...valid, coreCharge: 0 })).statusCode).toBe(200);
    expect((await read()).coreCharge).toBe(0);

    const bare = await post({ ...valid, sku: 'CBP-NO-CORE' });
    const bareId = bare.json<{ insertedId: string }>().insertedId;
    expect((await t.app.inject({ url: `/api/parts/${bareId}` })).json()).toMatchObject({ coreCharge: 0 });
  });

  it('refuses a negative core charge or one with more than 2 decimals, with the field named', async () => {
    const before = await partCount();
    for (const [coreCharge, message] of [
      [-1, 'Core charge cannot be negative'],
      [12.345, 'Core charge can have at most two decimals'],
    ] as const) {
      const response = await post({ ...valid, coreCharge });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: { coreCharge: message } });
    }
    expect(await partCount()).toBe(before);
  });
});

describe('PUT /api/parts/:id', () => {
  it('edits a part (public reads see it at once) and keeps the SKU when none is sent', async () => {
    const id = await insertPart(t.database.db, { name: 'Old Name' });
    await t.app.inject({ url: `/api/parts/${id}` });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/parts/${id}`,
      headers: admin.headers,
      payload: { ...valid, name: 'New Name', price: 31.5 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    const part = (await t.app.inject({ url: `/api/parts/${id}` })).json<{
      name: string;
      price: number;
      sku: string;
    }>();
    expect(part).toMatchObject({ name: 'New Name', price: 31.5, sku: expect.stringMatching(/^T-/) });
  });

  it('tells the cache of a restock as a stock change, and of a new price as a catalogue change', async () => {
    const id = await insertPart(t.database.db, { name: 'Restocked Rotor' });
    const saved = { ...valid, name: 'Restocked Rotor', price: 40 };
    /** What the cache was told while `payload` is saved (notices from other writes may add 'catalogue'). */
    const invalidationsOf = async (payload: object) => {
      const stock = vi.spyOn(t.app.catalog, 'stockChanged');
      const catalogue = vi.spyOn(t.app.catalog, 'catalogueChanged');
      try {
        const response = await t.app.inject({
          method: 'PUT',
          url: `/api/parts/${id}`,
          headers: admin.headers,
          payload,
        });
        expect(response.statusCode).toBe(200);
        return [
          ...stock.mock.calls.map(([partId]) => ({ stockOf: partId })),
          ...catalogue.mock.calls.map(() => 'catalogue' as const),
        ];
      } finally {
        stock.mockRestore();
        catalogue.mockRestore();
      }
    };
    await invalidationsOf(saved);
    const search = () => t.app.inject({ url: '/api/parts?q=restocked' });
    expect((await search()).json()).toEqual([
      expect.objectContaining({ _id: id, available: valid.available }),
    ]);

    // Only the service says 'stock'; the change listener only ever says 'catalogue'.
    const restock = await invalidationsOf({ ...saved, available: 999, minqty: 9 });
    expect(restock.filter((change) => change !== 'catalogue')).toEqual([{ stockOf: id }]);
    expect((await search()).json()).toEqual([
      expect.objectContaining({ _id: id, available: 999, minqty: 9 }),
    ]);

    const repriced = await invalidationsOf({ ...saved, available: 999, minqty: 9, price: 41 });
    expect(repriced).toContain('catalogue');
    expect(repriced.filter((change) => change !== 'catalogue')).toEqual([]);
    expect((await search()).json()).toEqual([expect.objectContaining({ _id: id, price: 41 })]);
  });

  it('answers 404 for an unknown part, 409 for a taken SKU and 400 for bad input, changing nothing', async () => {
    const id = await insertPart(t.database.db, { name: 'Keep Me' });
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/parts/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
      payload: valid,
    });
    expect(unknown.statusCode).toBe(404);
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/api/parts/${id}`,
      headers: admin.headers,
      payload: { ...valid, sku: 'TP-0002' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'SKU_TAKEN',
      errors: { sku: 'Another part already has this SKU' },
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/parts/${id}`,
      headers: admin.headers,
      payload: { ...valid, minqty: -3 },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/parts/${id}` })).json()).toMatchObject({
      name: 'Keep Me',
      price: 12.5,
    });
  });
});

describe('PUT /api/parts/:id while the stock moves (docs/requirements.md §13 "Stock history")', () => {
  /** The Edit Product form of a part opened at `opened` units in stock, as the form sends it. */
  const formOf = (name: string, opened: number) => ({
    ...valid,
    name,
    minqty: 2,
    available: opened,
    expectedAvailable: opened,
  });
  const save = (id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/parts/${id}`, headers: admin.headers, payload });
  const movements = (id: string) =>
    t.database.db
      .select({
        change: stockMovements.change,
        levelAfter: stockMovements.levelAfter,
        reason: stockMovements.reason,
      })
      .from(stockMovements)
      .where(eq(stockMovements.partId, id))
      .orderBy(asc(stockMovements.id));

  it('keeps the stock an order took while the form was open when the quantity field is untouched', async () => {
    const id = await insertPart(t.database.db, { name: 'Open Form Pads', available: 40, minqty: 2 });
    const form = formOf('Open Form Pads', 40);
    await placeOrderFor(t.app, customer, id, 6);
    const saved = await save(id, { ...form, minqty: 4 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ url: `/api/parts/${id}` })).json()).toMatchObject({
      available: 34,
      minqty: 4,
    });
    expect(await movements(id)).toEqual([{ change: -6, levelAfter: 34, reason: 'order_placed' }]);
  });

  it('answers 409 STOCK_CHANGED with the stock now when the field was changed and the stock moved; nothing saved', async () => {
    const id = await insertPart(t.database.db, { name: 'Stale Form Rotor', available: 40, minqty: 2 });
    const form = formOf('Stale Form Rotor', 40);
    await placeOrderFor(t.app, customer, id, 6);
    const refused = await save(id, { ...form, name: 'Renamed Rotor', available: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'The stock changed while you were editing: 34 in stock now. Nothing was saved.',
      code: 'STOCK_CHANGED',
      available: 34,
    });
    expect((await t.app.inject({ url: `/api/parts/${id}` })).json()).toMatchObject({
      name: 'Stale Form Rotor',
      available: 34,
    });
    // The admin reloads the current stock and saves again: now it is set, as the admin's adjustment.
    const again = await save(id, { ...form, name: 'Renamed Rotor', available: 100, expectedAvailable: 34 });
    expect(again.statusCode, again.body).toBe(200);
    expect((await t.app.inject({ url: `/api/parts/${id}` })).json()).toMatchObject({
      name: 'Renamed Rotor',
      available: 100,
    });
    expect(await movements(id)).toEqual([
      { change: -6, levelAfter: 34, reason: 'order_placed' },
      { change: 66, levelAfter: 100, reason: 'admin_adjustment' },
    ]);
  });

  it('sets the stock without expectedAvailable as given (an API client of the first version)', async () => {
    const id = await insertPart(t.database.db, { name: 'Plain Client Filter', available: 40, minqty: 2 });
    await placeOrderFor(t.app, customer, id, 6);
    const { expectedAvailable: _opened, ...plain } = formOf('Plain Client Filter', 40);
    expect((await save(id, plain)).statusCode).toBe(200);
    expect(await movements(id)).toEqual([
      { change: -6, levelAfter: 34, reason: 'order_placed' },
      { change: 6, levelAfter: 40, reason: 'admin_adjustment' },
    ]);
  });
});

describe('DELETE /api/parts/:id', () => {
  it('deletes a part; its orders keep the product name and price; a second delete counts 0', async () => {
    const id = await insertPart(t.database.db, { name: 'Gone Part', priceCents: 700 });
    const orderId = await placeOrderFor(t.app, customer, id, 2);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/parts/${id}`,
      headers: admin.headers,
    });
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect((await t.app.inject({ url: `/api/parts/${id}` })).statusCode).toBe(404);
    const order = await t.app.inject({ url: `/api/order/${orderId}`, headers: customer.headers });
    expect(order.json()).toMatchObject({
      productId: null,
      productName: 'Gone Part',
      price: 7,
      lines: [{ partId: null, name: 'Gone Part', unitPrice: 7, quantity: 2 }],
    });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/parts/${id}`, headers: admin.headers });
    expect(again.json()).toEqual({ deletedCount: 0 });
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/api/parts/nope',
      headers: admin.headers,
    });
    expect(malformed.json()).toEqual({ deletedCount: 0 });
  });
});
