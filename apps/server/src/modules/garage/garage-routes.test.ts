/**
 * My Garage as a client sees it (docs/requirements.md §12 "My Garage"): signed-in customers only, a garage of its
 * own per customer, the names and labels of saved vehicles from the vehicle list (loaded from the vPIC data as the
 * shop loads it), the active vehicle, every refusal of PUT (an 11th vehicle, a vehicle twice, a vehicle or engine
 * not in the list) changing nothing, and the merge of a visitor's garage at sign-in. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import type { Garage, GarageInput, VehicleChoice } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { seedVehicles } from '../vehicles/index.js';

type Vehicle = GarageInput['vehicles'][number];

let t: TestApp;
/** Twelve 2019 Toyota models of the vehicle list, with their names (enough to fill a garage and go past it). */
let toyotas: (Vehicle & { modelName: string })[];

beforeAll(async () => {
  t = await buildTestApp({ config: { writeLimits: false } });
  await seedVehicles(t.database.db);
  const models = (await t.app.inject({ url: '/api/vehicles/models?year=2019&make=toyota' })).json<
    VehicleChoice[]
  >();
  toyotas = models.slice(0, 12).map((model) => ({
    year: 2019,
    make: 'toyota',
    model: model.slug,
    modelName: model.name,
  }));
  expect(toyotas).toHaveLength(12);
}, 60_000);
afterAll(() => t.close());

const camry = { year: 2019, make: 'toyota', model: 'camry', engine: '2.5L 4-cyl' } as const;
const camryV6 = { ...camry, engine: '3.5L 6-cyl' } as const;
const civic = { year: 2008, make: 'honda', model: 'civic', engine: '1.8L' } as const;
const f150 = { year: 2019, make: 'ford', model: 'f-150' } as const;

const customer = (name = 'ann') =>
  signUpAndGetToken(t.app, { email: uniqueEmail(name), name: 'Garage Buyer' });
const call = (method: 'GET' | 'PUT' | 'POST', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload ? { payload } : {}) });
const garageOf = async (user: TestUser) => {
  const response = await call('GET', '/api/garage', user);
  expect(response.statusCode).toBe(200);
  return response.json<Garage>();
};
const put = (user: TestUser, vehicles: readonly Vehicle[], active: number | null = null) =>
  call('PUT', '/api/garage', user, { vehicles, active });
const saved = async (user: TestUser, vehicles: readonly Vehicle[], active: number | null = null) => {
  const response = await put(user, vehicles, active);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Garage>();
};
const merge = async (user: TestUser, vehicles: readonly Vehicle[], active: number | null = null) => {
  const response = await call('POST', '/api/garage/merge', user, { vehicles, active });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Garage>();
};
/** The vehicles of a garage as keys (what a client would send back). */
const keysOf = (garage: Garage) =>
  garage.vehicles.map(({ year, make, model, engine }) => ({ year, make, model, engine }));
const key = (vehicle: Vehicle) => ({ engine: null, ...vehicle });
/** Expects a 400 VALIDATION_FAILED whose message contains `message`. */
const expectRefused = (response: Awaited<ReturnType<typeof call>>, message: string) => {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ message: string; code: string }>();
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.message).toContain(message);
};

