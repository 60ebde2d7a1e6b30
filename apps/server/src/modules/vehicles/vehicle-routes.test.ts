/**
 * VIN decoding as a client sees it (docs/requirements.md §12): a real VIN decoded offline from the vPIC data, each
 * malformed VIN refused with the rule it breaks, an undecodable one 404, and decodes limited per client.
 */
import { vinCheckDigit } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { VIN_DECODES_PER_MINUTE } from './vehicle-routes.js';
import { seedVehicles } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const decode = (vin: string, remoteAddress = '10.1.0.1') =>
  t.app.inject({ url: `/api/vehicles/vin/${encodeURIComponent(vin)}`, remoteAddress });

/** `vin` with its check digit (position 9) set right. */
function withCheckDigit(vin: string): string {
  return vin.slice(0, 8) + vinCheckDigit(vin) + vin.slice(9);
}

describe('GET /api/vehicles/vin/:vin', () => {
  it('decodes a VIN offline to its year, make, model and engine', async () => {
    const response = await decode('1hgcm82633a004352');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      vin: '1HGCM82633A004352',
      year: 2003,
      make: 'Honda',
      model: 'Accord',
      engine: '6-cyl (J30A4)',
      // This test's vehicle list is empty: the answer says the vehicle is not in it.
      listed: null,
      notice: 'We list no parts for a 2003 Honda Accord yet.',
    });
    const camry = await decode(withCheckDigit('4T1B11HK0KU123456'));
    expect(camry.json()).toMatchObject({
      year: 2019,
      make: 'Toyota',
      model: 'Camry',
      engine: '2.5L 4-cyl (A25A-FKS)',
    });
  }, 30_000);

  it('matches the decoded vehicle in the vehicle list, and says when the list lacks its engine', async () => {
    await seedVehicles(t.database.db);
    const camry = await decode(withCheckDigit('4T1B11HK0KU123456'));
    expect(camry.json()).toMatchObject({
      engine: '2.5L 4-cyl (A25A-FKS)',
      listed: {
        make: { slug: 'toyota', name: 'Toyota' },
        model: { slug: 'camry', name: 'Camry' },
        engine: '2.5L 4-cyl',
      },
    });
    expect(camry.json()).not.toHaveProperty('notice');
    // vPIC gives this Accord's engine without its displacement: no label of the list is it.
    const accord = await decode('1HGCM82633A004352');
    expect(accord.json()).toMatchObject({
      engine: '6-cyl (J30A4)',
      listed: { make: { slug: 'honda' }, model: { slug: 'accord' }, engine: null },
      notice:
        "The VIN's engine, 6-cyl (J30A4), is not in our engine list: Any engine is chosen; pick yours if it is listed.",
    });
  }, 60_000);

  it('refuses a malformed VIN with the rule it breaks', async () => {
    const cases: [string, string][] = [
      ['1HGCM82633A00435', 'A VIN has 17 characters'],
      ['1HGCM82633AO04352', 'A VIN never contains the letters I, O or Q'],
      ['1HGCM82643A004352', 'This VIN is mistyped: its check digit does not match'],
    ];
    for (const [vin, message] of cases) {
      const response = await decode(vin);
      expect({ vin, status: response.statusCode }).toEqual({ vin, status: 400 });
      expect(response.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
    }
  });

  it('answers 404 for a well-formed VIN the data cannot tell', async () => {
    const response = await decode(withCheckDigit('ZZZ99999099999999'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'This VIN could not be decoded', code: 'NOT_FOUND' });
  }, 30_000);

  it(`limits each client to ${VIN_DECODES_PER_MINUTE} decodes a minute`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= VIN_DECODES_PER_MINUTE; i += 1)
      statuses.push((await decode('1HGCM82633A00435', '10.9.9.9')).statusCode);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await decode('1HGCM82633A00435', '10.9.9.10')).statusCode).toBe(400);
  });
});
