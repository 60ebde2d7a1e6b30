/**
 * The vehicle selector's lists as a client sees them (docs/requirements.md §12), on vehicles loaded from the vPIC
 * data as the shop loads them: years 2026 to 1990, each list narrowing the next, the demo vehicles present
 * (2019 Toyota Camry, 2008 Honda Civic, 2019 Ford F-150), and bad parameters refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { seedVehicles } from './vehicle-catalog.js';

let t: TestApp;
let loaded: number;
beforeAll(async () => {
  t = await buildTestApp();
  loaded = await seedVehicles(t.database.db);
}, 60_000);
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await t.app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.json<unknown>();
};

describe('the vehicle selector', () => {
  it('loads at least 5,000 vehicles once, covering every make of the catalogue', async () => {
    expect(loaded).toBeGreaterThanOrEqual(5_000);
    expect(await seedVehicles(t.database.db)).toBe(0);
    const makes = (await get('/api/vehicles/makes?year=2019')) as { slug: string; name: string }[];
    for (const name of [
      'Toyota',
      'Ford',
      'Chevrolet',
      'Honda',
      'Nissan',
      'Hyundai',
      'Kia',
      'Subaru',
      'Volkswagen',
      'BMW',
      'Mercedes-Benz',
      'Audi',
      'Mazda',
      'Jeep',
      'Ram',
      'GMC',
    ])
      expect(makes.map((make) => make.name)).toContain(name);
    expect(makes).toContainEqual({ slug: 'mercedes-benz', name: 'Mercedes-Benz' });
  });

  it('lists years newest first, then makes, models and engines, each narrowing the next', async () => {
    const years = (await get('/api/vehicles/years')) as number[];
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1990);
    expect(years).toEqual([...years].sort((a, b) => b - a));

    const models = (await get('/api/vehicles/models?year=2019&make=toyota')) as {
      slug: string;
      name: string;
    }[];
    expect(models).toContainEqual({ slug: 'camry', name: 'Camry' });
    expect(models.map((model) => model.name)).toEqual([...models.map((model) => model.name)].sort());
    const engines = (await get('/api/vehicles/engines?year=2019&make=toyota&model=camry')) as {
      id: number;
      name: string;
    }[];
    expect(engines.map((engine) => engine.name)).toContain('2.5L 4-cyl');
    expect(engines.every((engine) => Number.isInteger(engine.id))).toBe(true);

    expect(await get('/api/vehicles/models?year=2008&make=honda')).toContainEqual({
      slug: 'civic',
      name: 'Civic',
    });
    expect(await get('/api/vehicles/models?year=2019&make=FORD')).toContainEqual({
      slug: 'f-150',
      name: 'F-150',
    });
    expect(await get('/api/vehicles/models?year=2019&make=no-such-make')).toEqual([]);
  });

  it('refuses a missing or malformed year, make or model', async () => {
    for (const url of [
      '/api/vehicles/makes',
      '/api/vehicles/makes?year=nineteen',
      '/api/vehicles/models?year=2019',
      '/api/vehicles/engines?year=2019&make=toyota',
      `/api/vehicles/engines?year=2019&make=toyota&model=${'x'.repeat(65)}`,
    ]) {
      const response = await t.app.inject({ url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });
});