describe('access', () => {
  it('answers 401 to callers who are not signed in, and changes nothing', async () => {
    const body = { vehicles: [camry], active: 0 };
    for (const [method, url] of [
      ['GET', '/api/garage'],
      ['PUT', '/api/garage'],
      ['POST', '/api/garage/merge'],
    ] as const) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
        const response = await t.app.inject({
          method,
          url,
          headers,
          ...(method === 'GET' ? {} : { payload: body }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
      }
    }
  });

  it("keeps each customer's garage their own", async () => {
    const [ann, bob] = await Promise.all([customer('ann'), customer('bob')]);
    await saved(ann, [camry, civic], 1);
    expect(await garageOf(bob)).toEqual({ vehicles: [], active: null });
    await saved(bob, [f150], 0);
    await merge(bob, [civic]);
    expect(keysOf(await garageOf(ann))).toEqual([camry, civic]);
    expect((await garageOf(ann)).active).toBe(1);
    expect(keysOf(await garageOf(bob))).toEqual([key(f150), civic]);
  });
});

describe('GET and PUT /api/garage', () => {
  it('starts empty', async () => {
    expect(await garageOf(await customer())).toEqual({ vehicles: [], active: null });
  });

  it('saves the vehicles in order and reads them back with names, labels and the active one', async () => {
    const ann = await customer();
    const answer = await saved(ann, [{ ...camry, make: 'Toyota', model: ' CAMRY ' }, civic, f150], 2);
    const expected: Garage = {
      vehicles: [
        {
          year: 2019,
          make: 'toyota',
          makeName: 'Toyota',
          model: 'camry',
          modelName: 'Camry',
          engine: '2.5L 4-cyl',
          label: '2019 Toyota Camry 2.5L 4-cyl',
        },
        {
          year: 2008,
          make: 'honda',
          makeName: 'Honda',
          model: 'civic',
          modelName: 'Civic',
          engine: '1.8L',
          label: '2008 Honda Civic 1.8L',
        },
        {
          year: 2019,
          make: 'ford',
          makeName: 'Ford',
          model: 'f-150',
          modelName: 'F-150',
          engine: null,
          label: '2019 Ford F-150',
        },
      ],
      active: 2,
    };
    expect(answer).toEqual(expected);
    expect(await garageOf(ann)).toEqual(expected);

    // Replacing the garage: another order, another active vehicle, then none; an engine of '' or null is no engine.
    expect(await saved(ann, [f150, { ...camry, engine: '' }], 0)).toMatchObject({
      vehicles: [{ label: '2019 Ford F-150' }, { engine: null, label: '2019 Toyota Camry' }],
      active: 0,
    });
    expect(keysOf(await saved(ann, [civic, f150], null))).toEqual([civic, key(f150)]);
    expect((await garageOf(ann)).active).toBeNull();
    expect(await saved(ann, [])).toEqual({ vehicles: [], active: null });
    expect(await garageOf(ann)).toEqual({ vehicles: [], active: null });
  });

  it('keeps the same model with two engines, or with and without one, as different vehicles', async () => {
    const ann = await customer();
    const garage = await saved(ann, [camry, camryV6, { ...camry, engine: null }], 1);
    expect(garage.vehicles.map((vehicle) => vehicle.label)).toEqual([
      '2019 Toyota Camry 2.5L 4-cyl',
      '2019 Toyota Camry 3.5L 6-cyl',
      '2019 Toyota Camry',
    ]);
    expect(garage.active).toBe(1);
  });

  it('refuses an 11th vehicle and changes nothing', async () => {
    const ann = await customer();
    const before = await saved(ann, [camry, civic], 1);
    expectRefused(await put(ann, toyotas.slice(0, 11), 0), 'My Garage keeps at most 10 vehicles');
    expect(await garageOf(ann)).toEqual(before);
    expect((await saved(ann, toyotas.slice(0, 10), 9)).vehicles.map((vehicle) => vehicle.modelName)).toEqual(
      toyotas.slice(0, 10).map((vehicle) => vehicle.modelName),
    );
  });

  it('refuses a vehicle twice and changes nothing', async () => {
    const ann = await customer();
    const before = await saved(ann, [civic], 0);
    expectRefused(
      await put(ann, [camry, f150, { ...camry, make: 'TOYOTA' }]),
      'Vehicle 3 (2019 toyota camry)',
    );
    expectRefused(await put(ann, [f150, { ...f150, engine: null }]), 'is the same as vehicle 1');
    expect(await garageOf(ann)).toEqual(before);
  });

  it('refuses a vehicle that is not in the vehicle list, naming it, and changes nothing', async () => {
    const ann = await customer();
    const before = await saved(ann, [civic], 0);
    const response = await put(ann, [camry, civic, { year: 2019, make: 'toyota', model: 'nocar' }]);
    expectRefused(response, 'Vehicle 3 (2019 toyota nocar) is not in the vehicle list');
    expect(response.json()).toMatchObject({ errors: { 'vehicles.2': expect.any(String) } });
    // A real model in a year it was not made, and a make that does not exist.
    expectRefused(await put(ann, [{ ...civic, year: 1990, model: 'f-150' }]), 'Vehicle 1 (1990 honda f-150)');
    expectRefused(await put(ann, [{ ...f150, make: 'nomake' }]), 'Vehicle 1 (2019 nomake f-150)');
    expect(await garageOf(ann)).toEqual(before);
  });

  it("refuses an engine that is not one of the model year's, and changes nothing", async () => {
    const ann = await customer();
    const before = await saved(ann, [civic], 0);
    expectRefused(
      await put(ann, [f150, { ...camry, engine: '9.9L 12-cyl' }]),
      'Vehicle 2 (2019 toyota camry) has no engine "9.9L 12-cyl"',
    );
    // Civic's engine on a Camry.
    expectRefused(await put(ann, [{ ...camry, engine: civic.engine }]), 'Vehicle 1 (2019 toyota camry)');
    expect(await garageOf(ann)).toEqual(before);
  });

  it('refuses an active index that is not one of the vehicles, and other malformed bodies', async () => {
    const ann = await customer();
    const before = await saved(ann, [civic], 0);
    expect((await put(ann, [camry], 1)).statusCode).toBe(400);
    expect((await put(ann, [camry], -1)).statusCode).toBe(400);
    expect((await put(ann, [{ ...camry, year: 1989 }])).statusCode).toBe(400);
    expect((await put(ann, [{ ...camry, make: '' }])).statusCode).toBe(400);
    // Control characters and other non-slug text never reach the database.
    expect((await put(ann, [{ ...camry, make: 'toy\u0000ota' }])).statusCode).toBe(400);
    expect((await put(ann, [{ ...camry, model: "cam'ry" }])).statusCode).toBe(400);
    expect((await put(ann, [{ ...camry, engine: '2.5L\u0000' }])).statusCode).toBe(400);
    expect((await call('PUT', '/api/garage', ann, { vehicles: 'camry' })).statusCode).toBe(400);
    expect(await garageOf(ann)).toEqual(before);
  });
});

describe('POST /api/garage/merge', () => {
  it("keeps the saved vehicles first, then adds the visitor's new ones in order, each vehicle once", async () => {
    const ann = await customer();
    await saved(ann, [camry, civic], 0);
    const merged = await merge(ann, [f150, { ...civic, make: 'HONDA' }, camryV6, f150], null);
    expect(keysOf(merged)).toEqual([camry, civic, key(f150), camryV6]);
    expect(merged.active).toBe(0);
    expect(merged.vehicles.map((vehicle) => vehicle.label)).toEqual([
      '2019 Toyota Camry 2.5L 4-cyl',
      '2008 Honda Civic 1.8L',
      '2019 Ford F-150',
      '2019 Toyota Camry 3.5L 6-cyl',
    ]);
    expect(await garageOf(ann)).toEqual(merged);
    // Merging the same browser garage again changes nothing.
    expect(await merge(ann, [f150, civic, camryV6, f150], null)).toEqual(merged);
  });

  it("makes the visitor's active vehicle active, whether new or already saved; otherwise the saved one stays", async () => {
    const ann = await customer();
    await saved(ann, [camry, civic], 1);
    expect((await merge(ann, [f150], 0)).active).toBe(2);
    expect((await merge(ann, [camryV6, camry], 1)).active).toBe(0);
    const unchanged = await merge(ann, [camryV6], null);
    expect(unchanged.active).toBe(0);
    expect(keysOf(unchanged)).toEqual([camry, civic, key(f150), camryV6]);

    const bob = await customer('bob');
    expect(await merge(bob, [civic, f150], 1)).toMatchObject({
      vehicles: [{ label: '2008 Honda Civic 1.8L' }, { label: '2019 Ford F-150' }],
      active: 1,
    });
    expect(await merge(await customer('cy'), [], null)).toEqual({ vehicles: [], active: null });
  });

  it('leaves out the vehicles beyond 10', async () => {
    const ann = await customer();
    await saved(ann, toyotas.slice(0, 8), 3);
    const merged = await merge(ann, [toyotas[0]!, camry, civic, f150, toyotas[11]!], 2);
    expect(merged.vehicles).toHaveLength(10);
    expect(keysOf(merged)).toEqual([
      ...toyotas.slice(0, 8).map(({ modelName: _, ...vehicle }) => key(vehicle)),
      camry,
      civic,
    ]);
    expect(merged.active).toBe(9);
    // A visitor's active vehicle that did not fit leaves the saved active one.
    expect((await merge(ann, [f150], 0)).active).toBe(9);
    expect(await garageOf(ann)).toEqual(merged);
  });

  it("drops the visitor's vehicles that are not in the vehicle list instead of refusing them", async () => {
    const ann = await customer();
    await saved(ann, [civic], 0);
    const merged = await merge(
      ann,
      [
        { year: 2019, make: 'toyota', model: 'nocar' },
        { ...camry, engine: '9.9L 12-cyl' },
        f150,
        { year: 2019, make: 'nomake', model: 'camry' },
      ],
      1,
    );
    expect(keysOf(merged)).toEqual([civic, key(f150)]);
    // The visitor's active vehicle was dropped: the saved active one stays.
    expect(merged.active).toBe(0);
    expect(await garageOf(ann)).toEqual(merged);
  });

  it('loses no vehicle when two merges of one customer run at once', async () => {
    const ann = await customer();
    await saved(ann, [civic], 0);
    await Promise.all([merge(ann, [camry]), merge(ann, [f150]), merge(ann, [camryV6])]);
    const garage = await garageOf(ann);
    expect(garage.vehicles).toHaveLength(4);
    expect(keysOf(garage)).toEqual(expect.arrayContaining([civic, camry, key(f150), camryV6]));
    expect(keysOf(garage)[0]).toEqual(civic);
  });
});
