import * as contract from '@partsforge/shared/fitment';
import { describe, expect, it } from 'vitest';
import { GARAGE_MAX_VEHICLES, sameVehicle, vehicleLabel } from './vehicle-rules';
import { camryFixture } from '@/testing/api-fixtures';

const camry = { ...camryFixture, engine: null };
const vehicles = [
  camry,
  { ...camry, engine: '2.5L 4-cyl' },
  { ...camry, make: 'TOYOTA' },
  { ...camry, year: 2020 },
  { ...camry, model: 'corolla', modelName: 'Corolla', engine: '' },
];

describe('the garage rules repeated from the contract (packages/shared fitment)', () => {
  it('agree with the contract', () => {
    expect(GARAGE_MAX_VEHICLES).toBe(contract.GARAGE_MAX_VEHICLES);
    for (const a of vehicles) {
      for (const withEngine of [false, true])
        expect(vehicleLabel(a, { withEngine })).toBe(contract.vehicleLabel(a, { withEngine }));
      for (const b of vehicles) expect(sameVehicle(a, b)).toBe(contract.sameVehicle(a, b));
    }
  });
});
